import { useTestDatabases } from '@routeros-mcp/testing';
import { onTerminal, runAdmin } from './cli-runner';

const databases = useTestDatabases();

describe('routeros-mcp-admin at a terminal', () => {
  it('asks for the password with a hidden prompt and never echoes it', async () => {
    const env = { ROUTEROS_MCP_DATA_DIR: databases.dataDir() };
    const { code, screen } = await onTerminal(
      ['device', 'add', '--id', 'dev-t', '--name', 'T', '--host', '10.0.0.9', '--environment', 'lab', '--username', 'admin', '--offline'],
      env,
      [[/Password for admin@10\.0\.0\.9/, 'Typed-Secret-42\r']],
    );
    expect(code).toBe(0);
    expect(screen).toContain('Enrolled dev-t');
    expect(screen).not.toContain('Typed-Secret-42');
    const shown = JSON.parse((await runAdmin(['device', 'show', 'dev-t', '--json'], { env })).stdout);
    expect(shown.credentials[0]).toMatchObject({ purpose: 'rest_password', username: 'admin' });
  });

  it('asks before removing, keeps the device on "no" and removes it on "yes"', async () => {
    const env = { ROUTEROS_MCP_DATA_DIR: databases.dataDir() };
    await runAdmin(['device', 'add', '--id', 'dev-r', '--name', 'R', '--host', '10.0.0.8', '--environment', 'lab', '--username', 'a', '--password-stdin', '--offline'], { env, stdin: 'pw\n' });
    const declined = await onTerminal(['device', 'remove', 'dev-r'], env, [[/\[y\/N\]/, 'n\r']]);
    expect(declined.code).toBe(1);
    expect(declined.screen).toContain('not removed: dev-r is unchanged');
    expect((await runAdmin(['device', 'show', 'dev-r'], { env })).code).toBe(0);
    const confirmed = await onTerminal(['device', 'remove', 'dev-r'], env, [[/\[y\/N\]/, 'y\r']]);
    expect(confirmed.code).toBe(0);
    expect((await runAdmin(['device', 'show', 'dev-r'], { env })).code).toBe(1);
  });
});
