import { tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { runAdmin } from './cli-runner';

// `console login` prints a link under the console's base, by the same rule the servers use to send people to a
// plan's page (consoleBaseOf): --url's origin, else ROUTEROS_MCP_CONSOLE_URL, else the public URL's origin, else localhost.
const dir = tempDir('admin-console-login-');
afterAll(() => dir.remove());
const env = (extra: Record<string, string> = {}) => ({ ROUTEROS_MCP_DATA_DIR: join(dir.path, 'data'), ROUTEROS_MCP_LOG_LEVEL: 'error', ...extra });
const login = async (extra: Record<string, string>, args: string[] = []) => {
  const result = await runAdmin(['console', 'login', '--user', 'ann', '--role', 'approver', ...args], { env: env(extra) });
  expect(result.code).toBe(0);
  const link = new URL(result.stdout.trim());
  expect(link.searchParams.get('link')).toMatch(/.{20,}/);
  return `${link.origin}${link.pathname}`;
};

it('prints the link under --url, else the configured console, else the public origin, else localhost', async () => {
  const configured = { ROUTEROS_MCP_CONSOLE_URL: 'https://ops.example.com/routeros/console/', ROUTEROS_MCP_HTTP_PUBLIC_URL: 'https://mcp.example.com:8443/api/mcp' };
  expect(await login(configured, ['--url', 'https://other.example.net/some/path'])).toBe('https://other.example.net/console/login');
  expect(await login(configured)).toBe('https://ops.example.com/routeros/console/login');
  expect(await login({ ROUTEROS_MCP_HTTP_PUBLIC_URL: 'https://mcp.example.com:8443/api/mcp' })).toBe('https://mcp.example.com:8443/console/login');
  expect(await login({ ROUTEROS_MCP_HTTP_PORT: '8099' })).toBe('http://127.0.0.1:8099/console/login');
}, 60_000);

it('refuses a --url that is not an http(s) URL, printing no link', async () => {
  for (const url of ['not a url', 'ftp://files.example.net']) {
    const result = await runAdmin(['console', 'login', '--user', 'ann', '--role', 'approver', '--url', url], { env: env() });
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`--url: '${url}'`);
  }
}, 60_000);
