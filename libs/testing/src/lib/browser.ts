import { execFileSync } from 'node:child_process';
import type { Browser } from 'playwright-core';

/** Debian's Chromium (tools/scripts/ensure-chromium.sh installs it), or CHROMIUM_PATH. */
export function chromiumPath(): string {
  if (process.env['CHROMIUM_PATH']) return process.env['CHROMIUM_PATH'];
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
    } catch {
      // try the next name
    }
  }
  throw new Error('Chromium not found: run tools/scripts/ensure-chromium.sh or set CHROMIUM_PATH');
}

/**
 * Headless Chromium for browser specs. Loaded lazily so specs that never open a page do not load playwright-core.
 * `--no-sandbox`: CI runs as root, where Chromium's sandbox refuses to start.
 */
export async function launchChromium(): Promise<Browser> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  const { chromium } = require('playwright-core') as typeof import('playwright-core');
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}
