import type { DeviceState } from '../model/device-state';
import { loadBackup, saveBackup } from '../model/backup';
import { readFileChunk } from '../model/files';
import { RestError, errors } from './rest-error';
import { scriptHostOf } from '../script/script-host';
import { renderExport } from '../ssh/export';
import { monitorSample } from '../model/interface-traffic';
import { pathTo, pingRow, resolveHost, tracerouteRows } from './diagnostics';
import { importArgs } from '../model/ssh-keys';
import { torchRows } from './torch';
import { MENU_COMMANDS } from './menu-commands';
import { newPassword } from '../model/password-rules';
import { runExecute } from './execute-command';
import { sessionSleep } from './session-sleep';
import { runEdit, runReset } from './reset-edit-commands';
import { consoleOnlyRefusal } from './console-only-commands';
import { runImport } from './import-command';

const EXPORT_ARGS = new Set(['compact', 'file', 'hide-sensitive', 'show-sensitive', 'terse', 'verbose']);

/** `export file=NAME`: writes NAME.rsc into /file, the way the console command does (`under` a menu's own export). */
function exportToFile(state: DeviceState, body: Record<string, unknown>, under?: string): unknown[] {
  for (const key of Object.keys(body)) if (!EXPORT_ARGS.has(key)) throw errors.unknownParameter(key);
  const flag = (name: string) => body[name] !== undefined && body[name] !== 'no' && body[name] !== 'false' && body[name] !== false;
  const text = renderExport(state, { verbose: flag('verbose'), terse: flag('terse'), compact: flag('compact'), showSensitive: flag('show-sensitive'), ...(under ? { under } : {}) });
  if (body['file'] !== undefined) {
    const file = String(body['file']);
    if (!/^[A-Za-z0-9_./-]{1,120}$/.test(file) || file.includes('..')) throw errors.invalidValue('file', file);
    state.writeFile(file.endsWith('.rsc') ? file : `${file}.rsc`, 'script', text);
  }
  return [];
}

const sleep = sessionSleep;

function countOf(body: Record<string, unknown>): number | undefined {
  if (body['count'] === undefined) return undefined;
  const count = /^\d+$/.test(String(body['count'])) ? Number(body['count']) : NaN;
  if (!Number.isInteger(count) || count < 1 || count > 10000) throw errors.invalidValue('count', String(body['count']));
  return count;
}

/** An interface a diagnostic names must exist: `input does not match any value of interface` otherwise. */
function existingInterface(state: DeviceState, name: string): void {
  try {
    state.interfaceRow(name);
  } catch {
    throw errors.noMatch('interface');
  }
}

/** `max-hops` (1..255, RouterOS's traceroute default 30): the rows stop there. */
function maxHopsOf(body: Record<string, unknown>): number {
  if (body['max-hops'] === undefined) return 30;
  const hops = /^\d+$/.test(String(body['max-hops'])) ? Number(body['max-hops']) : NaN;
  if (!(hops >= 1 && hops <= 255)) throw errors.invalidValue('max-hops', String(body['max-hops']));
  return hops;
}

