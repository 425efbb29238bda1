import { spawn } from 'node:child_process';
import { join } from 'node:path';

const MAIN = join(__dirname, '..', 'dist', 'main.js');

describe('npm run demo', () => {
  it('shows fleet health, an overview, Wi-Fi with its CAP, a page of rules and an error with its suggestion', async () => {
    const { stdout, code } = await new Promise<{ stdout: string; code: number | null }>((resolve) => {
      const child = spawn(process.execPath, [MAIN], { stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.on('data', (d) => (text += d));
      child.on('close', (c) => resolve({ stdout: text, code: c }));
    });
    expect(code).toBe(0);
    expect(stdout).toMatch(/MCP server: routeros-mcp 0\.1\.0, 37 tools/);
    expect(stdout).toContain('3/3 reachable in lab');
    expect(stdout).toMatch(/^identity:\s+sim-edge-002$/m);
    expect(stdout).toMatch(/managed CAPs: 1\n.*\nwifi\tcap-hallway\t/);
    expect(stdout).not.toContain('factory-wifi-key');
    expect(stdout).toContain('(4 of 9; more with cursor=');
    expect(stdout).toContain('negotiated protocol revision: 2026-07-28 (modern era)');
    expect(stdout).toContain("error (isError result): Not Found: device 'edge-99' is not enrolled; call device_list to see enrolled devices\nsuggestion: Call device_list");
    expect(stdout).toContain('next steps: device_list');
  }, 60_000);
});
