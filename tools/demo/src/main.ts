import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { SimDevice, startFleet, tempDir } from '@routeros-mcp/testing';
import { execFile } from 'node:child_process';
import { join } from 'node:path';

const REPO = join(__dirname, '..', '..', '..');
const SERVER = join(REPO, 'apps', 'stdio-server', 'bin', 'routeros-mcp.js');
const ADMIN = join(REPO, 'apps', 'admin-cli', 'bin', 'routeros-mcp-admin.js');
const PASSWORD = 'demo-password';

/**
 * Enrolls a device the way an operator does: the admin CLI pins the fingerprints the simulator reported.
 * Asynchronous on purpose: the simulator runs in this process and must keep answering.
 */
function enroll(dataDir: string, id: string, device: SimDevice, extra: string[] = []): Promise<string> {
  const url = new URL(device.restUrl);
  const args = ['device', 'add', '--id', id, '--name', id, '--host', url.hostname, '--port', url.port, '--ssh-port', String(device.sshPort), '--environment', 'lab', '--username', 'admin', '--password-stdin', '--tls-fingerprint', device.keys.tlsFingerprint, '--ssh-host-key', device.keys.sshHostKeyFingerprint, ...extra];
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [ADMIN, ...args], { env: { PATH: process.env['PATH'] ?? '', ROUTEROS_MCP_DATA_DIR: dataDir } }, (error, stdout, stderr) =>
      error ? reject(new Error(`enrolling ${id} failed: ${stderr.trim()}`)) : resolve(stdout.trim()),
    );
    child.stdin?.end(`${PASSWORD}\n`);
  });
}
const out = (text = '') => process.stdout.write(`${text}\n`);
const heading = (text: string) => out(`\n=== ${text} ===`);

/**
 * What an assistant sees: the text content of a tool result, or of a failed call's isError result (the message,
 * then the taxonomy as key: value lines; structuredContent.error holds it whole), on either revision. A protocol
 * failure (an unknown tool) is a JSON-RPC error.
 */
async function show(client: Client, name: string, args: Record<string, unknown>): Promise<void> {
  out(`> ${name} ${JSON.stringify(args)}`);
  try {
    const result = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: { text: string }[]; structuredContent?: { error?: { next_steps?: string[]; safety_rule?: string } }; _meta?: Record<string, unknown> };
    if (result.isError) {
      out(`error (isError result): ${result.content[0].text}`);
      if (result.structuredContent?.error?.safety_rule) out(`safety rule: ${result.structuredContent.error.safety_rule}`);
      out(`next steps: ${result.structuredContent?.error?.next_steps?.join(', ')}`);
      return;
    }
    out(result.content[0].text);
    out(`(_meta: ~${result._meta?.['estimated_tokens']} tokens, correlation ${result._meta?.['correlation_id']})`);
  } catch (error) {
    const e = error as { code: number; message: string; data?: { suggestion?: string; next_steps?: string[]; safety_rule?: string } };
    out(`error ${e.code}: ${e.message.replace(/^MCP error -?\d+: /, '')}`);
    out(`suggestion: ${e.data?.suggestion}`);
    out(`next steps: ${e.data?.next_steps?.join(', ')}`);
  }
}

/** The first rule of the device's filter table, as an assistant would have seen it listed. */
async function firstRule(client: Client, deviceId: string): Promise<{ id: string; position: number }> {
  const listed = (await client.callTool({ name: 'firewall_list_filter_rules', arguments: { device_id: deviceId, limit: 1 } })) as { structuredContent: { items: { '.id': string; position: number }[] } };
  const [first] = listed.structuredContent.items;
  return { id: first['.id'], position: first.position };
}

