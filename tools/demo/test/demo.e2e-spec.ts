import { spawn } from 'node:child_process';
import { join } from 'node:path';

const MAIN = join(__dirname, '..', 'dist', 'main.js');

describe('npm run demo', () => {
  it('shows fleet health, an overview, Wi-Fi with its CAP, a page of rules, a dry run, an applied change, a refusal and an error with its suggestion', async () => {
    const { stdout, code } = await new Promise<{ stdout: string; code: number | null }>((resolve) => {
      const child = spawn(process.execPath, [MAIN], { stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.on('data', (d) => (text += d));
      child.on('close', (c) => resolve({ stdout: text, code: c }));
    });
    expect(code).toBe(0);
    expect(stdout).toMatch(/MCP server: routeros-mcp 0\.1\.0, \d+ tools/);
    expect(stdout).toContain('3/3 reachable in lab');
    expect(stdout).toMatch(/^identity:\s+sim-edge-002$/m);
    expect(stdout).toMatch(/managed CAPs: 1\n.*\nwifi\tcap-hallway\t/);
    expect(stdout).not.toContain('factory-wifi-key');
    expect(stdout).toContain('(4 of 11; more with cursor=');
    expect(stdout).toContain('negotiated protocol revision: 2026-07-28 (modern era)');
    expect(stdout).toContain("error (isError result): Not Found: device 'edge-99' is not enrolled; call device_list to see enrolled devices\nmcp_error_code: NOT_FOUND\nrecovery_strategy: fix_and_retry\nsuggestion: Call device_list");
    expect(stdout).toContain('next steps: device_list');
    // The write tier on edge-01: a dry run with its diff, a change held under safe mode and verified, a refusal.
    expect(stdout).toContain('dry run: would change: set the DNS servers to 1.1.1.1, 9.9.9.9 (risk low)\n/ip dns set servers=1.1.1.1,9.9.9.9\n');
    expect(stdout).toMatch(/^applied [0-9a-f-]{36}: set the identity to edge-01 core .*\n\/system identity set name="edge-01 core"\nprotection: safe_mode\nverified: /m);
    // Any menu through the menu tools: the dry run's exact line, the change under safe mode and verified, then undone.
    expect(stdout).toContain('dry run: would change: /ip/firewall/nat: add a row (risk low)\n/ip firewall nat add chain=dstnat action=dst-nat protocol=tcp dst-port=8443 in-interface=sfp-sfpplus1 to-addresses=10.100.0.50 to-ports=443 comment=NAS\n');
    expect(stdout).toMatch(/^applied [0-9a-f-]{36}: \/ip\/firewall\/nat: add a row .*\n\/ip firewall nat add chain=dstnat .*\nprotection: safe_mode\nverified: /m);
    expect(stdout).toMatch(/^\*[0-9A-F]+\tdstnat\t8443\t10\.100\.0\.50\t443$/m);
    expect(stdout).toMatch(/^applied [0-9a-f-]{36}: revert change [0-9a-f-]{36} \(\/ip\/firewall\/nat: add a row\)/m);
    expect(stdout).toMatch(/^error \(isError result\): Unsafe Operation: rule 0 \(\*new1\) would drop tcp\/443 from [\d.]+ in the input chain before the accept at position 1\nmcp_error_code: UNSAFE_OPERATION\n(.*\n)+?safety rule: PROTECT_MANAGEMENT_PATH$/m);
  }, 60_000);
});
