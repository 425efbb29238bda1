import { parseContainerfile, readRecipe } from './recipe-files';

// No container engine here: the recipe's rules are checked on its text (what hadolint's DL/SC rules would flag for these).
describe('deploy/container/Containerfile', () => {
  const steps = parseContainerfile(readRecipe('container/Containerfile'));
  const last = Math.max(...steps.map((s) => s.stage));
  const runtime = steps.filter((s) => s.stage === last);
  const all = (instruction: string) => runtime.filter((s) => s.instruction === instruction).map((s) => s.args);

  it('builds in a node:20 stage and runs from a slim node:20 stage with pinned tags, never :latest', () => {
    const froms = steps.filter((s) => s.instruction === 'FROM').map((s) => s.args);
    expect(froms).toHaveLength(2);
    expect(froms[0]).toMatch(/^docker\.io\/library\/node:20-bookworm AS build$/);
    expect(froms[1]).toMatch(/^docker\.io\/library\/node:20-bookworm-slim AS runtime$/);
    for (const from of froms) expect(from).not.toMatch(/:latest|^[^:]+$/);
  });

  it('runs as a non-root user, set last', () => {
    const users = all('USER');
    expect(users).toHaveLength(1);
    expect(users[0]).not.toMatch(/^(root|0)(:|$)/);
    const after = runtime.slice(runtime.findIndex((s) => s.instruction === 'USER'));
    expect(after.filter((s) => s.instruction === 'RUN')).toEqual([]);
  });

  it('writes only to the data volume (read-only root friendly) and says so in its settings', () => {
    expect(all('VOLUME')).toEqual(['["/data"]']);
    expect(all('ENV').join(' ')).toMatch(/ROUTEROS_MCP_DATA_DIR=\/data\b/);
    // The application tree belongs to root, so the unprivileged user cannot change it even on a writable root.
    for (const copy of all('COPY')) expect(copy).toMatch(/^--(from=build )?--chown=root:root |^--chown=root:root /);
  });

  it('exposes 8080, stops with SIGTERM (the drain), checks /healthz', () => {
    expect(all('EXPOSE')).toEqual(['8080']);
    expect(all('STOPSIGNAL')).toEqual(['SIGTERM']);
    expect(all('HEALTHCHECK')).toHaveLength(1);
    expect(readRecipe('container/healthcheck.cjs')).toMatch(/path: '\/healthz'/);
    expect(all('ENTRYPOINT')[0]).toMatch(/^\[.*routeros-mcp-http\.js"\]$/);
  });

  it('runs node with one malloc arena and one V8 worker thread (the measured memory settings)', () => {
    expect(all('ENV').join(' ')).toMatch(/\bMALLOC_ARENA_MAX=1\b/);
    expect(JSON.parse(all('ENTRYPOINT')[0])).toEqual(['node', '--v8-pool-size=1', '/opt/routeros-mcp/apps/http-server/bin/routeros-mcp-http.js']);
  });

  it('uses no ADD (remote URLs, auto-extraction) and no sudo; JSON-form ENTRYPOINT so SIGTERM reaches node', () => {
    expect(steps.filter((s) => s.instruction === 'ADD')).toEqual([]);
    expect(steps.filter((s) => /\bsudo\b/.test(s.args))).toEqual([]);
    expect(all('ENTRYPOINT')[0].startsWith('[')).toBe(true);
  });

  it('installs from the lock file and ships without dev dependencies', () => {
    const build = steps.filter((s) => s.stage === 0 && s.instruction === 'RUN').map((s) => s.args).join(' ');
    expect(build).toMatch(/npm ci\b/);
    expect(build).toMatch(/npm prune --omit=dev/);
  });

  it('keeps the host\'s node_modules, build output and secrets out of the build context', () => {
    for (const file of ['.containerignore', '.dockerignore']) {
      const ignore = readRecipe(`../${file}`).split('\n');
      for (const entry of ['node_modules', '**/node_modules', '.env', '*.sqlite', '.git']) expect(ignore).toContain(entry);
    }
  });
});
