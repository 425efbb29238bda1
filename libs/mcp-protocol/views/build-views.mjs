// Builds each MCP Apps view into one self-contained HTML file (dist/views/<name>.html): its script bundled with the
// ext-apps App class by esbuild and inlined, with the shared stylesheet. No CDN and no other file at run time: the
// host loads the HTML from resources/read into a sandboxed iframe whose default CSP allows inline script and style only.
import { build } from 'esbuild';
import { Buffer } from 'node:buffer';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'dist', 'views');
/** Each view's entry (views/<name>.ts) and page title; the server's list is src/lib/views/views.ts. */
const VIEWS = { plan: 'Plan', rollout: 'Rollout', 'fleet-health': 'Fleet health', 'config-diff': 'Config diff' };

/**
 * zod (which ext-apps' App validates messages with) ships its error messages in 40 languages and imports them all;
 * a view never shows a zod message, so every locale but English is left out (260 KB of each view's 670 KB).
 */
const englishZodOnly = {
  name: 'english-zod-only',
  setup(b) {
    b.onResolve({ filter: /^\.\/[a-zA-Z-]+\.js$/ }, (a) => (/zod.v4.locales/.test(a.importer) && a.path !== './en.js' ? { path: a.path, namespace: 'unused-locale' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'unused-locale' }, () => ({ contents: 'export default () => ({});', loader: 'js' }));
  },
};

const css = (await readFile(join(here, 'view.css'), 'utf8')).replace(/\s*\n\s*/g, '\n').trim();
await mkdir(out, { recursive: true });
for (const [name, title] of Object.entries(VIEWS)) {
  const result = await build({ entryPoints: [join(here, `${name}.ts`)], bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2022', minify: true, legalComments: 'none', logLevel: 'warning', plugins: [englishZodOnly] });
  // Inside an inline <script>, `</script` would end it early; `<\/` means the same in any JS string or regex.
  const script = result.outputFiles[0].text.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>RouterOS MCP: ${title}</title><style>${css}</style></head><body><main id="view" aria-live="polite"><p class="muted">Waiting for the tool result…</p></main><script>${script}</script></body></html>\n`;
  await writeFile(join(out, `${name}.html`), html);
  process.stdout.write(`views: ${name}.html ${Buffer.byteLength(html)} bytes\n`);
}
