import { Command } from 'commander';
import { CliContext } from './cli-context';
import { write } from './cli-io';
import { auditCommand } from './commands/audit.command';
import { changeCommand } from './commands/change.command';
import { consoleCommand } from './commands/console.command';
import { credentialsCommand } from './commands/credentials.command';
import { dbCommand } from './commands/db.command';
import { deviceCommand } from './commands/device.command';
import { keysCommand } from './commands/keys.command';
import { planCommand } from './commands/plan.command';
import { snapshotCommand } from './commands/snapshot.command';
import { tokenCommand } from './commands/token.command';

export function buildProgram(ctx: CliContext, version: string): Command {
  const program = new Command('routeros-mcp-admin')
    .description('Administer RouterOS MCP: devices, credentials, keys, config snapshots, changes, plans, API tokens, the audit log, console login links and the database.')
    .version(version, '-v, --version')
    .option('--config <file>', 'YAML or JSON config file (ROUTEROS_MCP_CONFIG)')
    .option('--data-dir <dir>', 'data directory (ROUTEROS_MCP_DATA_DIR, default ~/.routeros-mcp)')
    .option('--database-url <url>', 'postgres:// URL instead of the embedded SQLite (ROUTEROS_MCP_DATABASE_URL)')
    .option('--log-level <level>', 'error|warn|info|debug; logs go to stderr (ROUTEROS_MCP_LOG_LEVEL, default warn here)')
    .addCommand(deviceCommand(ctx))
    .addCommand(credentialsCommand(ctx))
    .addCommand(keysCommand(ctx))
    .addCommand(dbCommand(ctx))
    .addCommand(snapshotCommand(ctx))
    .addCommand(changeCommand(ctx))
    .addCommand(tokenCommand(ctx))
    .addCommand(planCommand(ctx))
    .addCommand(auditCommand(ctx))
    .addCommand(consoleCommand(ctx))
    .showHelpAfterError('(add --help for usage)')
    .configureOutput({ writeOut: (s) => write(ctx.io.stdout, s), writeErr: (s) => write(ctx.io.stderr, s) });
  // Every subcommand reports usage errors through the same path, instead of exiting on its own.
  const override = (command: Command) => {
    command.exitOverride();
    command.configureOutput({ writeOut: (s) => write(ctx.io.stdout, s), writeErr: (s) => write(ctx.io.stderr, s) });
    command.commands.forEach(override);
  };
  override(program);
  return program;
}
