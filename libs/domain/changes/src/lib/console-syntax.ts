/** Values RouterOS's console takes without quotes (the shared grammar the simulator parses too). */
const BARE = /^[A-Za-z0-9._:/,*+@!-]+$/;

/** A value as the console takes it: bare when it can be, otherwise double-quoted with `\ " $ ?` and newlines escaped. */
export function consoleValue(value: string): string {
  if (BARE.test(value)) return value;
  const escaped = value.replace(/[\\"$?]/g, (c) => `\\${c}`).replace(/\n/g, '\\n');
  return `"${escaped}"`;
}

/** Whether the console grammar can carry the value: control characters other than the newline have no escape. */
export function isConsoleWritable(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if ((code < 0x20 && char !== '\n') || code === 0x7f) return false;
  }
  return true;
}

/** `ip/firewall/filter` → `/ip firewall filter`. */
export function consoleMenu(menu: string): string {
  return `/${menu.split('/').filter(Boolean).join(' ')}`;
}

/** `name=value` pairs in the given order, each value quoted as needed. */
export function consoleArgs(props: Readonly<Record<string, string>>): string {
  return Object.entries(props)
    .map(([key, value]) => `${key}=${consoleValue(value)}`)
    .join(' ');
}
