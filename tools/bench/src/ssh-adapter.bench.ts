import { SshConfigShell } from '@routeros-mcp/adapters-routeros-ssh';
import type { DeviceTarget, Logger } from '@routeros-mcp/application-ports';
import { Client } from 'ssh2';
import { stopChild } from './child';
import { median, startSim } from './sim-process';

const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, child: () => quiet };

/** The baseline: a bare ssh2 connection (Nagle off) that runs one command and closes, nothing else. */
function bareExec(port: number, command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    client
      .on('ready', () => {
        client.setNoDelay(true);
        client.exec(command, (error, stream) => {
          if (error) return reject(error);
          stream.on('data', () => undefined).on('close', () => (client.end(), resolve()));
        });
      })
      .on('error', reject)
      .connect({ host: '127.0.0.1', port, username: 'admin', password: 'admin' });
  });
}

/**
 * Median time of one `print` through the SSH adapter (pinned host key, deadline, parsing) against a bare ssh2
 * connect-exec-close of the same command, interleaved in the same run. Nagle's algorithm on either side adds a
 * delayed-ACK stall (about 40 ms on Linux) per small write; the ratio shows whether one crept back.
 */
export async function sshAdapterLatency(samples = 60): Promise<Record<string, unknown>> {
  const sim = await startSim(1);
  const line = sim.lines[0];
  const target: DeviceTarget = { deviceId: 'bench-ssh', host: '127.0.0.1', restPort: 0, sshPort: line.ssh_port, sshHostKey: line.ssh_host_key_sha256, username: 'admin', password: 'admin' };
  const shell = new SshConfigShell(quiet);
  const adapter: number[] = [];
  const bare: number[] = [];
  try {
    for (let i = 0; i < samples; i++) {
      let t = performance.now();
      await shell.print(target, 'ip/address');
      adapter.push(performance.now() - t);
      t = performance.now();
      await bareExec(line.ssh_port, '/ip/address/print without-paging');
      bare.push(performance.now() - t);
    }
  } finally {
    await stopChild(sim.child);
  }
  const [a, b] = [median(adapter), median(bare)];
  return { bench: 'ssh-adapter-print', samples, adapter_median_ms: Math.round(a * 10) / 10, bare_median_ms: Math.round(b * 10) / 10, ratio: Math.round((a / b) * 100) / 100 };
}
