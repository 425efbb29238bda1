import { writeFileSync } from 'node:fs';

/**
 * Preloaded into a measured server (`node --expose-gc -r heap-probe.js …`): on SIGUSR2 it collects garbage and writes
 * the process's own memory figures to BENCH_HEAP_FILE, so a benchmark can read live memory after GC from outside.
 */
const file = process.env['BENCH_HEAP_FILE'];
const gc = (globalThis as { gc?: () => void }).gc;
let sequence = 0;
if (file && gc) {
  process.on('SIGUSR2', () => {
    gc();
    gc();
    writeFileSync(file, JSON.stringify({ sequence: ++sequence, ...process.memoryUsage() }));
  });
}
