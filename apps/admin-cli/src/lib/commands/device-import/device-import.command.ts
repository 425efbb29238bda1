import { displayJson, isDomainError, targetFor } from '../../composition';
import type { AdminServices, Device, DeviceCredentials, NewDeviceInput } from '../../composition';
import { Command } from 'commander';
import { CliContext } from '../../cli-context';
import { CliUsageError } from '../../cli-error';
import { write } from '../../cli-io';
import { shown } from '../../display';
import { obtainPassword } from '../../read-secret';
import { table } from '../../render';
import { formatOf, readImportFile } from './import-file';
import { FieldProblem, ImportRow, readRow } from './import-row';

interface ImportOptions {
  format?: string;
  username?: string;
  passwordStdin?: boolean;
  trustOnFirstUse?: boolean;
  offline?: boolean;
  json?: boolean;
}

type Contact = Parameters<AdminServices['devices']['enroll']>[3];

/** A row that passed every check, ready to enrol. */
interface Checked {
  row: ImportRow;
  input: NewDeviceInput;
  credentials: DeviceCredentials;
  contact?: Contact;
  sshWarning?: string;
}

/** Devices contacted at once during the checks. */
const CHECK_CONCURRENCY = 8;
/** The domain names the REST port `port`; the file calls it `rest_port`. */
const fileField = (field: string) => (field === 'port' ? 'rest_port' : field);

function problemsOf(error: unknown, fallbackField: string): FieldProblem[] {
  if (!isDomainError(error)) throw error;
  const details = error.details() as { errors?: FieldProblem[]; field?: string };
  if (details.errors) return details.errors.map((e) => ({ field: fileField(e.field), message: e.message }));
  return [{ field: details.field ?? fallbackField, message: error.message.replace(/^\w+: /, '') }];
}

export function deviceImportCommand(ctx: CliContext): Command {
  return new Command('import')
    .description('enrol every device of a CSV or YAML file, all or nothing, with a per-row report (see docs/cli.md for the columns)')
    .argument('<file>', 'devices: .csv with a header line, or .yaml/.yml list')
    .option('--format <format>', 'csv|yaml, when the file name does not say')
    .option('--username <user>', 'RouterOS user for rows without a username column')
    .option('--password-stdin', 'read the one password for rows without password_env from stdin')
    .option('--trust-on-first-use', 'pin the identities lab devices present (refused for staging and prod rows)')
    .option('--offline', 'check the file and the registry only; pins are taken at the first `device test`')
    .option('--json', 'print the per-row report as a JSON array')
    .action(async (file: string, options: ImportOptions, cmd: Command) => {
      if (options.offline && options.trustOnFirstUse) throw new CliUsageError('trust_on_first_use: nothing is contacted with --offline; give one or the other');
      const rows = readImportFile(file, formatOf(file, options.format)).map((raw, i) => readRow(raw, i + 1));
      await ctx.withServices(cmd, async (services) => {
        await checkRows(services, rows, options, ctx.env);
        const password = rows.some((r) => r.problems.length === 0 && !r.passwordEnv) ? await obtainPassword(ctx.io, options, `Password for ${options.username ?? 'the devices'}: `) : undefined;
        const checked = await contactRows(services, rows, options, password, ctx.env);
        const bad = rows.filter((r) => r.problems.length > 0);
        if (bad.length > 0) {
          report(ctx, rows, options.json, new Map());
          const first = bad[0];
          throw new CliUsageError(`row ${first.row} (${first.input.id || '?'}): ${first.problems[0].field}: ${first.problems[0].message}; nothing was enrolled (${bad.length} of ${rows.length} rows need fixing)`);
        }
        checked.filter((c) => c.sshWarning).forEach((c) => write(ctx.io.stderr, `warning: row ${c.row.row} (${c.input.id}): SSH check failed (${shown(c.sshWarning)}); REST works, enrolling anyway.`));
        const devices = await services.devices.enrollAll(ctx.principal, checked.map(({ input, credentials, contact }) => ({ input, credentials, contact })));
        report(ctx, rows, options.json, new Map(devices.map((d) => [d.id, d])));
      });
    });
}

/**
 * Everything that needs no device: the domain rules, duplicates in the file and in the registry, credentials and pins.
 * Every row gets every check, whatever an earlier one found, so the report names each bad field of each row (a
 * field already found bad in the file is not named twice).
 */
async function checkRows(services: AdminServices, rows: ImportRow[], options: ImportOptions, env: NodeJS.ProcessEnv): Promise<void> {
  const seen = { id: new Map<string, number>(), name: new Map<string, number>() };
  for (const row of rows) {
    const found = new Set(row.problems.map((p) => p.field));
    const add = (problems: FieldProblem[]) => row.problems.push(...problems.filter((p) => !found.has(p.field)));
    let device: ReturnType<AdminServices['devices']['preview']> | undefined;
    try {
      device = services.devices.preview(row.input);
    } catch (error) {
      add(problemsOf(error, 'id'));
    }
    for (const field of ['id', 'name'] as const) {
      const value = device?.[field] ?? row.input[field];
      if (!value) continue;
      const earlier = seen[field].get(value.toLowerCase());
      if (earlier !== undefined) add([{ field, message: `'${value}' is also row ${earlier}'s ${field}` }]);
      else seen[field].set(value.toLowerCase(), row.row);
    }
    // The registry's duplicates: only a row the domain takes can be checked against it.
    if (device) await services.devices.checkNewDevice(row.input).catch((error: unknown) => add(problemsOf(error, 'id')));
    if (!row.username && !options.username) row.problems.push({ field: 'username', message: 'give a username column or --username' });
    if (row.passwordEnv !== undefined && !env[row.passwordEnv]) row.problems.push({ field: 'password_env', message: `environment variable ${row.passwordEnv} is not set` });
    if (options.offline) continue;
    if (options.trustOnFirstUse) {
      if (row.input.environment !== 'lab' && !row.input.tlsFingerprint) {
        row.problems.push({ field: 'environment', message: `--trust-on-first-use is allowed for lab rows only, not ${row.input.environment}; give tls_fingerprint and ssh_host_key` });
      }
    } else if (!row.input.tlsFingerprint) {
      row.problems.push({ field: 'tls_fingerprint', message: 'required (as openssl prints it), unless --offline, or --trust-on-first-use for lab rows' });
    }
  }
}

