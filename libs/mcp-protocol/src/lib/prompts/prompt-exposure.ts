import type { PromptDefinition } from './prompt-catalog';

/** A prompt a deployment does not list: the tools it needs that are switched off there. */
export interface WithheldPrompt {
  prompt: PromptDefinition;
  missing: string[];
}

/** The prompts one deployment serves, adapted to the tools it lists, and those it withholds. */
export interface ServedPrompts {
  listed: PromptDefinition[];
  withheld: WithheldPrompt[];
}

/** The tools of `known` that `text` names, in order of first mention. */
export function toolsNamed(text: string, known: ReadonlySet<string>): string[] {
  return [...new Set([...text.matchAll(/\b[a-z]+(?:_[a-z]+)+\b/g)].map((m) => m[0]).filter((word) => known.has(word)))];
}

const STEP = /^(\d+)\. /;

/**
 * The template without the numbered steps that name a tool not listed (a step's indented continuation lines go with
 * it), the remaining steps renumbered: a model is never sent to a tool it cannot call.
 */
export function adaptTemplate(template: string, listed: ReadonlySet<string>, known: ReadonlySet<string>): string {
  const kept: string[] = [];
  let dropping = false;
  let step = 0;
  for (const line of template.split('\n')) {
    if (STEP.test(line)) {
      dropping = toolsNamed(line, known).some((tool) => !listed.has(tool));
      if (!dropping) kept.push(line.replace(STEP, `${++step}. `));
    } else if (dropping && /^\s+\S/.test(line)) {
      continue;
    } else {
      dropping = false;
      kept.push(line);
    }
  }
  return kept.join('\n');
}

/** Each prompt as `listed` tools allow: withheld when a tool it requires is not listed, else its steps adapted. */
export function servePrompts(prompts: readonly PromptDefinition[], listed: ReadonlySet<string>, known: ReadonlySet<string>): ServedPrompts {
  const served: ServedPrompts = { listed: [], withheld: [] };
  for (const prompt of prompts) {
    const missing = prompt.requires.filter((tool) => !listed.has(tool));
    if (missing.length) served.withheld.push({ prompt, missing });
    else served.listed.push({ ...prompt, template: adaptTemplate(prompt.template, listed, known) });
  }
  return served;
}
