/**
 * Parser for the Realtime Database rules expression language
 * (https://firebase.google.com/docs/reference/security/database): literals (numbers, strings,
 * booleans, null, regex, arrays as arguments), variables, member access, calls and the operators
 * `! - * / % + < <= > >= == != === !== && || ?:` with JavaScript precedence.
 */

/** Syntax tree of an expression. */
export type Expr =
  | { type: 'lit'; value: string | number | boolean | null | RegExp }
  | { type: 'var'; name: string }
  | { type: 'member'; object: Expr; name: string }
  | { type: 'index'; object: Expr; index: Expr }
  | { type: 'call'; callee: Expr; args: Expr[] }
  | { type: 'array'; items: Expr[] }
  | { type: 'unary'; op: '!' | '-'; arg: Expr }
  | { type: 'binary'; op: string; left: Expr; right: Expr }
  | { type: 'cond'; test: Expr; then: Expr; else: Expr };

/** Thrown for an expression that does not parse; the message names the position. */
export class RuleSyntaxError extends Error {
  override readonly name = 'RuleSyntaxError';
}

type Token =
  | { t: 'num'; v: number }
  | { t: 'str'; v: string }
  | { t: 're'; v: RegExp }
  | { t: 'id'; v: string }
  | { t: 'op'; v: string }
  | { t: 'eof' };

const OPERATORS = [
  '===',
  '!==',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '!',
  '(',
  ')',
  '[',
  ']',
  '.',
  ',',
  '?',
  ':',
];

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  // A `/` starts a regex where an operand is expected (after an operator or at the start).
  const operandExpected = (): boolean => {
    const last = out[out.length - 1];
    if (!last) return true;
    if (last.t === 'op') return last.v !== ')' && last.v !== ']';
    return false;
  };
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      const m = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(src.slice(i))!;
      out.push({ t: 'num', v: Number(m[0]) });
      i += m[0].length;
      continue;
    }
    if (/[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(src.slice(i))!;
      out.push({ t: 'id', v: m[0] });
      i += m[0].length;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let s = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\' && j + 1 < src.length) {
          const n = src[j + 1]!;
          s += n === 'n' ? '\n' : n === 't' ? '\t' : n;
          j += 2;
        } else s += src[j++];
      }
      if (j >= src.length) throw new RuleSyntaxError(`Unterminated string at ${i}`);
      out.push({ t: 'str', v: s });
      i = j + 1;
      continue;
    }
    if (c === '/' && operandExpected()) {
      let j = i + 1;
      let body = '';
      let inClass = false;
      while (j < src.length && (src[j] !== '/' || inClass)) {
        if (src[j] === '\\' && j + 1 < src.length) {
          body += src[j]! + src[j + 1]!;
          j += 2;
          continue;
        }
        if (src[j] === '[') inClass = true;
        else if (src[j] === ']') inClass = false;
        body += src[j++];
      }
      if (j >= src.length) throw new RuleSyntaxError(`Unterminated regex at ${i}`);
      j++;
      let flags = '';
      while (j < src.length && /[a-z]/.test(src[j]!)) flags += src[j++];
      if (flags !== '' && flags !== 'i')
        throw new RuleSyntaxError(`Unsupported regex flags ${flags}`);
      try {
        out.push({ t: 're', v: new RegExp(body, flags) });
      } catch {
        throw new RuleSyntaxError(`Invalid regex /${body}/`);
      }
      i = j;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (!op) throw new RuleSyntaxError(`Unexpected character ${JSON.stringify(c)} at ${i}`);
    out.push({ t: 'op', v: op });
    i += op.length;
  }
  out.push({ t: 'eof' });
  return out;
}

const BINARY_LEVELS: string[][] = [
  ['||'],
  ['&&'],
  ['==', '!=', '===', '!=='],
  ['<', '<=', '>', '>='],
  ['+', '-'],
  ['*', '/', '%'],
];

/**
 * Parses one rule expression.
 * @throws RuleSyntaxError with the offending position
 */
export function parseExpression(src: string): Expr {
  const tokens = tokenize(src);
  let pos = 0;
  const peek = (): Token => tokens[pos]!;
  const isOp = (v: string): boolean => {
    const t = peek();
    return t.t === 'op' && t.v === v;
  };
  const expectOp = (v: string): void => {
    if (!isOp(v)) throw new RuleSyntaxError(`Expected '${v}' in ${JSON.stringify(src)}`);
    pos++;
  };

  const ternary = (): Expr => {
    const test = binary(0);
    if (isOp('?')) {
      pos++;
      const a = ternary();
      expectOp(':');
      const b = ternary();
      return { type: 'cond', test, then: a, else: b };
    }
    return test;
  };
  const binary = (level: number): Expr => {
    if (level >= BINARY_LEVELS.length) return unary();
    let left = binary(level + 1);
    for (;;) {
      const t = peek();
      if (t.t === 'op' && BINARY_LEVELS[level]!.includes(t.v)) {
        pos++;
        left = { type: 'binary', op: t.v, left, right: binary(level + 1) };
      } else return left;
    }
  };
  const unary = (): Expr => {
    if (isOp('!') || isOp('-')) {
      const op = (peek() as { v: string }).v as '!' | '-';
      pos++;
      return { type: 'unary', op, arg: unary() };
    }
    return postfix();
  };
  const postfix = (): Expr => {
    let e = primary();
    for (;;) {
      if (isOp('.')) {
        pos++;
        const t = peek();
        if (t.t !== 'id')
          throw new RuleSyntaxError(`Expected a name after '.' in ${JSON.stringify(src)}`);
        pos++;
        e = { type: 'member', object: e, name: t.v };
      } else if (isOp('(')) {
        pos++;
        const args: Expr[] = [];
        if (!isOp(')')) {
          args.push(ternary());
          while (isOp(',')) {
            pos++;
            args.push(ternary());
          }
        }
        expectOp(')');
        e = { type: 'call', callee: e, args };
      } else if (isOp('[')) {
        pos++;
        const index = ternary();
        expectOp(']');
        e = { type: 'index', object: e, index };
      } else return e;
    }
  };
  const primary = (): Expr => {
    const t = peek();
    pos++;
    switch (t.t) {
      case 'num':
      case 'str':
      case 're':
        return { type: 'lit', value: t.v };
      case 'id':
        if (t.v === 'true') return { type: 'lit', value: true };
        if (t.v === 'false') return { type: 'lit', value: false };
        if (t.v === 'null') return { type: 'lit', value: null };
        return { type: 'var', name: t.v };
      case 'op':
        if (t.v === '(') {
          const e = ternary();
          expectOp(')');
          return e;
        }
        if (t.v === '[') {
          const items: Expr[] = [];
          if (!isOp(']')) {
            items.push(ternary());
            while (isOp(',')) {
              pos++;
              items.push(ternary());
            }
          }
          expectOp(']');
          return { type: 'array', items };
        }
        break;
      case 'eof':
        break;
    }
    throw new RuleSyntaxError(`Unexpected token in ${JSON.stringify(src)}`);
  };

  const expr = ternary();
  if (peek().t !== 'eof')
    throw new RuleSyntaxError(`Unexpected trailing input in ${JSON.stringify(src)}`);
  return expr;
}
