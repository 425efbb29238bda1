import { treeRule } from '../model/tree-rules';
import { queueRateValue } from './print-stats';

/** RouterOS's console shows booleans as yes/no (REST says true/false). */
export function consoleValue(value: string): string {
  return value === 'true' ? 'yes' : value === 'false' ? 'no' : value;
}

const ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', $: '\\$', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A value in double quotes with the console's escapes, as `print detail` and `export` write strings. */
export function quoted(value: string): string {
  return `"${value.replace(/["\\$\n\r\t]/g, (c) => ESCAPES[c])}"`;
}

/** A value the console cannot read back bare: empty, or with a blank, a quote, `;`, `=`, `$`, `\` or a control character. */
export function needsQuotes(value: string): boolean {
  return value === '' || /[\s"\\$;=]/.test(value) || [...value].some((c) => c.charCodeAt(0) < 0x20);
}

/**
 * `print detail` quotes the values of string properties (`name="ether1" type="ether"` beside `mtu=1500
 * mac-address=…` in captured RouterOS 7 output) and any value that needs quotes; string properties are the ones
 * the command tree describes as strings, and `name`, `comment` and `type` (read-only on interfaces, so undescribed).
 */
export function detailValue(version: string, menu: string, key: string, value: string): string {
  const shown = consoleValue(queueRateValue(menu, key, value));
  const rule = treeRule(version, menu, 'set', key) ?? treeRule(version, menu, 'add', key);
  return needsQuotes(shown) || rule?.kind === 'string' || ['name', 'comment', 'type'].includes(key) ? quoted(shown) : shown;
}
