import { ScriptSyntaxError } from './errors';
import { parseScript } from './parser';

const words = (source: string) => parseScript(source).map((s) => s.args.map((a) => (a.name ? `${a.name}=` : '') + (a.value.kind === 'word' ? a.value.text : a.value.kind)));

describe('script parser', () => {
  it('splits commands on new lines and ;, reads name=value, strings and brackets', () => {
    expect(words('/ip address add address=10.0.0.1/24 comment="a b"; :put [:len "x"]\n:if ($a = 1) do={ :put y }')).toEqual([
      ['/ip', 'address', 'add', 'address=10.0.0.1/24', 'comment=string'],
      [':put', 'substitution'],
      [':if', 'binary', 'do=block'],
    ]);
  });

  it('skips comment lines and joins lines ending in a backslash', () => {
    expect(words('# a comment\n/system identity \\\n  set name=x')).toEqual([['/system', 'identity', 'set', 'name=x']]);
  });

  it('reads escapes and $var / $(expr) pieces inside strings', () => {
    const [statement] = parseScript(':put "a\\"b\\n$x $($y + 1)\\41"');
    const value = statement.args[1].value;
    expect(value.kind === 'string' && value.parts.map((p) => (typeof p === 'string' ? p : p.kind))).toEqual(['a"b\n', 'variable', ' ', 'binary', 'A']);
  });

  it('reads find where as a condition with property names and operators', () => {
    const [statement] = parseScript('/ip firewall filter find where comment~"x" && !disabled');
    expect(statement.where).toMatchObject({ kind: 'binary', op: '&&', left: { op: '~', left: { kind: 'word', text: 'comment' } }, right: { kind: 'unary', op: '!' } });
  });

  it('names the line and column of what it cannot read', () => {
    const at = (source: string) => {
      try {
        parseScript(source);
        return undefined;
      } catch (error) {
        return error instanceof ScriptSyntaxError ? error.message : String(error);
      }
    };
    expect(at(':put "open')).toBe('syntax error (line 1 column 11)');
    expect(at('{ :put 1 ')).toMatch(/^syntax error \(line 1 column \d+\)$/);
    expect(at(':put 1\n:put ($a + )')).toBe('syntax error (line 2 column 12)');
    expect(at(':put 1 ]')).toBe('syntax error (line 1 column 8)');
  });
});
