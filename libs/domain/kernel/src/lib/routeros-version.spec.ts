import { compareRouterOsVersions, parseRouterOsVersion, routerOsVersionAtLeast } from './routeros-version';

describe('RouterOS versions', () => {
  it("reads the version out of RouterOS's version text", () => {
    expect(parseRouterOsVersion('7.20.5 (stable)')).toBe('7.20.5');
    expect(parseRouterOsVersion('7.21beta3 (testing)')).toBe('7.21beta3');
    expect(parseRouterOsVersion('garbage')).toBeUndefined();
  });

  it('compares by the numbers', () => {
    expect(routerOsVersionAtLeast('7.20.5', '7.18')).toBe(true);
    expect(routerOsVersionAtLeast('7.9', '7.13')).toBe(false);
    expect(routerOsVersionAtLeast('7.13', '7.13')).toBe(true);
    expect(routerOsVersionAtLeast('7.21beta3', '7.21')).toBe(true);
    expect(['7.20.5', '7.9', '7.15.3', '7.15', '6.49.10'].sort(compareRouterOsVersions)).toEqual(['6.49.10', '7.9', '7.15', '7.15.3', '7.20.5']);
  });
});
