import { consoleBaseOf, ROLES } from '../composition';
import { Command, InvalidArgumentError, Option } from 'commander';
import { CliContext } from '../cli-context';
import { CliUsageError } from '../cli-error';
import { write } from '../cli-io';

const MINUTE_MS = 60_000;

const minutesOf = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1_440) throw new InvalidArgumentError('must be whole minutes from 1 to 1440');
  return n;
};

/** An http(s) URL the person gave (or configured): refused with the CLI's usage error otherwise. */
function httpUrl(value: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new CliUsageError(`--url: '${value}' is not a URL (e.g. https://mcp.example.net)`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new CliUsageError(`--url: '${value}' is not an http(s) URL`);
  return parsed;
}

/**
 * The console's base URL, by the servers' rule (consoleBaseOf): --url's origin, else ROUTEROS_MCP_CONSOLE_URL (where
 * plan_apply sends people too), else the origin of ROUTEROS_MCP_HTTP_PUBLIC_URL, else localhost.
 */
function consoleBase(url: string | undefined, config: { consoleUrl?: string; httpPublicUrl?: string; httpPort: number }): string {
  if (url) return consoleBaseOf(undefined, httpUrl(url))!;
  if (config.consoleUrl) return consoleBaseOf(config.consoleUrl)!;
  return consoleBaseOf(undefined, httpUrl(config.httpPublicUrl ?? `http://127.0.0.1:${config.httpPort}`))!;
}

export function consoleCommand(ctx: CliContext): Command {
  const login = new Command('login')
    .description('print a one-time login link to the operator console for a person and role (single use, short-lived; only its digest is stored)')
    .requiredOption('--user <name>', 'who logs in: recorded as as:<name> in audit records (letters, digits and . _ @ -, no ":")')
    .addOption(new Option('--role <role>', 'what they may do').choices([...ROLES]).makeOptionMandatory())
    .option('--url <base>', "the console's origin as people reach it (default: ROUTEROS_MCP_CONSOLE_URL, else the origin of ROUTEROS_MCP_HTTP_PUBLIC_URL)")
    .option('--ttl <minutes>', 'how long the link stays usable (default 10)', minutesOf, 10)
    .action(async (options: { user: string; role: string; url?: string; ttl: number }, cmd: Command) => {
      await ctx.withServices(cmd, async (services) => {
        const base = consoleBase(options.url, services.config);
        const { secret, expiresAt } = await services.consoleLogins.issueLink(options.user, options.role, ctx.principal, options.ttl * MINUTE_MS);
        write(ctx.io.stdout, `${base}/login?link=${secret}`);
        write(ctx.io.stderr, `One-time login link for ${options.user.trim()} (${options.role}), usable once until ${expiresAt.toISOString()}.`);
      });
    });
  return new Command('console').description('the operator console of routeros-mcp-http: login links').addCommand(login);
}
