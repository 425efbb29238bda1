import { systemPrincipalId, declaredPrincipalId, oidcClientPrincipalId, oidcPrincipalId, osPrincipalId, parsePrincipalId, PRINCIPAL_NAME, sameActor, tokenPrincipalId } from '../index';

describe('principal ids', () => {
  it('names each way of proving identity in its own namespace', () => {
    expect(osPrincipalId('root')).toBe('os:root');
    expect(declaredPrincipalId('carol')).toBe('as:carol');
    expect(tokenPrincipalId('ci-bot')).toBe('token:ci-bot');
    expect(oidcPrincipalId('https://idp.example.com/realms/ops', 'u1')).toBe('oidc:https://idp.example.com/realms/ops#u1');
    expect(oidcClientPrincipalId('https://idp.example.com/', 'svc')).toBe('oidc-client:https://idp.example.com/#svc');
    expect(systemPrincipalId('recovery')).toBe('system:recovery');
    expect(() => osPrincipalId('')).toThrow(/OS user/);
  });

  it('parses the namespace and the name within it; anything else is an id from before namespaces', () => {
    expect(parsePrincipalId('os:root')).toEqual({ namespace: 'os', name: 'root' });
    expect(parsePrincipalId('oidc:https://idp.example.com/realms/ops#a#b')).toEqual({ namespace: 'oidc', name: 'a#b' });
    expect(parsePrincipalId('anonymous')).toEqual({ namespace: 'anonymous', name: 'anonymous' });
    expect(parsePrincipalId('root')).toEqual({ namespace: 'legacy', name: 'root' });
    expect(parsePrincipalId('ci:deploy')).toEqual({ namespace: 'legacy', name: 'ci:deploy' });
    expect(parsePrincipalId(':x')).toEqual({ namespace: 'legacy', name: ':x' });
    expect(parsePrincipalId('anonymous:x')).toEqual({ namespace: 'legacy', name: 'anonymous:x' });
    expect(parsePrincipalId('unauthenticated')).toEqual({ namespace: 'unauthenticated', name: 'unauthenticated' });
    expect(parsePrincipalId('unauthenticated:x')).toEqual({ namespace: 'legacy', name: 'unauthenticated:x' });
  });

  it('compares namespaced ids exactly: the same name in two namespaces is two principals', () => {
    expect(sameActor('os:root', 'os:root')).toBe(true);
    expect(sameActor('os:root', 'token:root')).toBe(false);
    expect(sameActor('oidc:https://a.example#u1', 'oidc:https://b.example#u1')).toBe(false);
    expect(sameActor('oidc:https://a.example#u1', 'oidc-client:https://a.example#u1')).toBe(false);
    expect(sameActor('anonymous', 'os:anonymous')).toBe(false);
  });

  it('takes a declared (--as) name to be every principal of that name, never the same id', () => {
    expect(sameActor('os:root', 'as:root')).toBe(true);
    expect(sameActor('as:root', 'oidc:https://a.example#root')).toBe(true);
    expect(sameActor('as:carol', 'os:root')).toBe(false);
    expect(sameActor('as:carol', 'as:bob')).toBe(false);
  });

  it('takes an id from before namespaces to be every principal of that name (never self-approvable under a new id)', () => {
    for (const now of ['os:root', 'as:root', 'token:root', 'oidc:https://a.example#root']) {
      expect(sameActor('root', now)).toBe(true);
      expect(sameActor(now, 'root')).toBe(true);
    }
    expect(sameActor('root', 'os:alice')).toBe(false);
    expect(sameActor('root', 'alice')).toBe(false);
  });

  it('lets operators name tokens and declared approvers without namespace separators or control characters', () => {
    for (const good of ['ci-bot', 'alice@laptop', 'a', 'A.b_c-9']) expect(PRINCIPAL_NAME.test(good)).toBe(true);
    for (const bad of ['os:root', 'a#b', '', '-x', 'has space', 'x\u001b[8m', 'x'.repeat(65), 'ｒｏｏｔ']) expect(PRINCIPAL_NAME.test(bad)).toBe(false);
  });
});
