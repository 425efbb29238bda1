// Replaces tsc's dist/index.js (a re-export of 'typeorm') with TypeORM bundled into one file. Drivers stay outside:
// the ones this service uses load from node_modules as before, the others are optional and never installed.
const { buildSync } = require('esbuild');
const { join } = require('node:path');

const DRIVERS = ['pg', 'pg-native', 'pg-query-stream', 'sqlite3', 'mysql', 'mysql2', 'oracledb', 'mssql', 'mongodb', 'ioredis', 'redis', 'sql.js', 'better-sqlite3', '@sap/hana-client', '@sap/hana-client/extension/Stream', 'hdb-pool', 'react-native-sqlite-storage', 'typeorm-aurora-data-api-driver', '@google-cloud/spanner', 'expo-sqlite', '@capacitor-community/sqlite', 'nativescript-sqlite', 'sqlite', 'cordova-sqlite-storage'];

buildSync({
  stdin: { contents: "module.exports = require('typeorm');", resolveDir: __dirname, loader: 'js' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  // reflect-metadata patches the global Reflect: one copy, shared with the entities' decorators. app-root-path finds
  // the application from its own __dirname (inside node_modules); bundled, it fell back to require.main, which a
  // process started with `node -e` lacks, and TypeORM failed to load there.
  external: ['reflect-metadata', 'app-root-path', ...DRIVERS],
  // Whitespace and syntax only, names kept (stack traces still name TypeORM's functions): the retained source is 1.8 MB
  // instead of 2.9, and the loaded bundle holds 4.6 MB of heap instead of 8.5 (docs/architecture.md).
  minifyWhitespace: true,
  minifySyntax: true,
  outfile: join(__dirname, 'dist', 'index.js'),
  allowOverwrite: true,
  logLevel: 'error',
});
