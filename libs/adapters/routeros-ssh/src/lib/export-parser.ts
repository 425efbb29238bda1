import type { ConfigExport } from '@routeros-mcp/application-ports';

/**
 * Export properties whose values are secrets (wifi passphrases, PPP/user passwords, IPsec and WireGuard keys…).
 * RouterOS wraps long lines anywhere a value starts or runs past 80 columns (`private-key=\` then the key on the
 * next, indented line; a long quoted value cut inside its quotes), so a value may span continuation lines.
 */
const SECRET_PROPERTY = /((?:^|\s)[\w.-]*(?:password|passphrase|secret|pre-shared-key|private-key|psk|auth-key)[\w.-]*)=(?:\\\n {4})?("(?:[^"\\]|\\[\s\S])*"|(?:\\\n {4}|\S)+)/gi;

/** Replaces every secret value with `***`, in raw text or a joined line. */
export function redactExportSecrets(text: string): string {
  return text.replace(SECRET_PROPERTY, '$1=***');
}

/**
 * Reads `/export` output: CRLF to LF, the header facts kept apart, continuation lines (`\` at the end) joined
 * into one logical command per line, and the volatile header (date, comments) left out of the diffable form.
 */
export function parseExport(output: string, options: { keepSecrets: boolean }): ConfigExport {
  const text = output.replace(/\r\n?/g, '\n');
  const raw = options.keepSecrets ? text : redactExportSecrets(text);
  const header: Record<string, string> = {};
  const normalized: string[] = [];
  let pending = '';
  for (const line of raw.split('\n')) {
    if (pending === '' && line.startsWith('#')) {
      const by = /^# (\S+ \S+) by RouterOS (\S+)/.exec(line);
      if (by) Object.assign(header, { exported_at: by[1], routeros_version: by[2] });
      const fact = /^# (software id|model|serial number|system id) = (.+)$/.exec(line);
      if (fact) header[fact[1].replace(/ /g, '_')] = fact[2].trim();
      continue;
    }
    // A continuation is the line without its `\` followed by the next without its four-space indent: RouterOS breaks
    // between pairs (after a space), after a `=` and inside long values, so nothing may be added or trimmed.
    const continued = line.endsWith('\\');
    const part = continued ? line.slice(0, -1) : line;
    pending = pending === '' ? part : `${pending}${part.replace(/^ {4}/, '')}`;
    if (continued) continue;
    if (pending.trim() !== '') normalized.push(pending.trimEnd());
    pending = '';
  }
  if (pending.trim() !== '') normalized.push(pending.trimEnd());
  return { raw, normalized, header };
}
