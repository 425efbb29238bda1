import type { ChangePlanner, MenuOperation, MenuShape } from '@routeros-mcp/domain-changes';
import { menuChangePlanner, normaliseMenuPath } from '@routeros-mcp/domain-changes';
import { InternalError, ValidationError } from '@routeros-mcp/domain-kernel';
import { menuTopic, TOPIC_WRITE_FLAGS } from '@routeros-mcp/domain-safety-rules';
import type { PlanTopic } from './plan-topic';
import { SECRET_KEYS } from './plan-topic';
import { list, onlyKeys, record, text } from './topic-fields';

/**
 * A plan of `menu_change` operations on one menu. Each device is planned from its own version's command tree: the
 * application adds that menu's `shape` to the parsed input before a step runs (plans store the request, not the tree).
 */
export interface MenuPlanInput {
  path: string;
  operations: readonly MenuOperation[];
  shape?: MenuShape;
}

const OPS = ['add', 'set', 'unset', 'remove', 'enable', 'disable', 'move', 'action'] as const;
const FIELDS: Record<(typeof OPS)[number], readonly string[]> = {
  add: ['op', 'values', 'place_before'],
  set: ['op', 'values', 'id', 'where', 'expect_count'],
  unset: ['op', 'names', 'id', 'where', 'expect_count'],
  remove: ['op', 'id', 'where', 'expect_count'],
  enable: ['op', 'id', 'where', 'expect_count'],
  disable: ['op', 'id', 'where', 'expect_count'],
  move: ['op', 'id', 'before'],
  action: ['op', 'command', 'values', 'id', 'where', 'expect_count'],
};
const ID = /^\*[0-9A-Fa-f]{1,8}$/;
const NAME = /^[a-z0-9][a-z0-9.-]{0,62}$/;

function textRecord(value: unknown, field: string): Record<string, string> {
  const r = record(value, field);
  for (const [k, v] of Object.entries(r)) {
    if (!NAME.test(k)) throw ValidationError.single(`${field}.${k}`, 'is not a RouterOS argument name');
    if (typeof v !== 'string') throw ValidationError.single(`${field}.${k}`, 'must be text (RouterOS takes every value as text)');
  }
  return r as Record<string, string>;
}

/** One stored operation, checked as strictly as the tool's schema checks it. */
function operationOf(value: unknown, field: string): MenuOperation {
  const raw = record(value, field);
  const op = raw['op'];
  if (typeof op !== 'string' || !(OPS as readonly string[]).includes(op)) throw ValidationError.single(`${field}.op`, `must be one of ${OPS.join(', ')}`);
  onlyKeys(raw, FIELDS[op as (typeof OPS)[number]], `${field}.`);
  const out: Record<string, unknown> = { op };
  for (const key of ['id', 'place_before', 'before']) if (raw[key] !== undefined) out[key] = text(raw[key], `${field}.${key}`, ID, 'a RouterOS .id such as *1A');
  for (const key of ['values', 'where']) if (raw[key] !== undefined) out[key] = textRecord(raw[key], `${field}.${key}`);
  if (raw['command'] !== undefined) out['command'] = text(raw['command'], `${field}.command`, NAME, 'a command name');
  if (raw['names'] !== undefined) out['names'] = list(raw['names'], `${field}.names`, 100).map((n, i) => text(n, `${field}.names.${i}`, NAME, 'a property name'));
  if (raw['expect_count'] !== undefined) {
    const n = raw['expect_count'];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 1000) throw ValidationError.single(`${field}.expect_count`, 'must be a whole number from 1 to 1000');
    out['expect_count'] = n;
  }
  const needs: Partial<Record<string, string>> = { add: 'values', set: 'values', unset: 'names', move: 'id', action: 'command' };
  const needed = needs[op];
  if (needed && out[needed] === undefined) throw ValidationError.single(`${field}.${needed}`, `${op} needs ${needed}`);
  return out as unknown as MenuOperation;
}

function plannerOf(input: MenuPlanInput): ChangePlanner<{ operations: readonly MenuOperation[]; planApproved: true }> {
  if (!input.shape) throw new InternalError(`the plan step on ${input.path} was not given its device's command tree`);
  return menuChangePlanner(input.shape);
}

export const menuChangesTopic: PlanTopic<MenuPlanInput> = {
  name: 'menu_changes',
  tool: 'menu_change',
  plannedFromTree: true,
  parse(change) {
    onlyKeys(change, ['path', 'operations'], '');
    const path = normaliseMenuPath(text(change['path'], 'path'));
    if (path === undefined || path === '') throw ValidationError.single('path', 'must be a RouterOS menu path such as /ip/firewall/nat');
    const operations = list(change['operations'], 'operations', 50).map((o, i) => operationOf(o, `operations.${i}`));
    if (operations.length === 0) throw ValidationError.single('operations', 'name at least one operation');
    return { path, operations };
  },
  // A script's source (`/system/script`, a scheduler's `on-event`) is lines.
  multilineText: (path) => path.length === 4 && path[0] === 'operations' && path[2] === 'values',
  // A user's password, a WireGuard private key: sealed in the stored plan, never shown.
  secretFields: [`operations.*.values.${SECRET_KEYS}`],
  requiresFlagFor: (input) => TOPIC_WRITE_FLAGS[menuTopic(input.path)],
  describe: (input) => `${input.operations.map((o) => (o.op === 'action' ? o.command : o.op)).join(', ')} on /${input.path}`,
  // A step is a plan step: plan-only commands (a reboot, a script run) may run, with the health gate after them.
  planner: {
    reads: (input) => plannerOf(input).reads({ operations: input.operations, planApproved: true }),
    optionalReads: (input) => plannerOf(input).optionalReads?.({ operations: input.operations, planApproved: true }) ?? [],
    propose: (live, input) => plannerOf(input).propose(live, { operations: input.operations, planApproved: true }),
  },
  // Each step's change was verified by the pipeline (rows re-read, new TLS and SSH connections); an add or a command
  // is not a state a planner can find "already held", so the gate checks reach and health only.
  verify: () => [],
};
