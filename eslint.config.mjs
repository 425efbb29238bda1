// Lint rules for the whole workspace. The module-boundary rule encodes the layer rule of docs/architecture.md:
// which layer may import which, and which I/O packages each layer must never touch.
import nx from '@nx/eslint-plugin';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const ioPackages = [
  'typeorm', 'pg', 'sqlite3', 'axios', 'node-ssh', 'ssh2', 'winston', 'express',
  '@modelcontextprotocol/*', 'commander', 'cli-table3', '@inquirer/*',
];
const anyLayer = ['type:domain', 'type:ports', 'type:application', 'type:adapter', 'type:protocol', 'type:config', 'type:composition', 'type:vendor'];
// inversify and TypeORM only through @routeros-mcp/inversify and @routeros-mcp/typeorm (type:vendor), which the build
// bundles into one file each for start-up speed (and a second copy of either would split its metadata).
const direct = ['inversify', '@inversifyjs/*', 'typeorm'];

function constraints({ specs }) {
  const plusTesting = (tags) => (specs ? [...tags, 'type:testing'] : tags);
  return [
    { sourceTag: 'type:domain', onlyDependOnLibsWithTags: plusTesting(['type:domain']), bannedExternalImports: [...ioPackages, ...direct] },
    { sourceTag: 'type:ports', onlyDependOnLibsWithTags: plusTesting(['type:domain', 'type:ports']), bannedExternalImports: [...ioPackages, ...direct] },
    { sourceTag: 'type:application', onlyDependOnLibsWithTags: plusTesting(['type:domain', 'type:ports', 'type:application', 'type:vendor']), bannedExternalImports: [...ioPackages, ...direct] },
    { sourceTag: 'type:adapter', onlyDependOnLibsWithTags: plusTesting(['type:domain', 'type:ports', 'type:vendor']), bannedExternalImports: direct },
    { sourceTag: 'type:protocol', onlyDependOnLibsWithTags: plusTesting(['type:domain', 'type:ports', 'type:application', 'type:protocol']), bannedExternalImports: [...ioPackages.filter((p) => p !== '@modelcontextprotocol/*'), ...direct] },
    { sourceTag: 'type:config', onlyDependOnLibsWithTags: plusTesting(['type:config']), allowedExternalImports: specs ? ['zod', 'node:*'] : ['zod'] },
    { sourceTag: 'type:composition', onlyDependOnLibsWithTags: plusTesting(anyLayer), bannedExternalImports: direct },
    { sourceTag: 'type:vendor', onlyDependOnLibsWithTags: [] },
    { sourceTag: 'type:app', onlyDependOnLibsWithTags: plusTesting(['type:composition', 'type:protocol', 'type:config']) },
    { sourceTag: 'type:testing', onlyDependOnLibsWithTags: [...anyLayer, 'type:testing', 'type:tool'] },
    { sourceTag: 'type:tool', onlyDependOnLibsWithTags: [...anyLayer, 'type:testing', 'type:tool'] },
  ];
}

const specFiles = ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts'];

export default [
  { ignores: ['**/dist', '**/node_modules', '**/coverage', '**/.nx'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': ['error', { enforceBuildableLibDependency: false, allow: [], depConstraints: constraints({ specs: false }) }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: specFiles,
    rules: {
      '@nx/enforce-module-boundaries': ['error', { enforceBuildableLibDependency: false, allow: [], depConstraints: constraints({ specs: true }) }],
      'no-console': 'off',
      // Table-driven specs check loosely typed JSON replies.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // The admin CLI defines its commands without loading what their actions use (docs/architecture.md, Admin CLI
    // start): composition and the heavier packages come in through apps/admin-cli/src/lib/composition.ts or a require
    // where they are used.
    files: ['apps/admin-cli/src/**/*.ts'],
    ignores: specFiles,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: ['@routeros-mcp/composition', 'cli-table3', 'cli-progress', 'yaml', 'csv-parse/sync', '@inquirer/password'].map((name) => ({
          name, allowTypeImports: true, message: 'load it on first use (see docs/architecture.md, Admin CLI start)',
        })),
      }],
    },
  },
];
