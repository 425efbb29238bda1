import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports, @nx/enforce-module-boundaries -- the generator script the spec checks the module against, not a dependency
const generator = require('../../../../../tools/scripts/extract-secret-properties.cjs') as {
  secretProperties(dir: string): string[];
  render(names: string[]): string;
  OUTPUT: string;
};
// The trees are vendored at the repository root; ROUTEROS_INSPECT_DIR points elsewhere.
const REFERENCE = process.env['ROUTEROS_INSPECT_DIR'] ?? join(__dirname, ...Array(5).fill('..'), 'reference', 'routeros-inspect');

describe("the secret property names are those of RouterOS's command trees", () => {
  it('the checked-in list is what the generator makes of the vendored trees (run tools/scripts/extract-secret-properties.cjs when not)', () => {
    if (!existsSync(REFERENCE)) throw new Error(`reference command trees not found at ${REFERENCE}`);
    expect(readFileSync(join(__dirname, 'routeros-secret-properties.ts'), 'utf8')).toBe(generator.render(generator.secretProperties(REFERENCE)));
    expect(generator.OUTPUT).toBe(join(__dirname, 'routeros-secret-properties.ts'));
  });

  it('names the secrets an adversary planted and RouterOS documents outside the trees', () => {
    const names = generator.secretProperties(REFERENCE);
    expect(names).toEqual(expect.arrayContaining(['wpa2-pre-shared-key', 'psk', 'key', 'security.passphrase', 'private-key', 'preshared-key', 'tcp-md5-key', 'ipsec-secret', 'auth-key', 'key-val', 'community']));
    expect(names).not.toEqual(expect.arrayContaining(['public-key']));
    for (const friend of ['public-key', 'key-size', 'passthrough', 'remote-key', 'lacp-user-key', 'ft-r0-key-lifetime']) expect(names).not.toContain(friend);
  });
});
