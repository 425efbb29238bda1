import stringWidth from 'string-width';
import { terminalSafe } from './cli-io';
import { clipped, CONTINUATION, fold, quoted, reviewWidth, shown } from './display';
import { keyValues, table } from './render';

/** Anything a terminal would act on instead of showing. */
const RAW = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

describe('outside text in CLI output', () => {
  it('shows values on one harmless line, quotes what a model wrote', () => {
    expect(shown('x\n\u001b[31mAPPROVED BY SECURITY\u001b[0m\n')).toBe('x␊␛[31mAPPROVED BY SECURITY␛[0m␊');
    expect(shown(undefined)).toBe('');
    expect(shown(42)).toBe('42');
    // The quotes cannot be closed early: a quote inside is escaped, as in JSON.
    expect(quoted('DNS" (checked by the server) "x\u202E')).toBe('"DNS\\" (checked by the server) \\"x<U+202E>"');
  });

  it('escapes every table cell and key-value value: none can add a row or a line', () => {
    const rendered = table(['ID', 'TITLE'], [['plan-a', 'tidy-up\nplan-b  approved  forged\u001b[8m']]);
    expect(rendered.split('\n')).toHaveLength(2);
    expect(rendered.replace(/\n/g, '')).not.toMatch(RAW);
    expect(keyValues([['title', 'a\n## r1: no change']])).toBe('title: a␊## r1: no change');
  });

  describe('fold', () => {
    const hostile = 'DNS tidy-up\n\n## phome (batch 1/1): no change\u001b[8m ' + 'x'.repeat(30) + ' 路由器路由器路由器路由器 🚀🚀🚀 ' + 'y'.repeat(120);

    it('never makes a line wider than asked (wide characters counted twice), escaping as it goes', () => {
      for (const width of [20, 40, 78]) {
        const lines = fold(hostile, width, '  │ ', '  │ ');
        for (const line of lines) {
          expect(stringWidth(line)).toBeLessThanOrEqual(width);
          expect(line.startsWith('  │ ')).toBe(true);
          expect(line).not.toMatch(RAW);
        }
        expect(lines.join('').replace(/ {2}│ /g, '').replace(/\s/g, '')).toBe(shown(hostile).replace(/\s/g, ''));
      }
    });

    it('starts continuations with the marker, breaking at a space where one is near', () => {
      expect(fold('alpha beta gamma delta', 12)).toEqual(['alpha beta', `${CONTINUATION}gamma`, `${CONTINUATION}delta`]);
      expect(fold('short', 78)).toEqual(['short']);
      expect(fold('', 78)).toEqual(['']);
    });

    it('clips to a width, marking the cut', () => {
      expect(clipped('a'.repeat(100), 10)).toBe(`${'a'.repeat(9)}…`);
      expect(clipped('ab', 10)).toBe('ab');
      expect(clipped('x\u001b[8m', 10)).toBe('x␛[8m');
    });

    it('folds to the terminal\'s width, and to the review width off a terminal', () => {
      expect(reviewWidth({ isTTY: true, columns: 60 })).toBe(60);
      expect(reviewWidth({ isTTY: true, columns: 200 })).toBe(200);
      expect(reviewWidth({ isTTY: false, columns: 40 })).toBe(78);
      expect(reviewWidth({ isTTY: true, columns: 0 })).toBe(78);
    });
  });

  describe('terminalSafe (what write does last)', () => {
    it('keeps line breaks and colour codes, escapes every other control, escape, bidi or zero-width character', () => {
      expect(terminalSafe('a\n\u001b[1mbold\u001b[22m')).toBe('a\n\u001b[1mbold\u001b[22m');
      expect(terminalSafe('x\r\u001b[2Ay\u001b]8;;u\u0007\u202E\u0085\u{E0001}\uD800')).toBe('x␍␛[2Ay␛]8;;u␇<U+202E><U+0085><U+E0001><U+D800>');
    });
  });
});
