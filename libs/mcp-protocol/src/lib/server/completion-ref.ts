import { closest } from 'fastest-levenshtein';
import { protocolError } from '../errors/map-domain-error';
import type { PromptDefinition } from '../prompts/prompt-catalog';
import { PLAN_RESOURCE_KINDS, RESOURCE_KINDS } from '../resources/resource-catalog';
import { RpcError } from '../errors/rpc-error';

type CompletionRef = { type: string; name?: string; uri?: string };

const TEMPLATES = [...RESOURCE_KINDS, ...PLAN_RESOURCE_KINDS].map((k) => k.template).filter((t) => t.includes('{'));
const variablesOf = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

const refusal = (what: string, name: string, known: string[]) =>
  new RpcError(protocolError('INVALID_PARAMS', `unknown ${what} '${name}'${known.length ? `; did you mean '${closest(name, known)}'?` : ''}`, { field: what === 'argument' ? 'argument.name' : 'ref', known }, `Use one of: ${known.join(', ')}.`));

/**
 * The argument names a completion reference takes: a prompt's arguments or a resource template's variables. A
 * reference or an argument the server does not have is refused (-32602) naming the closest, never answered empty.
 */
export function assertCompletable(ref: CompletionRef, argument: string, prompts: readonly PromptDefinition[]): void {
  let names: string[];
  if (ref.type === 'ref/prompt') {
    const prompt = prompts.find((p) => p.name === ref.name);
    if (!prompt) throw refusal('prompt', String(ref.name), prompts.map((p) => p.name));
    names = prompt.arguments.map((a) => a.name);
  } else {
    if (!TEMPLATES.includes(String(ref.uri))) throw refusal('resource template', String(ref.uri), TEMPLATES);
    names = variablesOf(String(ref.uri));
  }
  if (!names.includes(argument)) throw refusal('argument', argument, names);
}
