import type { MenuOperation } from '@routeros-mcp/domain-changes';
import { InvalidArgumentError } from '@routeros-mcp/domain-kernel';
import { z } from 'zod';
import { RowIdArg } from '../change/write-schemas';

/**
 * A value as a model writes it: text (scripts keep their newlines and tabs), a number or a boolean. No other
 * control character, and no bidirectional override, which could make a diff read otherwise than it writes.
 */
const TextValue = z.string().max(16_384).refine((v) => !/[^\P{Cc}\n\t]|[\u202A-\u202E\u2066-\u2069]/u.test(v), 'no control characters other than newline and tab, no bidirectional overrides');
const Value = z.union([TextValue, z.number(), z.boolean()]);
const Name = z.string().regex(/^[a-z0-9][a-z0-9.-]{0,62}$/, 'a RouterOS argument name');
const Values = z.record(Name, Value).refine((v) => Object.keys(v).length <= 100, 'at most 100 values');

/**
 * One operation, flat (a union of eight shapes would cost the tool list several hundred tokens): `op` says which
 * fields it takes, and `menuOperation` refuses the ones it does not.
 */
export const MenuOperationSchema = z.strictObject({
  op: z.enum(['add', 'set', 'unset', 'remove', 'enable', 'disable', 'move', 'action']),
  id: RowIdArg.optional(),
  where: Values.optional().describe('Rows to act on, {property: value}'),
  expect_count: z.number().int().min(1).max(1000).optional().describe('Rows where matches (default 1)'),
  values: Values.optional(),
  names: z.array(Name).min(1).max(100).optional().describe('unset: properties'),
  before: RowIdArg.optional().describe('add/move: before this id, else last'),
  command: Name.optional().describe('action: its command'),
});

type RawOperation = z.infer<typeof MenuOperationSchema>;

/** RouterOS takes every value as text; booleans as its own words. */
const text = (values: Readonly<Record<string, string | number | boolean>> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => [k, typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v)]));

const FIELDS: Record<RawOperation['op'], readonly (keyof RawOperation)[]> = {
  add: ['values', 'before'],
  set: ['id', 'where', 'expect_count', 'values'],
  unset: ['id', 'where', 'expect_count', 'names'],
  remove: ['id', 'where', 'expect_count'],
  enable: ['id', 'where', 'expect_count'],
  disable: ['id', 'where', 'expect_count'],
  move: ['id', 'before'],
  action: ['command', 'id', 'where', 'expect_count', 'values'],
};
const REQUIRED: Partial<Record<RawOperation['op'], keyof RawOperation>> = { add: 'values', set: 'values', unset: 'names', move: 'id', action: 'command' };

/** The domain's operation for one the caller wrote, refusing fields its `op` does not take. */
export function menuOperation(raw: RawOperation, index: number): MenuOperation {
  const field = `operations[${index}]`;
  const extra = (Object.keys(raw) as (keyof RawOperation)[]).filter((k) => k !== 'op' && raw[k] !== undefined && !FIELDS[raw.op].includes(k));
  if (extra.length > 0) throw new InvalidArgumentError(`${field}.${extra[0]}`, `${raw.op} takes ${FIELDS[raw.op].join(', ')}, not ${extra.join(', ')}`);
  const required = REQUIRED[raw.op];
  if (required && raw[required] === undefined) throw new InvalidArgumentError(`${field}.${required}`, `${raw.op} needs ${required}`);
  if (raw.expect_count !== undefined && raw.where === undefined) throw new InvalidArgumentError(`${field}.expect_count`, 'expect_count counts the rows where matches: name where');
  const selector = { ...(raw.id !== undefined ? { id: raw.id } : {}), ...(raw.where !== undefined ? { where: text(raw.where) } : {}), ...(raw.expect_count !== undefined ? { expect_count: raw.expect_count } : {}) };
  switch (raw.op) {
    case 'add':
      return { op: 'add', values: text(raw.values), ...(raw.before !== undefined ? { place_before: raw.before } : {}) };
    case 'set':
      return { op: 'set', values: text(raw.values), ...selector };
    case 'unset':
      return { op: 'unset', names: raw.names!, ...selector };
    case 'move':
      return { op: 'move', id: raw.id!, ...(raw.before !== undefined ? { before: raw.before } : {}) };
    case 'action':
      return { op: 'action', command: raw.command!, ...(raw.values !== undefined ? { values: text(raw.values) } : {}), ...selector };
    default:
      return { op: raw.op, ...selector };
  }
}

/** An operation given where the schema is not listed (plan_menu_changes): checked by it, refused naming the field. */
export function checkedOperation(raw: unknown, index: number): RawOperation {
  const parsed = MenuOperationSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = [`operations[${index}]`, ...issue.path.map(String)].join('.');
  throw new InvalidArgumentError(where, issue.code === 'unrecognized_keys' ? `takes no ${(issue as { keys: string[] }).keys.join(', ')}` : issue.message);
}
