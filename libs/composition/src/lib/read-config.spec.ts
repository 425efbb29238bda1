import { ConfigError } from '@routeros-mcp/config';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readServiceConfig } from './read-config';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'cfg-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('readServiceConfig', () => {
  it('reads a YAML file named by ROUTEROS_MCP_CONFIG, under env and flags', () => {
    writeFileSync(join(dir, 'c.yaml'), 'environment: staging\nlogLevel: debug\ndataDir: /from-file\n');
    const config = readServiceConfig({ env: { ROUTEROS_MCP_CONFIG: join(dir, 'c.yaml'), ROUTEROS_MCP_LOG_LEVEL: 'warn' }, flags: { dataDir: '/from-flag' } });
    expect(config).toMatchObject({ environment: 'staging', logLevel: 'warn', dataDir: '/from-flag' });
  });

  it('reads JSON too', () => {
    writeFileSync(join(dir, 'c.json'), '{"environment":"prod"}');
    expect(readServiceConfig({ configFile: join(dir, 'c.json'), env: {} }).environment).toBe('prod');
  });

  it.each([
    ['missing', undefined, 'does not exist'],
    ['not YAML', 'a: [unclosed', 'not valid YAML or JSON'],
    ['unknown key', 'colour: blue', 'unknown setting(s) colour'],
  ])('reports a %s file clearly', (_label, content, message) => {
    const path = join(dir, 'bad.yaml');
    if (content !== undefined) writeFileSync(path, content);
    expect(() => readServiceConfig({ configFile: path, env: {} })).toThrow(ConfigError);
    expect(() => readServiceConfig({ configFile: path, env: {} })).toThrow(message);
  });
});