async function main(): Promise<void> {
  const dir = tempDir('routeros-mcp-demo-');
  const fleet = await startFleet({ devices: 3, profile: 'mixed', users: [{ name: 'admin', password: PASSWORD, group: 'full' }] });
  let client: Client | undefined;
  try {
    const dataDir = join(dir.path, 'data');
    heading('Three simulated RouterOS 7.20.5 devices, enrolled with routeros-mcp-admin into an embedded SQLite database');
    // edge-01 may be changed (critical: changes to it hold safe mode); the others are read-only.
    const writes = ['--allow-advanced-writes', '--allow-firewall-writes', '--critical'];
    for (const [i, id] of ['home-01', 'edge-01', 'chr-01'].entries()) out(await enroll(dataDir, id, fleet.devices[i], id === 'edge-01' ? writes : []));
    out(`data directory: ${dataDir}`);
    // `auto`: probe with server/discover and speak 2026-07-28 when the server does, else fall back to initialize.
    client = new Client({ name: 'routeros-mcp-demo', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    // The default tool sets leave the wireless reads off (a deep dive, not every turn's); this tour shows them.
    const toolsets = 'default,wireless';
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [SERVER], env: { PATH: process.env['PATH'] ?? '', ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'warn', ROUTEROS_MCP_TOOLSETS: toolsets }, stderr: 'ignore' }));
    const { tools } = await client.listTools();
    out(`MCP server: ${client.getServerVersion()?.name} ${client.getServerVersion()?.version}, ${tools.length} tools (ROUTEROS_MCP_TOOLSETS=${toolsets})`);
    out(`negotiated protocol revision: ${client.getNegotiatedProtocolVersion()} (${client.getProtocolEra()} era)`);

    heading('Fleet health');
    await show(client, 'fleet_get_health_summary', {});
    heading('One device');
    await show(client, 'system_get_overview', { device_id: 'edge-01' });
    heading('Wi-Fi, with the access point this router manages over CAPsMAN');
    await show(client, 'wireless_list_interfaces', { device_id: 'home-01' });
    heading('Firewall rules, first page');
    await show(client, 'firewall_list_filter_rules', { device_id: 'home-01', limit: 4 });
    heading('A dry run: the change against the live configuration, nothing written');
    await show(client, 'dns_set_servers', { device_id: 'edge-01', servers: ['1.1.1.1', '9.9.9.9'], dry_run: true });
    heading('An applied change: safe mode held while writing, verified from a fresh connection');
    await show(client, 'system_set_identity', { device_id: 'edge-01', name: 'edge-01 core' });
    heading('A refusal: an input drop of tcp/443 first in the chain would cut the service off the device');
    await show(client, 'firewall_add_filter_rule', { device_id: 'edge-01', rule: { chain: 'input', action: 'drop', protocol: 'tcp', 'dst-port': '443', comment: 'no web admin' }, place_before: await firstRule(client, 'edge-01') });
    heading('Any RouterOS menu, from its own command tree: a port forward to the NAS, dry run, applied, reverted');
    const forward = { chain: 'dstnat', action: 'dst-nat', protocol: 'tcp', 'dst-port': 8443, 'in-interface': 'sfp-sfpplus1', 'to-addresses': '10.100.0.50', 'to-ports': 443, comment: 'NAS' };
    await show(client, 'menu_change', { device_id: 'edge-01', path: '/ip/firewall/nat', operations: [{ op: 'add', values: forward }], dry_run: true });
    const applied = (await client.callTool({ name: 'menu_change', arguments: { device_id: 'edge-01', path: '/ip/firewall/nat', operations: [{ op: 'add', values: forward }] } })) as { content: { text: string }[]; structuredContent: { change_id: string } };
    out(applied.content[0].text);
    await show(client, 'menu_print', { device_id: 'edge-01', path: '/ip/firewall/nat', where: { comment: 'NAS' }, fields: ['chain', 'dst-port', 'to-addresses', 'to-ports'] });
    await show(client, 'change_revert', { change_id: applied.structuredContent.change_id });
    heading('A mistake, and how the server helps the assistant recover');
    await show(client, 'system_get_overview', { device_id: 'edge-99' });
  } finally {
    await client?.close();
    await fleet.stop();
    dir.remove();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`demo failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
