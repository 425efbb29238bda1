import { displayJson } from '../composition';
import type { ApiTokenSummary } from '../composition';
import { Command, InvalidArgumentError } from 'commander';
import { CliContext } from '../cli-context';
import { CliUsageError } from '../cli-error';
import { write } from '../cli-io';
import { shown } from '../display';
import { keyValues, table } from '../render';

const UNIT_MS = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 } as const;

/** `30d`, `12h`, `2w` from now, or a date (`2027-01-01`, midnight UTC) or ISO date-time. */
export function parseExpiry(value: string, now = new Date()): Date {
  const relative = /^(\d{1,5})([hdw])$/.exec(value);
  if (relative) return new Date(now.getTime() + Number(relative[1]) * UNIT_MS[relative[2] as keyof typeof UNIT_MS]);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value) || /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(value)) {
    const date = new Date(/T/.test(value) ? value : `${value}T00:00:00Z`);
    if (!Number.isNaN(date.getTime())) return date;
  }
  throw new InvalidArgumentError('must be a duration such as 30d, 12h or 2w, or a date such as 2027-01-01');
}

const list = (value: string) => value.split(',').map((s) => s.trim());
const iso = (d?: Date) => (d ? d.toISOString() : null);

function tokenJson(t: ApiTokenSummary, now: Date): Record<string, unknown> {
  return {
    id: t.id,
    name: t.name,
    renamed_from: t.renamedFrom ?? null,
    role: t.role,
    environments: t.environments ?? null,
    device_tags: t.deviceTags ?? null,
    created_at: iso(t.createdAt),
    created_by: t.createdBy,
    expires_at: iso(t.expiresAt),
    revoked_at: iso(t.revokedAt),
    last_used_at: iso(t.lastUsedAt),
    status: statusOf(t, now),
  };
}

function statusOf(t: ApiTokenSummary, now: Date): 'active' | 'revoked' | 'expired' {
  if (t.revokedAt) return 'revoked';
  if (t.expiresAt && t.expiresAt <= now) return 'expired';
  return 'active';
}

export function tokenCommand(ctx: CliContext): Command {
  const create = new Command('create')
    .description('create an API token for the HTTP server (ROUTEROS_MCP_AUTH=tokens); it is printed once, only its hash is kept')
    .requiredOption('--name <name>', 'who uses it: recorded as token:<name> in audit records; unique (ignoring case) and never reused; letters, digits and . _ @ -, no ":"')
    .requiredOption('--role <role>', 'read_only | ops_rw | admin | approver')
    .option('--environments <list>', 'only devices of these environments, comma-separated (lab,staging,prod)', list)
    .option('--tags <list>', 'only devices with one of these tags, comma-separated', list)
    .option('--expires <when>', 'expiry: 30d, 12h, 2w from now, or a date such as 2027-01-01 (default: never)', (v) => parseExpiry(v))
    .option('--json', 'print JSON')
    .action(async (options: { name: string; role: string; environments?: string[]; tags?: string[]; expires?: Date; json?: boolean }, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        // Audited as the console audits it: who made which token, never its secret.
        const audited = { name: options.name, role: options.role, environments: options.environments ?? null, tags: options.tags ?? null, expires_at: options.expires?.toISOString() ?? null };
        const { token, summary } = await services.audit.run({ principal: ctx.principal, action: 'token.create', arguments: audited }, () =>
          services.tokens.create({
            name: options.name,
            role: options.role,
            ...(options.environments ? { environments: options.environments } : {}),
            ...(options.tags ? { deviceTags: options.tags } : {}),
            ...(options.expires ? { expiresAt: options.expires } : {}),
            createdBy: ctx.principal.id,
          }),
        );
        if (options.json) return write(ctx.io.stdout, displayJson({ token, ...tokenJson(summary, new Date()) }));
        write(ctx.io.stdout, `Created API token ${summary.id} for '${shown(summary.name)}' (role ${summary.role}).\n\n  ${token}\n`);
        write(ctx.io.stderr, 'This token is shown once and cannot be recovered: store it now (lost: revoke it and create another).');
      });
    });

  const ls = new Command('list')
    .description('list API tokens, newest first (never their secrets)')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        const tokens = await services.tokens.list();
        const now = new Date();
        if (options.json) return write(ctx.io.stdout, displayJson(tokens.map((t) => tokenJson(t, now))));
        if (tokens.length === 0) return write(ctx.io.stdout, 'No API tokens.');
        write(
          ctx.io.stdout,
          table(
            ['ID', 'NAME', 'ROLE', 'ENVIRONMENTS', 'TAGS', 'STATUS', 'EXPIRES', 'LAST USED'],
            tokens.map((t) => [t.id, t.renamedFrom ? `${t.name} (was ${t.renamedFrom})` : t.name, t.role, t.environments?.join(',') ?? '-', t.deviceTags?.join(',') ?? '-', statusOf(t, now), iso(t.expiresAt) ?? 'never', iso(t.lastUsedAt) ?? '-']),
          ),
        );
      });
    });

  const revoke = new Command('revoke')
    .description('revoke an API token: refused from the next request on')
    .argument('<id>', 'token id (see token list; the part after rmcp_)')
    .option('--json', 'print JSON')
    .action(async (id: string, options: { json?: boolean }, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        const revoked = await services.audit.run({ principal: ctx.principal, action: 'token.revoke', arguments: { token_id: id } }, () => services.tokens.revoke(id));
        if (!revoked) throw new CliUsageError(`no API token with id '${id}' (see token list)`);
        // Revoking twice changes nothing: say so, and since when, rather than "Revoked" again.
        if (revoked.already) write(ctx.io.stdout, options.json ? displayJson({ revoked: id, already_revoked_at: revoked.revokedAt.toISOString() }) : keyValues([['Already revoked', `${id} (since ${revoked.revokedAt.toISOString()})`]]));
        else write(ctx.io.stdout, options.json ? displayJson({ revoked: id }) : keyValues([['Revoked', id]]));
      });
    });

  return new Command('token').description('API tokens for the HTTP server: create, list, revoke').addCommand(create).addCommand(ls).addCommand(revoke);
}
