import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileCommandTrees, VENDORED_TREES_DIR } from './file-command-trees';

describe('FileCommandTrees', () => {
  it('finds the vendored trees and reads each once', async () => {
    const trees = new FileCommandTrees();
    expect(trees.versions()).toEqual(['7.15.3', '7.20.5']);
    const first = trees.tree('7.20.5');
    expect(trees.tree('7.20.5')).toBe(first);
    expect((await first).menu('ip/firewall/nat')?.commands.has('add')).toBe(true);
    expect(VENDORED_TREES_DIR).toMatch(/reference[/\\]routeros-inspect$/);
  });

  it('says where it looked for a version it has no tree of', async () => {
    await expect(new FileCommandTrees().tree('7.1')).rejects.toThrow(/no RouterOS 7\.1 command tree in .*routeros-inspect/);
  });

  it('reads trees from another directory, ignoring other files, and tries a broken file again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trees-'));
    try {
      writeFileSync(join(dir, '7.9.json'), '{"ip":{"_type":"path","address":{"_type":"dir","print":{"_type":"cmd"}}}}');
      writeFileSync(join(dir, '7.10.json'), '{ broken');
      writeFileSync(join(dir, 'README.md'), '#');
      const trees = new FileCommandTrees(dir);
      expect(trees.versions()).toEqual(['7.9', '7.10']);
      expect((await trees.tree('7.9')).menu('ip/address')?.commands.has('print')).toBe(true);
      await expect(trees.tree('7.10')).rejects.toThrow(SyntaxError);
      writeFileSync(join(dir, '7.10.json'), '{}');
      expect((await trees.tree('7.10')).paths()).toEqual(['']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has no versions when the directory is missing', () => expect(new FileCommandTrees('/nonexistent/trees').versions()).toEqual([]));
});
