import type { CommandTrees } from '@routeros-mcp/application-ports';
import { CommandTree, type InspectNode } from '@routeros-mcp/domain-changes';
import { compareRouterOsVersions } from '@routeros-mcp/domain-kernel';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** The trees vendored with the service (`reference/routeros-inspect` at the repository root). */
export const VENDORED_TREES_DIR = resolve(__dirname, '..', '..', '..', '..', '..', 'reference', 'routeros-inspect');

const TREE_FILE = /^(\d+\.\d+(?:\.\d+)?)\.json$/;

/**
 * Command trees read from `<dir>/<version>.json` (RouterOS's `/console/inspect` output, as vendored). A tree is
 * about 1 MB of JSON: it is read on first use and kept, so a server that never describes a menu never loads one.
 */
export class FileCommandTrees implements CommandTrees {
  private available?: readonly string[];
  private readonly loaded = new Map<string, Promise<CommandTree>>();

  constructor(private readonly dir: string = VENDORED_TREES_DIR) {}

  /** Listed on first use, not at construction: building the container never touches the directory. */
  versions(): readonly string[] {
    if (!this.available) {
      let names: string[] = [];
      try {
        names = readdirSync(this.dir);
      } catch {
        // No trees: versions() is empty and tree() says where it looked.
      }
      this.available = names.flatMap((name) => TREE_FILE.exec(name)?.[1] ?? []).sort(compareRouterOsVersions);
    }
    return this.available;
  }

  tree(version: string): Promise<CommandTree> {
    if (!this.versions().includes(version)) return Promise.reject(new Error(`no RouterOS ${version} command tree in ${this.dir}`));
    let tree = this.loaded.get(version);
    if (!tree) {
      tree = readFile(join(this.dir, `${version}.json`), 'utf8').then((text) => CommandTree.fromInspect(version, JSON.parse(text) as InspectNode));
      // A failed read is not kept: the next call tries again.
      tree.catch(() => this.loaded.delete(version));
      this.loaded.set(version, tree);
    }
    return tree;
  }
}
