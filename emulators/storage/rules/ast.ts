/**
 * Syntax tree of a `storage.rules` file (Firebase Security Rules language, rules_version 1 or 2).
 * Produced by `parser.ts`, walked by `evaluator.ts`.
 */

/** The five request methods rules distinguish (`read` = get + list; `write` = create + update + delete). */
export type RulesMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

export type BinaryOperator =
  '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%';

/** An expression node; `line` is 1-based, for error messages. */
export type Expr =
  | { kind: 'literal'; value: null | boolean | bigint | number | string; line: number }
  | { kind: 'identifier'; name: string; line: number }
  | { kind: 'member'; object: Expr; name: string; line: number }
  | { kind: 'index'; object: Expr; index: Expr; line: number }
  | { kind: 'slice'; object: Expr; start: Expr | null; end: Expr | null; line: number }
  | { kind: 'call'; callee: Expr; args: Expr[]; line: number }
  | { kind: 'unary'; operator: '!' | '-'; operand: Expr; line: number }
  | { kind: 'binary'; operator: BinaryOperator; left: Expr; right: Expr; line: number }
  | { kind: 'is'; operand: Expr; type: string; line: number }
  | { kind: 'conditional'; test: Expr; consequent: Expr; alternate: Expr; line: number }
  | { kind: 'list'; items: Expr[]; line: number }
  | { kind: 'map'; entries: Array<[Expr, Expr]>; line: number };

/** `function name(params) { let a = …; return …; }` */
export interface FunctionDecl {
  name: string;
  params: string[];
  lets: Array<{ name: string; value: Expr }>;
  body: Expr;
  line: number;
}

/** `allow read, write: if <condition>;` — a missing condition means always. */
export interface AllowStatement {
  methods: RulesMethod[];
  condition: Expr | null;
  line: number;
}

/** One segment of a match path: literal text, `{name}` (one segment) or `{name=**}` (the rest). */
export type PathSegment =
  | { kind: 'literal'; text: string }
  | { kind: 'single'; variable: string }
  | { kind: 'rest'; variable: string };

/** `match /a/{b}/{c=**} { … }` with its statements. */
export interface MatchBlock {
  segments: PathSegment[];
  allows: AllowStatement[];
  functions: FunctionDecl[];
  matches: MatchBlock[];
  line: number;
}

/** A whole rules file. */
export interface Ruleset {
  /** `'1'` when `rules_version` is absent, as Firebase assumes. */
  version: '1' | '2';
  /** e.g. `firebase.storage`. */
  service: string;
  functions: FunctionDecl[];
  matches: MatchBlock[];
}
