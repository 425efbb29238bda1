import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, tempDir } from '../index';

describe('tempDir', () => {
  it('creates a directory and removes it with its content', () => {
    const dir = tempDir();
    writeFileSync(join(dir.path, 'x'), 'y');
    dir.remove();
    expect(existsSync(dir.path)).toBe(false);
  });
});

describe('freePort', () => {
  it('returns a usable TCP port', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    expect(port).toBeLessThan(65536);
  });
});
