import type { Era } from './era-client';
import { TRANSPORT } from './fleet-setup';

/**
 * Pairwise transport × revision × RouterOS version, for scenarios that behave alike on each (this file also runs
 * over HTTP: apps/http-server maps ./fleet-setup to its own). Over stdio the 2025-era client takes the first
 * version and the 2026-era client the second; over HTTP the other way round. So each transport sees both
 * revisions and both versions, and each revision both versions: every pair is covered, in half the runs of the
 * full matrix. Keep the full matrix where a behaviour differs by transport, revision and version together.
 */
export function pairedVersions<A, B>(era: Era, versions: readonly [A, B]): [A | B] {
  const eraIndex = era === 'legacy' ? 0 : 1;
  return [versions[(eraIndex + (TRANSPORT === 'http' ? 1 : 0)) % 2]];
}
