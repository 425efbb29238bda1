import { createProjectGraphAsync } from '@nx/devkit';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const ESLINT = join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');
const RULE = '@nx/enforce-module-boundaries';

/** Lints an imaginary file placed in a project with the real eslint CLI, and returns the boundary-rule messages. */
function boundaryErrors(file: string, code: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ESLINT, '--format', 'json', '--stdin', '--stdin-filename', join(ROOT, file)], { cwd: ROOT });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', () => {
      try {
        const json = out.slice(out.indexOf('['));
        const [result] = JSON.parse(json) as { messages: { ruleId: string; message: string }[] }[];
        resolve(result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message));
      } catch {
        reject(new Error(`eslint gave no JSON for ${file}: ${out}${err}`));
      }
    });
    child.stdin.end(code);
  });
}

describe('the layer rule of docs/architecture.md', () => {
  beforeAll(async () => {
    // Without a cached project graph the rule silently skips everything: make sure there is one.
    await createProjectGraphAsync({ exitOnError: false });
  }, 120_000);

  it.each([
    ['domain imports an I/O package', 'libs/domain/devices/src/lib/probe.ts', "import { DataSource } from 'typeorm';"],
    ['domain imports the MCP SDK', 'libs/domain/plans/src/lib/probe.ts', "import { Server } from '@modelcontextprotocol/sdk/server/index.js';"],
    ['domain imports an adapter', 'libs/domain/devices/src/lib/probe.ts', "import { Database } from '@routeros-mcp/adapters-persistence';"],
    ['ports import an adapter', 'libs/application/ports/src/lib/probe.ts', "import { SecretRedactor } from '@routeros-mcp/adapters-logging';"],
    ['a use-case imports an adapter', 'libs/application/use-cases/src/lib/probe.ts', "import { AesGcmCipher } from '@routeros-mcp/adapters-secrets';"],
    ['a use-case imports winston', 'libs/application/use-cases/src/lib/probe.ts', "import winston from 'winston';"],
    ['an adapter imports another adapter', 'libs/adapters/persistence/src/lib/probe.ts', "import { SecretRedactor } from '@routeros-mcp/adapters-logging';"],
    ['an adapter imports a use-case', 'libs/adapters/persistence/src/lib/probe.ts', "import { DeviceRegistry } from '@routeros-mcp/application-use-cases';"],
    ['the protocol layer imports an adapter', 'libs/mcp-protocol/src/lib/probe.ts', "import { Database } from '@routeros-mcp/adapters-persistence';"],
    ['config imports anything but zod', 'libs/config/src/lib/probe.ts', "import { parse } from 'yaml';"],
    ['an app imports an adapter directly', 'apps/admin-cli/src/lib/probe.ts', "import { Database } from '@routeros-mcp/adapters-persistence';"],
    ['production code imports the testing library', 'libs/adapters/persistence/src/lib/probe.ts', "import { tempDir } from '@routeros-mcp/testing';"],
    ['a use-case imports inversify past its bundle', 'libs/application/use-cases/src/lib/probe.ts', "import { injectable } from 'inversify';"],
    ['composition imports inversify past its bundle', 'libs/composition/src/lib/probe.ts', "import { Container } from 'inversify';"],
    ['domain imports the bundled inversify', 'libs/domain/devices/src/lib/probe.ts', "import { injectable } from '@routeros-mcp/inversify';"],
    ['persistence imports TypeORM past its bundle', 'libs/adapters/persistence/src/lib/probe.ts', "import { DataSource } from 'typeorm';"],
  ])('rejects: %s', async (_label, file, code) => {
    expect(await boundaryErrors(file, code)).not.toEqual([]);
  });

  it.each([
    ['domain imports the domain kernel', 'libs/domain/devices/src/lib/probe.ts', "import { ValidationError } from '@routeros-mcp/domain-kernel';"],
    ['an adapter implements a port', 'libs/adapters/persistence/src/lib/probe.ts', "import { DeviceRepository } from '@routeros-mcp/application-ports';"],
    ['composition picks adapters', 'libs/composition/src/lib/probe.ts', "import { Database } from '@routeros-mcp/adapters-persistence';"],
    ['a use-case takes inversify from its bundle', 'libs/application/use-cases/src/lib/probe.ts', "import { injectable } from '@routeros-mcp/inversify';"],
    ['persistence takes TypeORM from its bundle', 'libs/adapters/persistence/src/lib/probe.ts', "import { DataSource } from '@routeros-mcp/typeorm';"],
    ['an app uses composition and the protocol layer', 'apps/stdio-server/src/lib/probe.ts', "import { buildContainer } from '@routeros-mcp/composition';\nimport { createMcpServer } from '@routeros-mcp/mcp-protocol';"],
    ['a spec uses the testing library', 'libs/adapters/persistence/src/lib/probe.int-spec.ts', "import { tempDir } from '@routeros-mcp/testing';"],
  ])('allows: %s', async (_label, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
