/** The parsed form of a script: statements of words, and the expressions their values are. */
import type { ScriptValue } from './values';

export interface Position {
  line: number;
  column: number;
}

export type Expr =
  /** A bare word: a literal, a menu path segment or (in `where`) a property name. */
  | ({ kind: 'word'; text: string; value: ScriptValue } & Position)
  | ({ kind: 'string'; parts: (string | Expr)[] } & Position)
  | ({ kind: 'variable'; name: string } & Position)
  /** `[ command ]`: the command's value. */
  | ({ kind: 'substitution'; body: Statement[] } & Position)
  /** `{ … }`: a code block (`do=`), or an array when used as a value. */
  | ({ kind: 'block'; body: Statement[] } & Position)
  | ({ kind: 'binary'; op: string; left: Expr; right: Expr } & Position)
  | ({ kind: 'unary'; op: '!' | '-'; operand: Expr } & Position);

/** One word of a command: positional (`$i`, `[find]`, `disabled`) or named (`comment="x"`). */
export interface Argument extends Position {
  name?: string;
  value: Expr;
}

export interface Statement extends Position {
  args: Argument[];
  /** `find where …`: the condition. */
  where?: Expr;
}
