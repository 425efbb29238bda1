import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Preload that collects garbage and reports memory on SIGUSR2 (heap-probe.ts), from dist whether run from src or dist. */
export const HEAP_PROBE_ARGS = ['--expose-gc', '-r', join(__dirname, '..', '..', 'dist', 'heap-probe.js')];

/** RSS growth after warm-up (both after a forced GC) past which a run fails: generous, SQLite's page cache and V8's heap settle in this much. */
export const RSS_GROWTH_BOUND_MB = 96;
/** V8 heap growth after warm-up (after forced GC) past which a run fails: a leak of ~1.5 KB per frame over 10,000 frames. */
export const HEAP_GROWTH_BOUND_MB = 16;

export interface MemoryFigures {
  /** RSS after a forced GC once warm (after the first windows). */
  rss_start_mb: number;
  /** RSS after a forced GC at the end of the run. */
  rss_end_mb: number;
  /** The largest RSS sampled from /proc over the run. */
  rss_max_mb: number;
  heap_start_mb: number;
  heap_end_mb: number;
  samples: number;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The process's resident set from /proc/<pid>/status (kB), or undefined once it is gone. */
export function rssBytes(pid: number): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The server's own memory after a full GC (heap-probe.ts), read through SIGUSR2 and its file. */
export async function memoryAfterGcOf(pid: number, heapFile: string): Promise<NodeJS.MemoryUsage> {
  // The file may be an earlier server's (same data directory): it goes first, and the new one is this reading.
  rmSync(heapFile, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 400; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    try {
      if (existsSync(heapFile)) return JSON.parse(readFileSync(heapFile, 'utf8')) as NodeJS.MemoryUsage;
    } catch {
      // not written yet, or being written
    }
  }
  throw new Error(`process ${pid} did not report its memory within 10 s`);
}

/** Samples a server's RSS every 200 ms, and takes forced-GC readings at warm-up and at the end. */
export class MemoryWatch {
  private max = 0;
  private samples = 0;
  private readonly timer: NodeJS.Timeout;
  private start?: NodeJS.MemoryUsage;

  constructor(private readonly pid: number, private readonly heapFile: string) {
    this.timer = setInterval(() => this.sample(), 200);
    this.timer.unref();
    this.sample();
  }

  private sample(): void {
    const rss = rssBytes(this.pid);
    if (rss === undefined) return;
    this.samples++;
    this.max = Math.max(this.max, rss);
  }

  async warm(): Promise<void> {
    this.start = await memoryAfterGcOf(this.pid, this.heapFile);
  }

  async finish(): Promise<MemoryFigures> {
    clearInterval(this.timer);
    this.sample();
    const end = await memoryAfterGcOf(this.pid, this.heapFile);
    const start = this.start ?? end;
    return { rss_start_mb: mb(start.rss), rss_end_mb: mb(end.rss), rss_max_mb: mb(Math.max(this.max, end.rss)), heap_start_mb: mb(start.heapUsed), heap_end_mb: mb(end.heapUsed), samples: this.samples };
  }
}

/** Breaks of the memory bounds, each named. */
export function memoryViolations(label: string, m: MemoryFigures | undefined): string[] {
  if (!m) return [`${label}: memory not measured`];
  const broken: string[] = [];
  if (m.rss_end_mb - m.rss_start_mb > RSS_GROWTH_BOUND_MB) broken.push(`${label}: RSS grew ${(m.rss_end_mb - m.rss_start_mb).toFixed(1)} MB after warm-up (bound ${RSS_GROWTH_BOUND_MB} MB)`);
  if (m.heap_end_mb - m.heap_start_mb > HEAP_GROWTH_BOUND_MB) broken.push(`${label}: heap grew ${(m.heap_end_mb - m.heap_start_mb).toFixed(1)} MB after warm-up (bound ${HEAP_GROWTH_BOUND_MB} MB)`);
  return broken;
}
