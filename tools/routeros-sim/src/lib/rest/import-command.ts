import type { DeviceState } from '../model/device-state';
import { scriptHostOf } from '../script/script-host';
import { errors, RestError } from './rest-error';

/**
 * `/import file-name= [verbose] [from-line=] [dry-run]` (Configuration Management manual): the commands of an `.rsc`
 * file in `/file` run, in order, as the user importing it, through the device's script interpreter (an export read
 * back, or a script written with `/file add contents=`). The first error stops the import and is the command's
 * failure, with the interpreter's text. Chosen without a source: a missing file is `failure: no such file`.
 * `dry-run` (check without running) is not modelled: refused as such, never answered as if the file were checked.
 */
export async function runImport(state: DeviceState, body: Record<string, unknown>, userName: string): Promise<unknown> {
  if (body['dry-run'] !== undefined) throw errors.notSimulated('import dry-run');
  const name = body['file-name'];
  if (name === undefined || name === '') throw errors.missingValue('file-name');
  const file = state.fileRow(String(name)) ?? state.fileRow(`${String(name)}.rsc`);
  if (file?.['contents'] === undefined) throw new RestError(400, 'failure: no such file');
  const host = scriptHostOf(state);
  if (!host) throw new RestError(400, 'failure: scripting unavailable');
  const from = body['from-line'] === undefined ? 1 : Number(body['from-line']);
  if (!Number.isInteger(from) || from < 1) throw errors.invalidValue('from-line', String(body['from-line']));
  const source = file['contents'].split(/\r?\n/).slice(from - 1).join('\n');
  const group = state.list('user').find((u) => u['name'] === userName)?.['group'] ?? 'read';
  const result = await host.run(source, { name: userName, password: '', group }, 'command');
  if (result.error !== undefined) throw new RestError(400, result.error);
  return [];
}
