import { displayJson } from '../composition';
import { Command } from 'commander';
import { CliContext } from '../cli-context';
import { CliUsageError } from '../cli-error';
import { write } from '../cli-io';
import { readStdinSecret } from '../read-secret';

export function keysCommand(ctx: CliContext): Command {
  const rotate = new Command('rotate')
    .description('re-seal every stored secret (credentials, approvals, change records, plan data keys) under a new master key, in one transaction')
    .option('--new-key-stdin', 'read the new key (base64 of 32 bytes) from stdin; required when ROUTEROS_MCP_MASTER_KEY is set')
    .option('--json', 'print JSON')
    .action(async (options: { newKeyStdin?: boolean; json?: boolean }, cmd: Command) => {
      let newKey: Buffer | undefined;
      if (options.newKeyStdin) {
        const text = (await readStdinSecret(ctx.io, 'new_key')).trim();
        newKey = Buffer.from(text, 'base64');
        if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || newKey.length !== 32) throw new CliUsageError('new_key: must be base64 of exactly 32 bytes');
      }
      await ctx.withServices(cmd, async (services) => {
        const result = await services.keys.rotate(ctx.principal, newKey);
        const r = result.resealed;
        if (options.json) {
          return write(ctx.io.stdout, displayJson({
            reencrypted: result.reencrypted,
            resealed: { credentials: r.credentials, approval_grants: r.approvalGrants, change_inverses: r.changeInverses, plan_data_keys: r.planDataKeys },
            previous_key_id: result.previousKeyId, new_key_id: result.newKeyId, retained_key_ids: result.retainedKeyIds, notice: result.notice ?? null,
          }));
        }
        write(ctx.io.stdout, `Re-encrypted ${result.reencrypted} credential(s) under key ${result.newKeyId} (was ${result.previousKeyId}).`);
        write(ctx.io.stdout, `Re-sealed ${r.approvalGrants} approval grant(s), ${r.changeInverses} change record(s) with secrets to restore, ${r.planDataKeys} plan data key(s).`);
        if (result.retainedKeyIds.length > 0) write(ctx.io.stdout, `Kept old key(s) still in use: ${result.retainedKeyIds.join(', ')}.`);
        if (result.notice) write(ctx.io.stdout, `Next: ${result.notice}.`);
      });
    });
  return new Command('keys').description('manage the credential master key').addCommand(rotate);
}
