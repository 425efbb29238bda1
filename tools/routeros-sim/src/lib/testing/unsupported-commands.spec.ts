import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPPORTED_VERSIONS } from '../schema/menu-schema';
import { unsupportedCommands } from './unsupported-commands';

/** The vendored list of commands the simulator does not model yet, per version (UPDATE_UNSUPPORTED=1 rewrites it). */
export const UNSUPPORTED_LIST = join(__dirname, 'unsupported-commands.json');

describe('the commands the simulator does not model', () => {
  it('are exactly the vendored list, so the list can only shrink as commands are modelled', async () => {
    const actual: Record<string, string[]> = {};
    for (const version of SUPPORTED_VERSIONS) actual[version] = await unsupportedCommands(version);
    if (process.env['UPDATE_UNSUPPORTED'] === '1') writeFileSync(UNSUPPORTED_LIST, `${JSON.stringify(actual, null, 1)}\n`);
    if (process.env['UPDATE_UNSUPPORTED'] === '1') console.log(Object.entries(actual).map(([v, l]) => `${v}: ${l.length}`).join(', '));
    expect(actual).toEqual(JSON.parse(readFileSync(UNSUPPORTED_LIST, 'utf8')));
  }, 300_000);
});
