import { parseStdioFlags } from './cli-flags';

describe('parseStdioFlags', () => {
  it('maps flags to config keys', () => {
    expect(parseStdioFlags(['--data-dir', '/d', '--environment', 'prod', '--log-level', 'debug', '--config', 'c.yaml'])).toEqual({
      configFile: 'c.yaml',
      help: false,
      version: false,
      flags: { dataDir: '/d', databaseUrl: undefined, environment: 'prod', logLevel: 'debug', logFile: undefined },
    });
  });
  it('knows -h and -v', () => {
    expect(parseStdioFlags(['-h']).help).toBe(true);
    expect(parseStdioFlags(['-v']).version).toBe(true);
  });
  it.each([['--colour'], ['positional'], ['--data-dir']])('rejects %p', (arg) => expect(() => parseStdioFlags([arg])).toThrow());
});
