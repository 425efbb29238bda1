#!/usr/bin/env node
// Extracts, from RouterOS's own command tree (/console/inspect, reference/routeros-inspect), the part
// the simulator serves: for each menu its kind, commands and the arguments of add and set, per version.
// The simulator validates writes against this, so it accepts exactly what that RouterOS version accepts.
// Usage: node scripts/extract-schema.cjs [referenceDir] > src/lib/schema/routeros-schema.json
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { SERVED_MENUS, VERSIONS } = require('./served-menus.cjs');

function extract(referenceDir) {
  const out = {};
  for (const version of VERSIONS) {
    const tree = JSON.parse(readFileSync(join(referenceDir, `${version}.json`), 'utf8'));
    const menus = {};
    for (const path of SERVED_MENUS) {
      const node = path.split('/').reduce((n, part) => (n && n[part]) || undefined, tree);
      if (!node) continue;
      const entry = { type: node._type };
      if (node._type !== 'cmd') {
        const cmds = Object.keys(node).filter((k) => node[k] && node[k]._type === 'cmd').sort();
        entry.commands = cmds;
        for (const cmd of ['add', 'set', 'print', 'export', 'remove']) {
          if (node[cmd]) entry[cmd] = Object.keys(node[cmd]).filter((k) => !k.startsWith('_')).sort();
        }
      } else {
        entry.args = Object.keys(node).filter((k) => !k.startsWith('_')).sort();
      }
      menus[path] = entry;
    }
    out[version] = menus;
  }
  return out;
}

module.exports = { extract };
if (require.main === module) {
  const dir = process.argv[2] || join(__dirname, '..', '..', '..', 'reference', 'routeros-inspect');
  process.stdout.write(JSON.stringify(extract(dir)) + '\n');
}
