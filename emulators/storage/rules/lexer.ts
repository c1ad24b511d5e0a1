/** A lexical token of the rules language. */
export interface Token {
  type: 'identifier' | 'int' | 'float' | 'string' | 'punct' | 'eof';
  text: string;
  /** Decoded value for string literals. */
  value?: string;
  line: number;
}

const PUNCTUATION = [
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  ';',
  ',',
  '.',
  ':',
  '?',
  '=',
  '<',
  '>',
  '!',
  '+',
  '-',
  '*',
  '/',
  '%',
];

/** Thrown for lexical and syntax errors; carries the 1-based line. */
export class RulesSyntaxError extends Error {
  constructor(
    /** The problem alone, without the file and line. */
    readonly detail: string,
    readonly line: number,
  ) {
    super(`storage.rules:${line}: ${detail}`);
    this.name = 'RulesSyntaxError';
  }
}

/**
 * On-demand tokenizer. The parser pulls tokens one at a time because `match` paths
 * (`/users/{uid}/{path=**}`) are lexed differently from expressions (`readMatchPath`).
 */
export class Lexer {
  private pos = 0;
  private line = 1;
  private buffered: Token | undefined;

  constructor(private readonly source: string) {}

  peek(): Token {
    this.buffered ??= this.scan();
    return this.buffered;
  }

  next(): Token {
    const token = this.peek();
    this.buffered = undefined;
    return token;
  }

  /**
   * Reads the raw path after `match`, e.g. `/b/{bucket}/o`, stopping at the whitespace or `{`
   * that opens the block.
   */
  readMatchPath(): { text: string; line: number } {
    if (this.buffered) throw new RulesSyntaxError('Internal: path read after peek', this.line);
    this.skipTrivia();
    const start = this.pos;
    while (this.source[this.pos] === '/') {
      this.pos++;
      if (this.source[this.pos] === '{') {
        const close = this.source.indexOf('}', this.pos);
        if (close === -1) throw new RulesSyntaxError('Unclosed "{" in match path', this.line);
        this.pos = close + 1;
      } else {
        while (this.pos < this.source.length && /[^/\s{]/.test(this.source[this.pos]!)) this.pos++;
      }
    }
    if (start === this.pos)
      throw new RulesSyntaxError('Expected a path starting with "/" after match', this.line);
    return { text: this.source.slice(start, this.pos), line: this.line };
  }

  private skipTrivia(): void {
    for (;;) {
      const c = this.source[this.pos];
      if (c === '\n') {
        this.line++;
        this.pos++;
      } else if (c === ' ' || c === '\t' || c === '\r') this.pos++;
      else if (c === '/' && this.source[this.pos + 1] === '/') {
        while (this.pos < this.source.length && this.source[this.pos] !== '\n') this.pos++;
      } else if (c === '/' && this.source[this.pos + 1] === '*') {
        const end = this.source.indexOf('*/', this.pos + 2);
        if (end === -1) throw new RulesSyntaxError('Unclosed comment', this.line);
        for (let i = this.pos; i < end; i++) if (this.source[i] === '\n') this.line++;
        this.pos = end + 2;
      } else return;
    }
  }

  private scan(): Token {
    this.skipTrivia();
    const line = this.line;
    if (this.pos >= this.source.length) return { type: 'eof', text: '', line };
    const rest = this.source.slice(this.pos);
    const ident = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
    if (ident) {
      // r'…' / r"…" raw strings: backslashes are kept (handy for regular expressions).
      if (ident[0] === 'r' && (rest[1] === "'" || rest[1] === '"')) {
        this.pos++;
        return this.scanString(line, true);
      }
      this.pos += ident[0].length;
      return { type: 'identifier', text: ident[0], line };
    }
    const number =
      /^(\d+\.\d*(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+|\.\d+(?:[eE][+-]?\d+)?|0[xX][0-9a-fA-F]+|\d+)/.exec(
        rest,
      );
    if (number) {
      this.pos += number[0].length;
      const isFloat = /[.eE]/.test(number[0]) && !/^0[xX]/.test(number[0]);
      return { type: isFloat ? 'float' : 'int', text: number[0], line };
    }
    if (rest[0] === "'" || rest[0] === '"') return this.scanString(line, false);
    const punct = PUNCTUATION.find((p) => rest.startsWith(p));
    if (punct) {
      this.pos += punct.length;
      return { type: 'punct', text: punct, line };
    }
    throw new RulesSyntaxError(`Unexpected character ${JSON.stringify(rest[0])}`, line);
  }

  private scanString(line: number, raw: boolean): Token {
    const quote = this.source[this.pos]!;
    const start = this.pos;
    this.pos++;
    let value = '';
    for (;;) {
      const c = this.source[this.pos];
      if (c === undefined || c === '\n') throw new RulesSyntaxError('Unterminated string', line);
      this.pos++;
      if (c === quote) break;
      if (c === '\\' && !raw) {
        const e = this.source[this.pos++];
        const simple: Record<string, string> = {
          n: '\n',
          t: '\t',
          r: '\r',
          '\\': '\\',
          "'": "'",
          '"': '"',
          '0': '\0',
        };
        if (e === 'u') {
          value += String.fromCharCode(parseInt(this.source.slice(this.pos, this.pos + 4), 16));
          this.pos += 4;
        } else if (e !== undefined && e in simple) value += simple[e];
        else value += `\\${e ?? ''}`; // unknown escapes (e.g. `\.` in a regex) are kept verbatim
      } else value += c;
    }
    return { type: 'string', text: this.source.slice(start, this.pos), value, line };
  }
}
