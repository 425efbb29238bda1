import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { CliUsageError } from '../../cli-error';

export const IMPORT_FORMATS = ['csv', 'yaml'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** One device as written in the file: CSV cells are strings; YAML values keep their types. */
export type RawRow = Record<string, unknown>;

export function formatOf(file: string, given?: string): ImportFormat {
  const format = (given ?? { '.csv': 'csv', '.yaml': 'yaml', '.yml': 'yaml' }[extname(file).toLowerCase()])?.toLowerCase();
  if (format === 'yml') return 'yaml';
  if (!(IMPORT_FORMATS as readonly string[]).includes(format ?? '')) {
    throw new CliUsageError(`format: cannot tell the format of ${file}; name it .csv, .yaml or .yml, or pass --format csv|yaml`);
  }
  return format as ImportFormat;
}

/** The rows of an import file: a CSV with a header line, or a YAML list (or `devices:` list) of mappings. */
export function readImportFile(file: string, format: ImportFormat): RawRow[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliUsageError(`file: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let rows: unknown;
  try {
    // Either parser loads only for an import, and only the one its format needs.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    rows = format === 'csv' ? (require('csv-parse/sync') as typeof import('csv-parse/sync')).parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true }) : (require('yaml') as typeof import('yaml')).parse(text);
  } catch (error) {
    throw new CliUsageError(`file: ${file} is not valid ${format.toUpperCase()}: ${(error as Error).message.split('\n')[0]}`);
  }
  if (rows && typeof rows === 'object' && !Array.isArray(rows) && 'devices' in rows) rows = (rows as { devices: unknown }).devices;
  if (!Array.isArray(rows) || rows.length === 0) throw new CliUsageError(`file: ${file} holds no devices (expected ${format === 'csv' ? 'a header line and one line per device' : 'a list of devices, or devices: followed by one'})`);
  rows.forEach((row, i) => {
    if (!row || typeof row !== 'object' || Array.isArray(row)) throw new CliUsageError(`row ${i + 1}: expected a mapping of field names to values`);
  });
  return rows as RawRow[];
}
