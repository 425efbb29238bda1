import { treeFor } from '../schema/menu-schema';
import { ConsoleSyntaxError, parseConsole } from './console-parser';
import { resolveConsole } from './console-resolve';

const tree = treeFor('7.20.5');
const resolve = (input: string) => resolveConsole(tree, parseConsole(input));
const syntaxError = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ConsoleSyntaxError) return error.message;
    throw error;
  }
  throw new Error('no syntax error');
};

describe('console parsing', () => {
  it('reads the shared grammar: quoted values with escapes, item ids, [find], ; between commands', () => {
    const lines = parseConsole('/system identity set name="core \\"1\\" \\$x\\?"; /ip address remove [find comment="a b"]; /ip firewall filter move *5 destination=*3');
    expect(lines).toHaveLength(3);
    expect(lines[0].words.map((w) => [w.text, w.value])).toEqual([['/system', undefined], ['identity', undefined], ['set', undefined], ['name', 'core "1" $x?']]);
    expect(lines[1].words[3]).toMatchObject({ text: '', find: { comment: 'a b' } });
    expect(lines[2].words.slice(4).map((w) => [w.text, w.value])).toEqual([['*5', undefined], ['destination', '*3']]);
  });

  it('reports the column of what it cannot read, as the console does', () => {
    expect(syntaxError(() => parseConsole('/system identity set name="open'))).toBe('syntax error (line 1 column 32)');
    expect(syntaxError(() => parseConsole('/system identity set name=$x'))).toBe('syntax error (line 1 column 27)');
    expect(syntaxError(() => parseConsole('/ip address set *1 comment="a"b'))).toBe('syntax error (line 1 column 31)');
    expect(syntaxError(() => parseConsole('/ip dns set servers=1.1.1.1\n/ip address set *1 comment="\\q"'))).toBe('syntax error (line 2 column 30)');
  });
});

describe('console resolution against the command tree', () => {
  it('takes the slash form, the space form and a mix of both to the same command', () => {
    for (const input of ['/ip/address/print', '/ip address print', '/ip/address print', 'ip address print']) {
      expect(resolve(input)[0]).toMatchObject({ menu: 'ip/address', command: 'print' });
    }
    expect(resolve('/export terse')[0]).toMatchObject({ menu: '', command: 'export', positional: [expect.objectContaining({ text: 'terse' })] });
    expect(resolve('/ip address export')[0]).toMatchObject({ menu: 'ip/address', command: 'export' });
    expect(resolve('/ip address')[0]).toMatchObject({ menu: 'ip/address', command: undefined });
  });

  it('names the first unknown word with its column', () => {
    expect(syntaxError(() => resolve('/ip addresss print'))).toBe('bad command name addresss (line 1 column 5)');
    expect(syntaxError(() => resolve('/ip/addresss/print'))).toBe('bad command name addresss (line 1 column 5)');
    expect(syntaxError(() => resolve('/tool ping-sped'))).toBe('bad command name ping-sped (line 1 column 7)');
    expect(syntaxError(() => resolve('x'))).toBe('bad command name x (line 1 column 1)');
    expect(syntaxError(() => resolve(':put hello'))).toBe('bad command name :put (line 1 column 1)');
  });

  it('has /safe-mode only where the version has it', () => {
    expect(resolve('/safe-mode take')[0]).toMatchObject({ menu: 'safe-mode', command: 'take' });
    expect(syntaxError(() => resolveConsole(treeFor('7.15.3'), parseConsole('/safe-mode/take')))).toBe('bad command name safe-mode (line 1 column 2)');
  });
});
