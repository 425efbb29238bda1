import { displayAlteringCharacter, displayJson, displayText, findDisplayAltering, refuseDisplayAltering, refuseDisplayAlteringIn, ValidationError } from '../index';

/** Every code point of a general category, from the whole of Unicode (lone surrogates included for Cs). */
function codePointsOf(category: 'Cc' | 'Cf' | 'Zl' | 'Zp' | 'Cs'): string[] {
  const test = new RegExp(`^\\p{${category}}$`, 'u');
  const found: string[] = [];
  for (let code = 0; code <= 0x10ffff; code++) {
    const character = String.fromCodePoint(code);
    if (test.test(character)) found.push(character);
  }
  return found;
}

/** Anything a terminal, a log viewer or a browser would act on instead of showing. */
const RAW = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
const hex = (c: string) => c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');

describe('displayText', () => {
  it.each(['Cc', 'Cf', 'Zl', 'Zp', 'Cs'] as const)('escapes every %s character visibly', (category) => {
    const characters = codePointsOf(category);
    expect(characters.length).toBeGreaterThan(0);
    for (const c of characters) {
      const shown = displayText(`a${c}b`);
      expect(shown).not.toMatch(RAW);
      // C0 and DEL become their control pictures; everything else is named.
      const code = c.codePointAt(0)!;
      const expected = code < 0x20 ? String.fromCodePoint(0x2400 + code) : code === 0x7f ? '␡' : `<U+${hex(c)}>`;
      expect(shown).toBe(`a${expected}b`);
    }
  });

  it('covers C0, DEL and the C1 controls U+0080–U+009F (the 8-bit CSI U+009B among them)', () => {
    const controls = codePointsOf('Cc').map((c) => c.codePointAt(0));
    expect(controls).toEqual([...Array(0x20).keys(), 0x7f, ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i)]);
    expect(displayText('\u009b31mred')).toBe('<U+009B>31mred');
    expect(displayText('next\u0085line')).toBe('next<U+0085>line');
  });

  it.each([
    ['a forged heading on its own line', 'DNS tidy-up\n\n## phome (batch 1/1): no change', 'DNS tidy-up␊␊## phome (batch 1/1): no change'],
    ['an unterminated conceal that would hide the real diff', 'x\u001b[8m', 'x␛[8m'],
    ['a coloured fake approval', 'x\n\u001b[31mAPPROVED BY SECURITY\u001b[0m\n', 'x␊␛[31mAPPROVED BY SECURITY␛[0m␊'],
    ['a carriage return that overwrites the line', 'harmless\rAPPROVED', 'harmless␍APPROVED'],
    ['a cursor move up and line erase', '\u001b[2A\u001b[2Kgone', '␛[2A␛[2Kgone'],
    ['an OSC 8 hyperlink', '\u001b]8;;https://evil.example\u001b\\click\u001b]8;;\u001b\\', '␛]8;;https://evil.example␛\\click␛]8;;␛\\'],
    ['an OSC title change ended by BEL', '\u001b]0;pwned\u0007', '␛]0;pwned␇'],
    ['a right-to-left override', 'evil\u202Egnp.exe', 'evil<U+202E>gnp.exe'],
    ['isolates and zero-width characters', '\u2066a\u2069\u200Bb\uFEFF', '<U+2066>a<U+2069><U+200B>b<U+FEFF>'],
    ['line and paragraph separators', 'a\u2028b\u2029c', 'a<U+2028>b<U+2029>c'],
    ['a lone high and a lone low surrogate', 'a\uD800b\uDC00c', 'a<U+D800>b<U+DC00>c'],
    ['an astral format character (a language tag)', 'x\u{E0001}y', 'x<U+E0001>y'],
    ['tab, NUL, backspace', 'a\tb\u0000c\bd', 'a␉b␀c␈d'],
  ])('%s', (_label, text, expected) => {
    expect(displayText(text)).toBe(expected);
    expect(displayText(text)).not.toMatch(RAW);
  });

  it('leaves ordinary text alone: accents, CJK, emoji (a well-formed surrogate pair), quotes and backslashes', () => {
    for (const text of ['ünïcode', '路由器', 'rocket 🚀', 'say "hi" \\ there', 'mcp:allow-ssh', '']) expect(displayText(text)).toBe(text);
  });

  it('is idempotent: its stand-ins are themselves plain text', () => {
    const once = displayText('a\n\u001b[8m\u202E\uD800');
    expect(displayText(once)).toBe(once);
  });
});

