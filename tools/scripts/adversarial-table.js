#!/usr/bin/env node
// Prints the standing adversarial suite's table (tools/adversarial): per area, attempts, refused and accepted, then
// every accepted attack by name. Exit 1 when any attack was accepted (its test has already failed too).
// `--markdown` prints the table as Markdown (for a closing note or the README).
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

const dir = join(__dirname, '..', '..', 'tmp', 'adversarial');

/** Every attempt the suite's spec files recorded, or none when the suite did not run. */
function attempts() {
  let files = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files.flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')).attempts);
}

function table(rows, markdown) {
  const byArea = new Map();
  for (const a of rows) {
    const t = byArea.get(a.area) ?? { attempts: 0, refused: 0, accepted: 0 };
    t.attempts++;
    t[a.outcome]++;
    byArea.set(a.area, t);
  }
  const total = { attempts: rows.length, refused: rows.filter((a) => a.outcome === 'refused').length, accepted: rows.filter((a) => a.outcome === 'accepted').length };
  const lines = [...byArea].sort(([a], [b]) => a.localeCompare(b)).map(([area, t]) => [area, t.attempts, t.refused, t.accepted]);
  lines.push(['total', total.attempts, total.refused, total.accepted]);
  const header = ['area', 'attempts', 'refused', 'accepted'];
  if (markdown) return [`| ${header.join(' | ')} |`, '|---|---:|---:|---:|', ...lines.map((l) => `| ${l.join(' | ')} |`)].join('\n');
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => String(l[i]).length)));
  const fmt = (l) => l.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  return [fmt(header), ...lines.map(fmt)].join('\n');
}

if (require.main === module) {
  const rows = attempts();
  if (rows.length === 0) {
    process.stdout.write('\nadversarial suite: no attempts recorded\n');
    process.exit(0);
  }
  process.stdout.write(`\nAdversarial suite\n${table(rows, process.argv.includes('--markdown'))}\n`);
  const accepted = rows.filter((a) => a.outcome === 'accepted');
  for (const a of accepted) process.stdout.write(`ACCEPTED [${a.area}] ${a.attack}: ${a.detail}\n`);
  process.exit(accepted.length > 0 ? 1 : 0);
}

module.exports = { attempts, table, dir };
