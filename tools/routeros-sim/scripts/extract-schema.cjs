#!/usr/bin/env node
// Extracts, from RouterOS's own command tree (/console/inspect, reference/routeros-inspect), what the simulator
// serves: every menu (`dir` and `path` nodes, the root included as ``) of each version, its commands (`cmd`
// nodes at any level), each command's argument names and each argument's value description (`desc`), which
// the simulator validates against, so it accepts exactly what that RouterOS version accepts.
// Compact on disk and in memory: argument lists (with their descriptions) repeat across menus and versions
// (every `print`, `export`, `remove`…), so each distinct list is stored once and menus refer to it by index;
// descriptions likewise. Shape: { descs: string[], argSets: (string | [string, descIndex])[][],
// versions: { [version]: { [menu]: [type, { [command]: argSetIndex }] } } }.
// Usage: node scripts/extract-schema.cjs [referenceDir] > src/lib/schema/routeros-schema.json
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
/** The RouterOS versions the simulator models. */
const VERSIONS = ['7.15.3', '7.20.5'];

const children = (node) => Object.keys(node).filter((k) => !k.startsWith('_') && node[k] && typeof node[k] === 'object').sort();

function extract(referenceDir) {
  const descs = [];
  const descIndex = new Map();
  const argSets = [];
  const argSetIndex = new Map();
  const intern = (list, index, value, key = JSON.stringify(value)) => {
    if (!index.has(key)) index.set(key, list.push(value) - 1);
    return index.get(key);
  };
  const versions = {};
  for (const version of VERSIONS) {
    const tree = JSON.parse(readFileSync(join(referenceDir, `${version}.json`), 'utf8'));
    const menus = {};
    const visit = (node, path) => {
      const commands = {};
      for (const name of children(node)) {
        const child = node[name];
        const childPath = path ? `${path}/${name}` : name;
        if (child._type === 'cmd') {
          const args = children(child).map((arg) => (child[arg].desc ? [arg, intern(descs, descIndex, child[arg].desc, child[arg].desc)] : arg));
          commands[name] = intern(argSets, argSetIndex, args);
        } else if (child._type === 'dir' || child._type === 'path') {
          visit(child, childPath);
        }
      }
      menus[path] = [node._type ?? 'dir', commands];
    };
    visit(tree, '');
    versions[version] = menus;
  }
  return { descs, argSets, versions };
}

module.exports = { extract, VERSIONS };
if (require.main === module) {
  const dir = process.argv[2] || join(__dirname, '..', '..', '..', 'reference', 'routeros-inspect');
  process.stdout.write(JSON.stringify(extract(dir)) + '\n');
}
