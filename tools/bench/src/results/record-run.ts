import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import type { BenchRecord } from './bench-record';
import { renderBenchTable, withBenchTable } from './bench-record';

const REPO = join(__dirname, '..', '..', '..', '..');
export const RECORD_FILE = join(REPO, 'tools', 'bench', 'results', 'latest.json');
const README = join(REPO, 'README.md');

const load = () => Math.round(loadavg()[0] * 100) / 100;

/** Collects a run's lines; `save` writes the record and puts its table into the README (`npm run bench:record`). */
export class RunRecorder {
  private readonly record: BenchRecord;

  constructor(parts: string) {
    this.record = { recorded_at: new Date().toISOString(), parts, node: process.version, cpus: cpus().length, load_start: load(), load_end: 0, lines: [] };
  }

  add(line: Record<string, unknown>): void {
    this.record.lines.push(line);
  }

  save(): void {
    this.record.load_end = load();
    mkdirSync(dirname(RECORD_FILE), { recursive: true });
    writeFileSync(RECORD_FILE, JSON.stringify(this.record, null, 2) + '\n');
    writeFileSync(README, withBenchTable(readFileSync(README, 'utf8'), renderBenchTable(this.record)));
    process.stderr.write(`bench: recorded ${this.record.lines.length} line(s) in ${RECORD_FILE} and the README's table\n`);
  }
}
