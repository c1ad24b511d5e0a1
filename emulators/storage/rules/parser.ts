import type {
  AllowStatement,
  BinaryOperator,
  Expr,
  FunctionDecl,
  MatchBlock,
  PathSegment,
  RulesMethod,
  Ruleset,
} from './ast';
import { Lexer, RulesSyntaxError, type Token } from './lexer';

const METHOD_GROUPS: Record<string, RulesMethod[]> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

/** Binary operators by precedence, loosest first (Firebase rules / CEL order). */
const PRECEDENCE: BinaryOperator[][] = [
  ['||'],
  ['&&'],
  ['==', '!=', '<', '<=', '>', '>=', 'in'],
  ['+', '-'],
  ['*', '/', '%'],
];

/**
 * Parses a `storage.rules` file into a `Ruleset`.
 *
 * Grammar (Firebase Security Rules reference, "Structuring security rules" and "Rules language"):
 * `rules_version = '2';` (optional), then `service <name> { … }` holding `function`s and `match`
 * blocks; a match block holds `allow <methods>[: if <expr>];`, functions and nested matches.
 *
 * @throws RulesSyntaxError with the line number on any error.
 */
export function parseRules(source: string): Ruleset {
  return new Parser(source).parseFile();
}

class Parser {
  private readonly lexer: Lexer;

  constructor(source: string) {
    this.lexer = new Lexer(source);
  }

  parseFile(): Ruleset {
    let version: '1' | '2' = '1';
    if (this.peekIdentifier('rules_version')) {
      this.lexer.next();
      this.expect('=');
      const token = this.lexer.next();
      if (token.type !== 'string' || (token.value !== '1' && token.value !== '2')) {
        throw new RulesSyntaxError("rules_version must be '1' or '2'", token.line);
      }
      version = token.value;
      this.accept(';');
    }
    this.expectIdentifier('service');
    let service = this.expectIdentifier().text;
    while (this.accept('.')) service += `.${this.expectIdentifier().text}`;
    this.expect('{');
    const functions: FunctionDecl[] = [];
    const matches: MatchBlock[] = [];
    while (!this.accept('}')) {
      if (this.peekIdentifier('function')) functions.push(this.parseFunction());
      else if (this.peekIdentifier('match')) matches.push(this.parseMatch());
      else this.fail(this.lexer.peek(), 'Expected "match" or "function"');
    }
    const end = this.lexer.next();
    if (end.type !== 'eof') this.fail(end, 'Unexpected text after the service block');
    return { version, service, functions, matches };
  }

  private parseMatch(): MatchBlock {
    const line = this.expectIdentifier('match').line;
    const path = this.lexer.readMatchPath();
    const segments = parseSegments(path.text, path.line);
    this.expect('{');
    const block: MatchBlock = { segments, allows: [], functions: [], matches: [], line };
    while (!this.accept('}')) {
      if (this.peekIdentifier('allow')) block.allows.push(this.parseAllow());
      else if (this.peekIdentifier('function')) block.functions.push(this.parseFunction());
      else if (this.peekIdentifier('match')) block.matches.push(this.parseMatch());
      else this.fail(this.lexer.peek(), 'Expected "allow", "match" or "function"');
    }
    return block;
  }

  private parseAllow(): AllowStatement {
    const line = this.expectIdentifier('allow').line;
    const methods = new Set<RulesMethod>();
    do {
      const token = this.expectIdentifier();
      const group = METHOD_GROUPS[token.text];
      if (!group) this.fail(token, `Unknown method "${token.text}"`);
      group.forEach((m) => methods.add(m));
    } while (this.accept(','));
    let condition: Expr | null = null;
    if (this.accept(':')) {
      this.expectIdentifier('if');
      condition = this.parseExpression();
    }
    this.expect(';');
    return { methods: [...methods], condition, line };
  }

  private parseFunction(): FunctionDecl {
    const line = this.expectIdentifier('function').line;
    const name = this.expectIdentifier().text;
    this.expect('(');
    const params: string[] = [];
    if (!this.accept(')')) {
      do params.push(this.expectIdentifier().text);
      while (this.accept(','));
      this.expect(')');
    }
    this.expect('{');
    const lets: FunctionDecl['lets'] = [];
    while (this.peekIdentifier('let')) {
      this.lexer.next();
      const variable = this.expectIdentifier().text;
      this.expect('=');
      lets.push({ name: variable, value: this.parseExpression() });
      this.expect(';');
    }
    this.expectIdentifier('return');
    const body = this.parseExpression();
    this.accept(';');
    this.expect('}');
    return { name, params, lets, body, line };
  }

  /** expression := or ('?' expression ':' expression)? */
  private parseExpression(): Expr {
    const test = this.parseBinary(0);
    if (!this.accept('?')) return test;
    const consequent = this.parseExpression();
    this.expect(':');
    const alternate = this.parseExpression();
    return { kind: 'conditional', test, consequent, alternate, line: test.line };
  }

