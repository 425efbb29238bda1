import type { PlanTopic } from './plan-topic';
import { UnknownFieldError } from './topic-fields';

/** Every field a topic refuses is one parse; a change cannot hold more keys than this worth re-parsing for. */
const MAX_UNKNOWN = 200;

type Node = Record<string, unknown> | unknown[];

/**
 * The object holding the key at dotted `path`, and that key. Keys may hold dots themselves (`security.passphrase`):
 * at each level the longest run of segments that is a key wins.
 */
function ownerOf(root: unknown, path: string): { owner: Node; key: string } | undefined {
  const parts = path.split('.');
  let node = root;
  for (let i = 0; i < parts.length; ) {
    if (!node || typeof node !== 'object') return undefined;
    let j = parts.length;
    while (j > i && !Object.prototype.hasOwnProperty.call(node, parts.slice(i, j).join('.'))) j--;
    if (j === i) return undefined;
    const key = parts.slice(i, j).join('.');
    if (j === parts.length) return { owner: node as Node, key };
    node = (node as Record<string, unknown>)[key];
    i = j;
  }
  return undefined;
}

/**
 * `change` with the value of every field `topic` does not take (each its parse refuses with UnknownFieldError)
 * replaced by `marker`, at any depth: what an audit record may keep of a refused plan (a `psk` in a Wi-Fi profile
 * must not reach the database). Fields the topic takes are left as they are (its secret fields are redacted apart).
 */
export function withoutUnknownFields<T>(topic: Pick<PlanTopic, 'parse'>, change: T, marker: string): T {
  if (!change || typeof change !== 'object' || Array.isArray(change)) return change;
  const probe = structuredClone(change) as Record<string, unknown>;
  const kept = structuredClone(change) as Record<string, unknown>;
  for (let n = 0; n < MAX_UNKNOWN; n++) {
    try {
      topic.parse(probe);
      return kept as T;
    } catch (error) {
      if (!(error instanceof UnknownFieldError)) return kept as T;
      const inProbe = ownerOf(probe, error.field);
      const inKept = ownerOf(kept, error.field);
      if (!inProbe || !inKept) return kept as T;
      delete (inProbe.owner as Record<string, unknown>)[inProbe.key];
      (inKept.owner as Record<string, unknown>)[inKept.key] = marker;
    }
  }
  return kept as T;
}
