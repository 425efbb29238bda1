import * as domain from '@routeros-mcp/composition';
import * as copy from './vocabulary';

describe('the CLI vocabulary', () => {
  it.each(Object.keys(copy))('%s is the domain\'s own', (name) => {
    expect(name in domain).toBe(true);
    const ours = copy[name as keyof typeof copy];
    const theirs = domain[name as keyof typeof domain];
    if (ours instanceof RegExp) expect(String(ours)).toBe(String(theirs));
    else expect(ours).toEqual(theirs);
  });
});
