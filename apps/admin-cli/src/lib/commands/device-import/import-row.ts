import { CAPABILITY_FLAGS, CapabilityFlag, parseTag } from '../../composition';
import type { NewDeviceInput } from '../../composition';
import type { RawRow } from './import-file';

export interface FieldProblem {
  field: string;
  message: string;
}

/** One row of an import, as understood so far, with every problem found in it. */
export interface ImportRow {
  /** 1-based position in the file (CSV: data line, not counting the header). */
  row: number;
  input: NewDeviceInput;
  username?: string;
  passwordEnv?: string;
  problems: FieldProblem[];
}

const TEXT_FIELDS = ['id', 'name', 'host', 'environment', 'tls_fingerprint', 'ssh_host_key', 'username', 'password_env'] as const;
const PORT_FIELDS = ['rest_port', 'ssh_port'] as const;
const BOOLEAN_FIELDS = ['critical', ...CAPABILITY_FLAGS] as const;
export const IMPORT_FIELDS: readonly string[] = [...TEXT_FIELDS, ...PORT_FIELDS, ...BOOLEAN_FIELDS, 'tags'];

const TRUE = /^(true|yes|1)$/i;
const FALSE = /^(false|no|0)$/i;
const blank = (v: unknown) => v === undefined || v === null || v === '';

function text(value: unknown): string | undefined {
  if (blank(value)) return undefined;
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

function bool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && TRUE.test(value.trim())) return true;
  if (typeof value === 'string' && FALSE.test(value.trim())) return false;
  return undefined;
}

/** Tags as `k=v;k2=v2` (CSV) or a mapping (YAML). */
function tags(value: unknown, problems: FieldProblem[]): Record<string, string> | undefined {
  if (blank(value)) return undefined;
  if (typeof value === 'object' && !Array.isArray(value)) return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, String(v)]));
  if (typeof value !== 'string') {
    problems.push({ field: 'tags', message: 'expected k=v;k2=v2 or a mapping' });
    return undefined;
  }
  const result: Record<string, string> = {};
  for (const part of value.split(';').filter((p) => p.trim() !== '')) {
    try {
      const [k, v] = parseTag(part, 'tags');
      result[k] = v;
    } catch (error) {
      problems.push({ field: 'tags', message: (error as Error).message.replace(/^tags: /, '') });
    }
  }
  return result;
}

/** Reads one file row into enrolment input, naming every unknown or ill-typed field. */
export function readRow(raw: RawRow, row: number): ImportRow {
  const problems: FieldProblem[] = [];
  for (const key of Object.keys(raw)) {
    if (key === 'password') problems.push({ field: key, message: 'passwords do not belong in a file; name an environment variable in password_env, or pass one with --password-stdin' });
    else if (!IMPORT_FIELDS.includes(key)) problems.push({ field: key, message: `unknown field; expected one of ${IMPORT_FIELDS.join(', ')}` });
  }
  const str: Partial<Record<(typeof TEXT_FIELDS)[number], string>> = {};
  for (const field of TEXT_FIELDS) {
    const value = text(raw[field]);
    if (value === undefined && !blank(raw[field])) problems.push({ field, message: 'expected text' });
    str[field] = value;
  }
  for (const field of ['id', 'name', 'host', 'environment'] as const) if (str[field] === undefined) problems.push({ field, message: 'is required' });
  const flags: Partial<Record<CapabilityFlag | 'critical', boolean>> = {};
  for (const field of BOOLEAN_FIELDS) {
    if (blank(raw[field])) continue;
    const value = bool(raw[field]);
    if (value === undefined) problems.push({ field, message: `'${String(raw[field])}' is not true or false` });
    else flags[field] = value;
  }
  const { critical, ...capabilities } = flags;
  const port = (field: (typeof PORT_FIELDS)[number]) => (blank(raw[field]) ? undefined : (raw[field] as string | number));
  return {
    row,
    input: {
      id: str.id ?? '',
      name: str.name ?? '',
      host: str.host ?? '',
      restPort: port('rest_port'),
      sshPort: port('ssh_port'),
      environment: str.environment ?? '',
      tags: tags(raw['tags'], problems),
      critical: critical ?? false,
      capabilities,
      tlsFingerprint: str.tls_fingerprint,
      sshHostKey: str.ssh_host_key,
    },
    username: str.username,
    passwordEnv: str.password_env,
    problems,
  };
}
