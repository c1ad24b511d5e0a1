/**
 * A compiled `database.rules.json` and the cascade semantics of
 * https://firebase.google.com/docs/database/security/rules-behavior (rtdb-rules.md §2):
 * `.read`/`.write` grant top-down and cannot be revoked deeper; `.validate` applies only at its
 * own location, to non-null new data, on the written location, its ancestors and everything
 * written below it.
 */
import type { NodeView } from '../tree/view.js';
import { type AuthVariable, evaluateRule } from './evaluator.js';
import { type Expr, RuleSyntaxError, parseExpression } from './parser.js';

type Rule = Expr | boolean;

/** The `$` bindings at the top, where there are none. */
const NO_VARS: Record<string, string> = Object.freeze({});

/** One location of the rules tree. */
interface RuleNode {
  read?: Rule;
  write?: Rule;
  validate?: Rule;
  indexOn: string[];
  children: Map<string, RuleNode>;
  wildcard?: { name: string; node: RuleNode };
  /** Whether this node or any node below has `.validate` (prunes the validation walk). */
  hasValidate: boolean;
}

/** Thrown for a rules file that is not valid JSON or has invalid rules; names the location. */
export class RulesError extends Error {
  override readonly name = 'RulesError';
}

/** Strips `//` and `/* *\/` comments outside strings (rules files may contain them). */
export function stripJsonComments(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      i += 2;
      while (i < text.length && !(text[i] === '*' && text[i + 1] === '/')) i++;
      i++;
    } else out += c;
  }
  return out;
}

function compileRule(v: unknown, where: string): Rule {
  if (typeof v === 'boolean') return v;
  if (typeof v !== 'string') throw new RulesError(`${where}: expected a boolean or a string`);
  try {
    return parseExpression(v);
  } catch (err) {
    if (err instanceof RuleSyntaxError) throw new RulesError(`${where}: ${err.message}`);
    throw err;
  }
}

function compileNode(json: unknown, where: string): RuleNode {
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    throw new RulesError(`${where}: expected an object`);
  const node: RuleNode = { indexOn: [], children: new Map(), hasValidate: false };
  for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
    const at = `${where}/${key}`;
    if (key === '.read') node.read = compileRule(value, at);
    else if (key === '.write') node.write = compileRule(value, at);
    else if (key === '.validate') node.validate = compileRule(value, at);
    else if (key === '.indexOn') {
      const list = Array.isArray(value) ? value : [value];
      if (!list.every((k) => typeof k === 'string'))
        throw new RulesError(`${at}: expected strings`);
      node.indexOn = list as string[];
    } else if (key.startsWith('.')) throw new RulesError(`${at}: unknown rule type`);
    else if (key.startsWith('$')) {
      if (node.wildcard) throw new RulesError(`${at}: only one $wildcard per location`);
      node.wildcard = { name: key, node: compileNode(value, at) };
    } else node.children.set(key, compileNode(value, at));
  }
  node.hasValidate =
    node.validate !== undefined ||
    [...node.children.values()].some((c) => c.hasValidate) ||
    (node.wildcard?.node.hasValidate ?? false);
  return node;
}

/** The `query` rules variable of a read, or a function that computes it. */
type QueryVariable = Record<string, unknown> | (() => Record<string, unknown>);

/** Who is asking, for one operation. */
export interface RuleSubject {
  auth: AuthVariable;
  now: number;
}

/** A compiled rules file. */
export class Ruleset {
  /**
   * `.read: true` at the root: every read is granted (a grant cannot be revoked deeper), so the
   * callers skip the cascade and the views it would read.
   */
  readonly grantsAllReads: boolean;
  /** `.write: true` at the root and no `.validate` anywhere: every write is granted. */
  readonly grantsAllWrites: boolean;

  private constructor(private readonly top: RuleNode) {
    this.grantsAllReads = top.read === true;
    this.grantsAllWrites = top.write === true && !top.hasValidate;
  }

  /** Rules that allow everything (used when no rules file exists). */
  static open(): Ruleset {
    return Ruleset.fromJSON({ rules: { '.read': true, '.write': true } });
  }

  /**
   * Compiles `{ "rules": {…} }`.
   * @throws RulesError naming the offending location
   */
  static fromJSON(json: unknown): Ruleset {
    if (json === null || typeof json !== 'object' || !('rules' in json))
      throw new RulesError('Rules must be an object with a "rules" key');
    return new Ruleset(compileNode((json as { rules: unknown }).rules, 'rules'));
  }

  /** Parses the text of a rules file (comments allowed). */
  static parse(text: string): Ruleset {
    let json: unknown;
    try {
      json = JSON.parse(stripJsonComments(text));
    } catch (err) {
      throw new RulesError(`Rules file is not valid JSON: ${(err as Error).message}`);
    }
    return Ruleset.fromJSON(json);
  }

  /** Rule nodes along `path` (index d = depth d) with the `$` bindings in force there. */
  private chain(path: readonly string[]): Array<{ node: RuleNode; vars: Record<string, string> }> {
    const out: Array<{ node: RuleNode; vars: Record<string, string> }> = [];
    let node: RuleNode | undefined = this.top;
    let vars: Record<string, string> = {};
    out.push({ node, vars });
    for (const key of path) {
      const literal: RuleNode | undefined = node.children.get(key);
      if (literal) node = literal;
      else if (node.wildcard) {
        vars = { ...vars, [node.wildcard.name]: key };
        node = node.wildcard.node;
      } else break;
      out.push({ node, vars });
    }
    return out;
  }

