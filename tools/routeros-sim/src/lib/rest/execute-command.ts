import type { DeviceState, DeviceUser } from '../model/device-state';
import { scriptHostOf } from '../script/script-host';
import { errors, RestError } from './rest-error';

/** The user running the command, as the script host runs it (its group decides what the script may write). */
function deviceUser(state: DeviceState, name: string): DeviceUser {
  const row = state.list('user').find((u) => u['name'] === name);
  return { name, password: '', group: row?.['group'] ?? 'read' };
}

const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');

/**
 * `/execute script=S [as-string] [file=F]` (Scripting manual, `:execute`; napalm-ros's maintainers on RouterOS 7's
 * API): with `as-string` the script runs to its end and its output is the answer, `{"ret": output}`, a syntax or
 * runtime error included as text (RouterOS returns it as output, not as a refusal); without it the script runs as a
 * background job (`/system/script/job`) and the answer is the job's id; `file=F` writes the job's output to F
 * (`F.txt` without an extension, as `:execute file=` does).
 */
export async function runExecute(state: DeviceState, body: Record<string, unknown>, userName: string): Promise<unknown> {
  if (body['script'] === undefined) throw errors.missingValue('script');
  const host = scriptHostOf(state);
  if (!host) throw new RestError(400, 'failure: scripting unavailable');
  const source = String(body['script']);
  const user = deviceUser(state, userName);
  if (body['as-string'] !== undefined) {
    const result = await host.run(source, user, 'command');
    return { ret: crlf(`${result.output}${result.error !== undefined ? `${result.error}\n` : ''}`) };
  }
  const job = host.execute(source, user);
  const file = body['file'] === undefined ? undefined : String(body['file']);
  if (file !== undefined) {
    if (!/^[A-Za-z0-9_./-]{1,120}$/.test(file) || file.includes('..')) throw errors.invalidValue('file', file);
    void job.done.then((result) => state.writeFile(/\.[A-Za-z0-9]+$/.test(file) ? file : `${file}.txt`, '.txt file', crlf(result.output)));
  }
  return { ret: job.id };
}
