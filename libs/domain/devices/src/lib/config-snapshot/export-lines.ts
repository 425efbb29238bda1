import { isSecretRouterOsProperty, REDACTED_VALUE } from '@routeros-mcp/domain-kernel';

/**
 * `name=value` in an export line (`.name` when RouterOS abbreviates a repeated group), its value bare or
 * double-quoted with backslash escapes; or a quoted string on its own, matched only so that text inside quotes
 * (a comment saying `password=x`) is never read as a property.
 */
const TOKEN = /"(?:[^"\\]|\\.)*"|(^|\s)(\.?[A-Za-z0-9][\w.-]*)=("(?:[^"\\]|\\.)*"|[^\s"]*)/g;

/**
 * One export line with the value of every secret property replaced (the kernel's predicate, the one every tool
 * result uses), so a device that printed a secret, or an adapter that missed one, never puts it in storage.
 * Empty values stay empty: whether a secret is set is worth knowing, its value never is.
 */
export function redactExportLine(line: string): string {
  return line.replace(TOKEN, (whole, lead: string | undefined, name: string | undefined, value: string | undefined) => {
    if (name === undefined || value === '' || value === '""' || !isSecretRouterOsProperty(name)) return whole;
    return `${lead}${name}=${REDACTED_VALUE}`;
  });
}

export function redactExportLines(lines: readonly string[]): string[] {
  return lines.map(redactExportLine);
}

/** True when `section` (`/ip firewall filter`) is `prefix` or one of its sub-menus. */
export function sectionMatches(prefix: string, section: string): boolean {
  const p = prefix.trim().replace(/\s+/g, ' ');
  return section === p || section.startsWith(`${p} `);
}

/**
 * The lines as diffable, self-describing commands: a line under a `/menu` header gets its menu in front
 * (`/ip firewall filter add chain=input …`), as `/export terse` prints it, so every diff line says where it
 * belongs. Lines already carrying their menu stay as they are.
 */
export function qualifiedLines(lines: readonly string[]): { section: string; line: string }[] {
  const out: { section: string; line: string }[] = [];
  let section = '';
  for (const line of lines) {
    if (line.startsWith('/')) {
      // A header alone (`/ip firewall filter`) opens a section; a terse line (`/ip dns set …`) is one.
      const command = /^(\/[^=]*?) (add|set|remove|move|unset|enable|disable)( .*)?$/.exec(line);
      if (!command) {
        section = line.trim();
        continue;
      }
      out.push({ section: command[1], line });
      continue;
    }
    out.push({ section, line: section ? `${section} ${line.trim()}` : line.trim() });
  }
  return out;
}

/** The qualified lines of the sections under `prefix` (all when undefined). */
export function linesOfSection(lines: readonly string[], prefix?: string): string[] {
  return qualifiedLines(lines)
    .filter((l) => prefix === undefined || sectionMatches(prefix, l.section))
    .map((l) => l.line);
}

/** Every section the lines hold, in order, once each. */
export function sectionsOf(lines: readonly string[]): string[] {
  return [...new Set(qualifiedLines(lines).map((l) => l.section).filter(Boolean))];
}