  private parseBinary(level: number): Expr {
    if (level === PRECEDENCE.length) return this.parseUnary();
    let left = this.parseBinary(level + 1);
    for (;;) {
      const token = this.lexer.peek();
      if (level === 2 && token.type === 'identifier' && token.text === 'is') {
        this.lexer.next();
        left = { kind: 'is', operand: left, type: this.expectIdentifier().text, line: token.line };
        continue;
      }
      const operator = PRECEDENCE[level]!.find(
        (op) => (token.type === 'punct' || token.type === 'identifier') && token.text === op,
      );
      if (!operator) return left;
      this.lexer.next();
      const right = this.parseBinary(level + 1);
      left = { kind: 'binary', operator, left, right, line: token.line };
    }
  }

  private parseUnary(): Expr {
    const token = this.lexer.peek();
    if (token.type === 'punct' && (token.text === '!' || token.text === '-')) {
      this.lexer.next();
      return { kind: 'unary', operator: token.text, operand: this.parseUnary(), line: token.line };
    }
    return this.parsePostfix(this.parsePrimary());
  }

  private parsePostfix(expr: Expr): Expr {
    for (;;) {
      const token = this.lexer.peek();
      if (this.accept('.')) {
        expr = {
          kind: 'member',
          object: expr,
          name: this.expectIdentifier().text,
          line: token.line,
        };
      } else if (this.accept('(')) {
        expr = { kind: 'call', callee: expr, args: this.parseList(')'), line: token.line };
      } else if (this.accept('[')) {
        const start = this.peekPunct(':') ? null : this.parseExpression();
        if (this.accept(':')) {
          const end = this.peekPunct(']') ? null : this.parseExpression();
          this.expect(']');
          expr = { kind: 'slice', object: expr, start, end, line: token.line };
        } else {
          this.expect(']');
          expr = { kind: 'index', object: expr, index: start!, line: token.line };
        }
      } else return expr;
    }
  }

  private parsePrimary(): Expr {
    const token = this.lexer.next();
    const line = token.line;
    switch (token.type) {
      case 'int':
        return { kind: 'literal', value: BigInt(token.text), line };
      case 'float':
        return { kind: 'literal', value: Number(token.text), line };
      case 'string':
        return { kind: 'literal', value: token.value!, line };
      case 'identifier':
        if (token.text === 'true' || token.text === 'false')
          return { kind: 'literal', value: token.text === 'true', line };
        if (token.text === 'null') return { kind: 'literal', value: null, line };
        return { kind: 'identifier', name: token.text, line };
      case 'punct':
        if (token.text === '(') {
          const inner = this.parseExpression();
          this.expect(')');
          return inner;
        }
        if (token.text === '[') return { kind: 'list', items: this.parseList(']'), line };
        if (token.text === '{') {
          const entries: Array<[Expr, Expr]> = [];
          if (!this.accept('}')) {
            do {
              const key = this.parseExpression();
              this.expect(':');
              entries.push([key, this.parseExpression()]);
            } while (this.accept(','));
            this.expect('}');
          }
          return { kind: 'map', entries, line };
        }
    }
    return this.fail(
      token,
      `Unexpected ${token.type === 'eof' ? 'end of file' : `"${token.text}"`}`,
    );
  }

  private parseList(close: string): Expr[] {
    const items: Expr[] = [];
    if (this.accept(close)) return items;
    do items.push(this.parseExpression());
    while (this.accept(','));
    this.expect(close);
    return items;
  }

  private accept(punct: string): boolean {
    if (!this.peekPunct(punct)) return false;
    this.lexer.next();
    return true;
  }

  private peekPunct(punct: string): boolean {
    const token = this.lexer.peek();
    return token.type === 'punct' && token.text === punct;
  }

  private peekIdentifier(text: string): boolean {
    const token = this.lexer.peek();
    return token.type === 'identifier' && token.text === text;
  }

  private expect(punct: string): Token {
    const token = this.lexer.next();
    if (token.type !== 'punct' || token.text !== punct) this.fail(token, `Expected "${punct}"`);
    return token;
  }

  private expectIdentifier(text?: string): Token {
    const token = this.lexer.next();
    if (token.type !== 'identifier' || (text !== undefined && token.text !== text)) {
      this.fail(token, `Expected ${text ? `"${text}"` : 'a name'}`);
    }
    return token;
  }

  private fail(token: Token, message: string): never {
    throw new RulesSyntaxError(
      `${message}, found ${token.type === 'eof' ? 'end of file' : `"${token.text}"`}`,
      token.line,
    );
  }
}

function parseSegments(path: string, line: number): PathSegment[] {
  const parts = path.split('/').slice(1);
  return parts.map((part, index) => {
    const wildcard = /^\{([A-Za-z_][A-Za-z0-9_]*)(=\*\*)?\}$/.exec(part);
    if (!wildcard) {
      if (part === '' || part.includes('{') || part.includes('}')) {
        throw new RulesSyntaxError(`Invalid match path segment "${part}" in ${path}`, line);
      }
      return { kind: 'literal', text: part };
    }
    if (wildcard[2]) {
      if (index !== parts.length - 1)
        throw new RulesSyntaxError(`{${wildcard[1]}=**} must be the last segment`, line);
      return { kind: 'rest', variable: wildcard[1]! };
    }
    return { kind: 'single', variable: wildcard[1]! };
  });
}
