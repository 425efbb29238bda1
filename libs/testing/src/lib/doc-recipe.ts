import { readFileSync } from 'node:fs';

/**
 * The shell steps of a recipe in a Markdown page, by name: each is the fenced block right after a
 * `<!-- step: NAME -->` line. Specs run them as written, so the page cannot drift from what works.
 */
export function recipeSteps(markdownFile: string): Map<string, string> {
  const text = readFileSync(markdownFile, 'utf8');
  const steps = new Map<string, string>();
  for (const match of text.matchAll(/<!-- step: ([\w-]+) -->\s*\n```\w*\n([\s\S]*?)\n```/g)) steps.set(match[1], match[2]);
  return steps;
}