/** Contacts every valid row (unless offline): pins, credentials and facts, as `device add` does. */
async function contactRows(services: AdminServices, rows: ImportRow[], options: ImportOptions, password: string | undefined, env: NodeJS.ProcessEnv): Promise<Checked[]> {
  const valid = rows.filter((r) => r.problems.length === 0);
  const checked: Checked[] = [];
  for (let i = 0; i < valid.length; i += CHECK_CONCURRENCY) {
    await Promise.all(valid.slice(i, i + CHECK_CONCURRENCY).map(async (row) => {
      const secret = row.passwordEnv ? env[row.passwordEnv]! : password!;
      const username = row.username ?? options.username!;
      const credentials: DeviceCredentials = { rest: { username, password: secret }, ssh: { username, password: secret } };
      if (options.offline) return void checked.push({ row, input: row.input, credentials });
      try {
        const result = await contact(services, row, credentials, !!options.trustOnFirstUse);
        if (result) checked.push(result);
      } catch (error) {
        row.problems.push(...problemsOf(error, 'host'));
      }
    }));
  }
  return checked.sort((a, b) => a.row.row - b.row.row);
}

async function contact(services: AdminServices, row: ImportRow, credentials: DeviceCredentials, trustOnFirstUse: boolean): Promise<Checked | undefined> {
  const preview = services.devices.preview(row.input);
  const presented = await services.connectivity.presentedIdentities(preview.host, preview.restPort, preview.sshPort);
  if (!presented.tlsFingerprint) return void row.problems.push({ field: 'host', message: `cannot read the certificate of ${preview.host}:${preview.restPort}: ${presented.problems.join('; ')}` });
  if (preview.tlsFingerprint && preview.tlsFingerprint !== presented.tlsFingerprint) {
    return void row.problems.push({ field: 'tls_fingerprint', message: `the device presents ${presented.tlsFingerprint}, not ${preview.tlsFingerprint}` });
  }
  if (preview.sshHostKey && presented.sshHostKey && preview.sshHostKey !== presented.sshHostKey) {
    return void row.problems.push({ field: 'ssh_host_key', message: `the device presents ${presented.sshHostKey}, not ${preview.sshHostKey}` });
  }
  const trusted = trustOnFirstUse && preview.environment === 'lab';
  if (!trusted && !preview.sshHostKey && presented.sshHostKey) {
    return void row.problems.push({ field: 'ssh_host_key', message: `required: the device presents ${presented.sshHostKey}; check it with ssh-keygen -l` });
  }
  const input: NewDeviceInput = { ...row.input, tlsFingerprint: presented.tlsFingerprint, sshHostKey: presented.sshHostKey };
  const how = `fix row ${row.row}'s password${row.passwordEnv ? ` (${row.passwordEnv})` : ''} and import again`;
  const { facts, ssh } = await services.connectivity.verify(targetFor(services.devices.preview(input), credentials), how);
  const contactInfo: Contact = { facts: { routerosVersion: facts.version, identity: facts.identity, board: facts.board }, status: ssh.ok ? 'healthy' : 'degraded' };
  return { row, input, credentials, contact: contactInfo, sshWarning: ssh.ok ? undefined : ssh.error };
}

function report(ctx: CliContext, rows: ImportRow[], json: boolean | undefined, enrolled: Map<string, Device>): void {
  const failed = rows.some((r) => r.problems.length > 0);
  const entries = rows.map((r) => {
    const device = enrolled.get(r.input.id);
    const result = device ? 'enrolled' : r.problems.length > 0 ? 'invalid' : 'not_enrolled';
    return {
      row: r.row,
      id: r.input.id,
      name: r.input.name,
      host: r.input.host,
      environment: r.input.environment,
      result,
      status: device?.status ?? null,
      tls_fingerprint: device?.tlsFingerprint ?? null,
      ssh_host_key: device?.sshHostKey ?? null,
      routeros_version: device?.facts.routerosVersion ?? null,
      errors: r.problems,
    };
  });
  if (json) return write(ctx.io.stdout, displayJson(entries));
  const resultText = (e: (typeof entries)[number]) =>
    e.result === 'enrolled'
      ? `enrolled, ${e.status}${e.routeros_version ? `, RouterOS ${e.routeros_version}` : ''}${e.tls_fingerprint ? `, TLS ${e.tls_fingerprint}, SSH ${e.ssh_host_key ?? '(none)'}` : ''}`
      : e.result === 'invalid'
        ? e.errors.map((p) => `${p.field}: ${p.message}`).join('; ')
        : failed
          ? 'ok, not enrolled (another row failed)'
          : 'ok';
  write(ctx.io.stdout, table(['ROW', 'ID', 'NAME', 'HOST', 'ENV', 'RESULT'], entries.map((e) => [String(e.row), e.id, e.name, e.host, e.environment, resultText(e)])));
}
