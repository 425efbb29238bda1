import { redactRouterOsRow } from '@routeros-mcp/domain-kernel';
import { consoleArgs, consoleMenu } from './console-syntax';
import type { RowOperation } from './row-operation';

const join = (...parts: (string | undefined)[]) => parts.filter((p) => p !== undefined && p !== '').join(' ');

/**
 * The console lines of one operation, as `/export` would print them (`/ip dns set servers=1.1.1.1`). Used for the
 * diff a caller reads and, with real ids, for the revert script a device runs. Secret values are written only when
 * `keepSecrets` is set (the revert script), never in a diff.
 */
export function operationLines(op: RowOperation, options: { keepSecrets?: boolean } = {}): string[] {
  const shown = (props: Readonly<Record<string, string>>) => (options.keepSecrets ? props : redactRouterOsRow({ ...props }));
  const menu = consoleMenu(op.menu);
  switch (op.kind) {
    case 'add':
      return [join(menu, 'add', consoleArgs(shown(op.props)), op.placeBefore ? `place-before=${op.placeBefore}` : undefined)];
    case 'set': {
      const lines: string[] = [];
      if (Object.keys(op.props).length > 0) lines.push(join(menu, 'set', op.id, consoleArgs(shown(op.props))));
      for (const name of op.unset ?? []) lines.push(join(menu, 'unset', op.id, `value-name=${name}`));
      return lines;
    }
    case 'remove':
      return [join(menu, 'remove', op.id)];
    case 'move':
      return [join(menu, 'move', op.id, op.destination ? `destination=${op.destination}` : undefined)];
    case 'command':
      return [join(consoleMenu(`${op.menu}/${op.command}`), consoleArgs(shown(op.args ?? {})))];
  }
}

/** The diff of a change: every operation's export-style lines, in write order. */
export function diffLines(operations: readonly RowOperation[]): string[] {
  return operations.flatMap((op) => operationLines(op));
}
