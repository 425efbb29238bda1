import type { ConfigExport } from '@routeros-mcp/application-ports';

/** Export properties whose values are secrets (wifi passphrases, PPP/user passwords, IPsec and WireGuard keys…). */
const SECRET_PROPERTY = /((?:^|\s)[\w.-]*(?:password|passphrase|secret|pre-shared-key|private-key|psk|auth-key)[\w.-]*)=("(?:[^"\\]|\\.)*"|\S+)/gi;

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
    const continued = line.endsWith('\\');
    const part = continued ? line.slice(0, -1).trimEnd() : line;
    pending = pending === '' ? part : `${pending} ${part.trim()}`;
    if (continued) continue;
    if (pending.trim() !== '') normalized.push(pending);
    pending = '';
  }
  if (pending.trim() !== '') normalized.push(pending);
  return { raw, normalized, header };
}