  /**
   * The `.read` or `.write` cascade: whether some rule on root → … → `path` grants. Walks the
   * rules without building the chain, and builds an expression's context only where one is
   * evaluated (`true`/`false` rules, the common case at the top, need none).
   */
  private cascade(
    kind: 'read' | 'write',
    subject: RuleSubject,
    root: NodeView,
    newRoot: NodeView | undefined,
    path: readonly string[],
    query?: QueryVariable,
  ): boolean {
    let node: RuleNode = this.top;
    let vars: Record<string, string> = NO_VARS;
    for (let d = 0; ; d++) {
      const rule = node[kind];
      if (rule === true) return true;
      if (rule !== undefined && rule !== false) {
        const ctx = {
          auth: subject.auth,
          now: subject.now,
          root,
          newRoot,
          path: path.slice(0, d),
          vars,
          query: typeof query === 'function' ? query() : query,
        };
        if (evaluateRule(rule, ctx)) return true;
      }
      if (d === path.length) return false;
      const key = path[d]!;
      const literal = node.children.get(key);
      if (literal) node = literal;
      else if (node.wildcard) {
        vars = { ...vars, [node.wildcard.name]: key };
        node = node.wildcard.node;
      } else return false;
    }
  }

  /**
   * `.read` cascade: some rule on root → … → path grants.
   * @param query the `query` variable, or a function computing it when a rule first needs it
   */
  canRead(
    subject: RuleSubject,
    root: NodeView,
    path: readonly string[],
    query?: QueryVariable,
  ): boolean {
    return this.cascade('read', subject, root, undefined, path, query);
  }

  /**
   * A whole write operation (a set is one path, a multi-path update several): every path needs
   * a granting `.write` cascade, and every applicable `.validate` must pass.
   */
  canWrite(
    subject: RuleSubject,
    root: NodeView,
    newRoot: NodeView,
    paths: readonly string[][],
  ): boolean {
    const validated = new Set<string>();
    for (const path of paths) {
      if (!this.cascade('write', subject, root, newRoot, path)) return false;
      // Without a `.validate` anywhere in the rules there is nothing more to check.
      if (!this.top.hasValidate) continue;
      const chain = this.chain(path);
      // Validate the written location and its ancestors (once each across paths).
      for (let d = 0; d < chain.length; d++) {
        const { node, vars } = chain[d]!;
        if (node.validate === undefined) continue;
        const at = path.slice(0, d);
        const id = at.join('/');
        if (validated.has(id)) continue;
        validated.add(id);
        if (!this.validateAt(node, subject, root, newRoot, at, vars)) return false;
      }
      // Validate everything written below it, if the rules reach there.
      if (chain.length === path.length + 1) {
        const { node, vars } = chain[chain.length - 1]!;
        let view = newRoot;
        for (const key of path) view = view.child(key);
        if (!this.validateBelow(node, view, subject, root, newRoot, path, vars)) return false;
      }
    }
    return true;
  }

  private validateAt(
    node: RuleNode,
    subject: RuleSubject,
    root: NodeView,
    newRoot: NodeView,
    path: readonly string[],
    vars: Record<string, string>,
  ): boolean {
    let view = newRoot;
    for (const key of path) view = view.child(key);
    if (!view.exists()) return true; // .validate is skipped for deleted locations
    return evaluateRule(node.validate!, {
      auth: subject.auth,
      now: subject.now,
      root,
      newRoot,
      path,
      vars,
    });
  }

  private validateBelow(
    node: RuleNode,
    view: NodeView,
    subject: RuleSubject,
    root: NodeView,
    newRoot: NodeView,
    path: readonly string[],
    vars: Record<string, string>,
  ): boolean {
    if (!node.hasValidate || !view.hasChildren()) return true;
    const visit = (key: string, child: RuleNode, childVars: Record<string, string>): boolean => {
      if (!child.hasValidate) return true;
      const childView = view.child(key);
      if (!childView.exists()) return true;
      const childPath = [...path, key];
      if (
        child.validate !== undefined &&
        !evaluateRule(child.validate, {
          auth: subject.auth,
          now: subject.now,
          root,
          newRoot,
          path: childPath,
          vars: childVars,
        })
      )
        return false;
      return this.validateBelow(child, childView, subject, root, newRoot, childPath, childVars);
    };
    for (const [key, child] of node.children) if (!visit(key, child, vars)) return false;
    if (node.wildcard?.node.hasValidate) {
      const { name, node: wild } = node.wildcard;
      for (const key of view.childKeys()) {
        if (node.children.has(key)) continue;
        if (!visit(key, wild, { ...vars, [name]: key })) return false;
      }
    }
    return true;
  }

  /** `.indexOn` declared at `path` (literal or wildcard match), for REST's "Index not defined". */
  indexOn(path: readonly string[]): string[] {
    const chain = this.chain(path);
    return chain.length === path.length + 1 ? chain[chain.length - 1]!.node.indexOn : [];
  }
}
