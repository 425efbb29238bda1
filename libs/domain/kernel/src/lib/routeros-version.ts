/** The version in RouterOS's `version` text (`7.20.5 (stable)`, `7.16beta3 (testing)`): `7.20.5`, `7.16beta3`. */
export function parseRouterOsVersion(value: string | undefined): string | undefined {
  return /^(\d+\.\d+(?:\.\d+)?(?:beta\d+|rc\d+)?)/.exec(value ?? '')?.[1];
}

/** Compares dotted versions by their numbers (`7.9` < `7.13` < `7.13.1`); a pre-release counts as its release. */
export function compareRouterOsVersions(a: string, b: string): number {
  const x = a.split(/[.a-z]/).map(Number);
  const y = b.split(/[.a-z]/).map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] || 0) - (y[i] || 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Whether `version` is `minimum` or later. */
export function routerOsVersionAtLeast(version: string, minimum: string): boolean {
  return compareRouterOsVersions(version.split(/[a-z]/)[0], minimum) >= 0;
}
