#!/usr/bin/env node
// Thin launcher so the command exists right after `npm ci`; the code lives in dist/ after `npm run build`.
try {
  require.resolve('../dist/main.js');
} catch {
  process.stderr.write('routeros-mcp-http: not built yet; run `npm run build` first\n');
  process.exit(2);
}
require('../dist/main.js');