describe('displayJson', () => {
  it('escapes what JSON.stringify leaves raw (DEL, C1, bidi, zero-width, separators) and still parses to the same value', () => {
    const value = { title: 'a\u007f\u0085\u009b\u202E\u200B\u2028\u2029\u{E0001}z', nested: ['\u001b[8m', 'ok 🚀'], lone: '\uD800' };
    const json = displayJson(value);
    expect(json).not.toMatch(RAW);
    expect(JSON.parse(json)).toEqual(value);
    expect(json).toContain('\\u202e');
    expect(json).toContain('\\udb40\\udc01');
  });

  it('indents when asked and answers null for undefined', () => {
    expect(displayJson({ a: 1 }, 2)).toBe('{\n  "a": 1\n}');
    expect(displayJson(undefined)).toBe('null');
  });
});

describe('findDisplayAltering', () => {
  it('names the path to the first offending string, depth first in property order', () => {
    expect(findDisplayAltering({ a: 'ok', b: [{ c: 'fine' }, { c: 'x\u202E' }], d: '\u001b' })).toEqual({ path: ['b', 1, 'c'], inKey: false, character: 'U+202E' });
    expect(findDisplayAltering({ title: 'x', exclude: [{ device_id: 'r1', reason: 'y\n' }] })).toEqual({ path: ['exclude', 0, 'reason'], inKey: false, character: 'U+000A' });
  });

  it('finds a property name holding one, without putting the name in the path', () => {
    expect(findDisplayAltering({ change: { 'ssid\u202E': 'x' } })).toEqual({ path: ['change'], inKey: true, character: 'U+202E' });
  });

  it('answers undefined for clean values, numbers, booleans and null', () => {
    expect(findDisplayAltering({ a: 1, b: true, c: null, d: ['x', { e: 'ü 🚀' }] })).toBeUndefined();
  });

  it('walks a value nested 10,000 levels deep without exhausting the stack', () => {
    let deep: unknown = 'bottom\u001b';
    for (let i = 0; i < 10_000; i++) deep = { next: deep };
    expect(findDisplayAltering(deep)?.path).toHaveLength(10_000);
  });
});

describe('refusing display-altering text at input', () => {
  it('names the field and the character as U+XXXX, never the text', () => {
    expect(() => refuseDisplayAltering('DNS\n## fake', 'title')).toThrow(ValidationError);
    expect(() => refuseDisplayAltering('DNS\n## fake', 'title')).toThrow('title: must not contain control, invisible or direction-changing characters (found U+000A)');
    expect(() => refuseDisplayAltering('fine', 'title')).not.toThrow();
    expect(() => refuseDisplayAltering(undefined, 'title')).not.toThrow();
  });

  it('refuses anywhere in a nested value, with the dotted path as the field', () => {
    expect(() => refuseDisplayAlteringIn({ interfaces: [{ ssid: 'home\u202E' }] }, 'change')).toThrow('change.interfaces.0.ssid: must not contain control, invisible or direction-changing characters (found U+202E)');
    expect(() => refuseDisplayAlteringIn({ 'k\u0000': 1 }, 'change')).toThrow('change: a property name must not contain');
    expect(() => refuseDisplayAlteringIn({ a: ['ok'] })).not.toThrow();
  });

  it('displayAlteringCharacter refuses lone surrogates too', () => {
    expect(displayAlteringCharacter('a\uDC00')).toBe('U+DC00');
    expect(displayAlteringCharacter('🚀')).toBeUndefined();
  });
});

describe('multi-line text', () => {
  it('lets line breaks and tabs through where the value may hold lines, and nothing else', () => {
    const source = { operations: [{ values: { source: ':log info a\n\t:log info b', comment: 'x\ny' } }] };
    const multiline = (path: readonly (string | number)[]) => path.join('.') === 'operations.0.values.source';
    expect(findDisplayAltering(source, multiline)).toEqual({ path: ['operations', 0, 'values', 'comment'], inKey: false, character: 'U+000A' });
    expect(findDisplayAltering({ operations: [{ values: { source: 'a\nb' } }] }, multiline)).toBeUndefined();
    expect(findDisplayAltering({ operations: [{ values: { source: 'a\u202Eb' } }] }, multiline)).toMatchObject({ character: 'U+202E' });
    expect(() => refuseDisplayAlteringIn({ source: 'a\nb' }, 'change')).toThrow(/change\.source/);
  });
});
