import { boundedMemo } from './bounded-memo';

describe('boundedMemo', () => {
  it('computes each key once, up to the limit, and never remembers a throw', () => {
    const computed: string[] = [];
    const upper = boundedMemo((key: string) => {
      computed.push(key);
      if (key === 'bad') throw new Error('bad key');
      return key === 'none' ? undefined : key.toUpperCase();
    }, 2);
    expect([upper('a'), upper('a'), upper('none'), upper('none')]).toEqual(['A', 'A', undefined, undefined]);
    expect([upper('b'), upper('b')]).toEqual(['B', 'B']); // past the limit: computed every time
    expect(() => upper('bad')).toThrow('bad key');
    expect(computed).toEqual(['a', 'none', 'b', 'b', 'bad']);
  });
});