/** Commands that run rather than read or write a menu; the caller has checked the tree has them and their arguments. Long ones honour `count` and otherwise run until the session is closed. */
export async function runCommand(state: DeviceState, command: string, body: Record<string, unknown>, signal: AbortSignal, user?: string): Promise<unknown> {
  switch (command) {
    case 'ip/dns/cache/flush':
      state.flushDnsCache();
      return [];
    case 'system/reboot':
      state.reboot();
      scriptHostOf(state)?.reset(); // globals live until the device restarts
      return [];
    // `/ping` is the same command as `/tool/ping` (the trees give both the same arguments).
    case 'ping':
    case 'tool/ping': {
      const host = String(body['address'] ?? '');
      if (!host) throw errors.missingValue('address');
      const count = countOf(body);
      if (body['interface'] !== undefined) existingInterface(state, String(body['interface']));
      const address = resolveHost(state, host);
      const path = pathTo(state, address);
      const replies: Record<string, string>[] = [];
      const times: number[] = [];
      for (let seq = 0; count === undefined || seq < count; seq++) {
        await sleep(Number(body['interval'] ?? 0) > 0 ? 10 : 5, signal);
        replies.push(pingRow(state, address, path, seq, String(body['size'] ?? 56), times));
      }
      return replies;
    }
    case 'tool/traceroute': {
      const host = String(body['address'] ?? '');
      if (!host) throw errors.missingValue('address');
      const count = countOf(body);
      const maxHops = maxHopsOf(body);
      if (body['interface'] !== undefined) existingInterface(state, String(body['interface']));
      const address = resolveHost(state, host);
      // Without `count` or `duration` traceroute runs until it is stopped (the session closes).
      if (count === undefined && body['duration'] === undefined) await sleep(24 * 3600_000, signal);
      return tracerouteRows(state, address, pathTo(state, address), count ?? 1).slice(0, maxHops);
    }
    case 'interface/monitor-traffic': {
      // The interfaces are checked before the command runs: an unknown one is refused, never waited on.
      const names = String(body['interface'] ?? '').split(',').filter(Boolean);
      if (names.length === 0) throw errors.missingValue('interface');
      names.forEach((name) => existingInterface(state, name));
      if (body['once'] === undefined) await sleep(body['duration'] !== undefined ? 5 : 24 * 3600_000, signal);
      return names.map((name) => monitorSample(state.interfaceRow(name), state.readContext()));
    }
    case 'tool/torch': {
      torchRows(state, body); // refused before it runs: a missing or unknown interface
      // Without `duration` torch runs until it is stopped (the session closes); the simulator's time is compressed.
      await sleep(body['duration'] !== undefined ? 5 : 24 * 3600_000, signal);
      return torchRows(state, body);
    }
    case 'export':
      return exportToFile(state, body);
    case 'file/read':
      return readFileChunk(state.fileRow(String(body['file'] ?? '')), body);
    case 'system/script/run': {
      // Waits for the script to end, as the console does; its failure is the command's (chosen without a source).
      const target = body['number'] ?? body['.id'];
      if (target === undefined) throw errors.missingValue('number');
      const result = await scriptHostOf(state)?.runEntry(String(target));
      if (!result) throw errors.notFound();
      if (result.error !== undefined) throw new RestError(400, result.error);
      return [];
    }
    case 'system/backup/save':
      saveBackup(state, body);
      return [];
    case 'system/backup/load':
      loadBackup(state, body);
      scriptHostOf(state)?.reset(); // a load reboots the device: globals end with the boot
      return [];
    case 'user/active/request-logout': {
      const numbers = body['numbers'] ?? body['.id'];
      if (numbers === undefined) throw errors.missingValue('numbers');
      state.endSessions(String(numbers).split(','));
      return [];
    }
    // The user running it changes its own password (model/password-rules.ts); its sessions stay open.
    case 'password': {
      const name = user ?? '';
      const password = newPassword(body, (old) => state.authenticate(name, old) !== undefined, (p) => state.list(p));
      const id = state.list('user').find((u) => u['name'] === name)?.['.id'];
      if (id === undefined) throw errors.notFound();
      state.update('user', id, { password });
      // A new password ends an expired one (`/user expire-password`, rest/user-commands.ts).
      if (state.rawRow('user', id)?.['.expired'] !== undefined) state.commandUpdate('user', id, { '.expired': undefined });
      return [];
    }
    case 'execute':
      return runExecute(state, body, user ?? '');
    case 'import':
      return runImport(state, body, user ?? '');
    case 'user/ssh-keys/import':
      state.add('user/ssh-keys', importArgs(state.list('file'), body));
      return [];
    default:
      if (MENU_COMMANDS[command]) return MENU_COMMANDS[command](state, body, signal);
      if (command.endsWith('/export')) return exportToFile(state, body, command.slice(0, -'/export'.length));
      // `reset` and `edit` of every menu the tree gives them (rest/reset-edit-commands.ts).
      if (command.endsWith('/reset')) return runReset(state, command.slice(0, -'/reset'.length), body);
      if (command.endsWith('/edit')) return runEdit(state, command.slice(0, -'/edit'.length), body);
      // The scripting language's commands and the terminal's are console-only (rest/console-only-commands.ts); any other
      // command the tree has (the caller checked) is not modelled: refused, never answered as if it had run.
      throw consoleOnlyRefusal(command) ?? errors.notSimulated(command);
  }
}
