import { readFileSync, unwatchFile, watchFile, type Stats } from 'node:fs';
import type { StoredObject } from '../metadata';
import { DOWNLOAD_TOKENS_KEY, etagOf } from '../metadata';
import type { RulesMethod, Ruleset } from './ast';
import { evaluateRules, type RulesDecision } from './evaluator';
import { RulesSyntaxError } from './lexer';
import { parseRules } from './parser';
import { fromJson, Timestamp, type Value } from './values';

export type { RulesMethod } from './ast';

/** The signed-in user as rules see it: `request.auth.uid` and `request.auth.token` (all claims). */
export interface AuthContext {
  uid: string;
  token: Record<string, unknown>;
}

/** One request to authorize. */
export interface RulesRequest {
  method: RulesMethod;
  bucket: string;
  /** Object name, or for `list` the prefix without its trailing `/` (`''` at the root). */
  path: string;
  auth: AuthContext | null;
  /** The existing object (`resource`), or null. */
  resource: StoredObject | null;
  /** The object as it would be after a create/update (`request.resource`), else null. */
  requestResource: StoredObject | null;
}

/** One rules source handed over by the control API (`PUT /internal/setRules`). */
export interface RulesFile {
  /** Shown in error messages, e.g. `storage.rules`. */
  name: string;
  content: string;
}

/**
 * Loads `storage.rules`, reloads it when the file changes, and answers "is this request allowed?".
 *
 * A file that fails to parse is reported through `log` and, on reload, the previous ruleset stays
 * in force; with no ruleset at all every request is denied (as firebase-tools does).
 *
 * Rules can also be replaced from memory ({@link RulesEngine.replace}): one ruleset for every
 * bucket, or one per bucket (firebase-tools' "resource" form, where a bucket without rules is
 * denied everything). Whichever came last is in force: a later change of the file replaces rules
 * set from memory, and the other way round.
 */
export class RulesEngine {
  private ruleset: Ruleset | undefined;
  /** Rules per bucket, when the last replacement named buckets; undefined otherwise. */
  private perBucket: Map<string, Ruleset> | undefined;
  private watching = false;

  constructor(
    private readonly rulesPath: string,
    private readonly log: (line: string) => void,
  ) {}

  /** Parses the file now. @returns whether a ruleset is loaded afterwards. */
  load(): boolean {
    let source: string;
    try {
      source = readFileSync(this.rulesPath, 'utf8');
    } catch (error) {
      this.log(`Storage rules: cannot read ${this.rulesPath}: ${(error as Error).message}`);
      return this.ruleset !== undefined;
    }
    try {
      this.ruleset = parseRules(source);
      this.perBucket = undefined;
      this.warnOnService(this.ruleset, this.rulesPath);
    } catch (error) {
      this.log(
        `Storage rules: ${(error as Error).message}${this.loaded ? ' (keeping the previous rules)' : ''}`,
      );
    }
    return this.loaded;
  }

  /**
   * Replaces the rules in force at once, for the requests that follow: `rules` as one file for
   * every bucket, or as a map from bucket name to its file. Nothing changes unless every file
   * parses.
   *
   * @returns the syntax errors, each `"<name>:<line>: <problem>"`; empty on success.
   */
  replace(rules: RulesFile | ReadonlyMap<string, RulesFile>): string[] {
    const files = rules instanceof Map ? [...rules] : [['', rules as RulesFile] as const];
    const parsed = new Map<string, Ruleset>();
    const errors: string[] = [];
    for (const [bucket, file] of files) {
      try {
        parsed.set(bucket, parseRules(file.content));
      } catch (error) {
        errors.push(
          error instanceof RulesSyntaxError
            ? `${file.name}:${error.line}: ${error.detail}`
            : `${file.name}: ${(error as Error).message}`,
        );
      }
    }
    if (errors.length) {
      for (const error of errors) this.log(`Storage rules: ${error} (keeping the previous rules)`);
      return errors;
    }
    for (const [bucket, ruleset] of parsed) {
      this.warnOnService(ruleset, files.find(([b]) => b === bucket)?.[1].name ?? '');
    }
    if (rules instanceof Map) {
      this.perBucket = parsed;
      this.ruleset = undefined;
    } else {
      this.ruleset = parsed.get('');
      this.perBucket = undefined;
    }
    this.log(`Storage rules replaced (${files.map(([, file]) => file.name).join(', ')})`);
    return [];
  }

  private warnOnService(ruleset: Ruleset, source: string): void {
    if (ruleset.service !== 'firebase.storage') {
      this.log(
        `Storage rules: service is "${ruleset.service}" in ${source}, expected firebase.storage`,
      );
    }
  }

  /** Reloads on change (polling, so editors that replace the file are handled). */
  watch(): void {
    if (this.watching) return;
    this.watching = true;
    watchFile(
      this.rulesPath,
      { interval: 200, persistent: false },
      (current: Stats, previous: Stats) => {
        if (current.mtimeMs === previous.mtimeMs && current.size === previous.size) return;
        if (this.load()) this.log(`Storage rules reloaded from ${this.rulesPath}`);
      },
    );
  }

  close(): void {
    if (this.watching) unwatchFile(this.rulesPath);
    this.watching = false;
  }

  /** Whether some ruleset is in force (for one bucket at least). */
  get loaded(): boolean {
    return this.ruleset !== undefined || (this.perBucket?.size ?? 0) > 0;
  }

  /** The ruleset that judges requests on `bucket`, if any. */
  private rulesetFor(bucket: string): Ruleset | undefined {
    return this.perBucket ? this.perBucket.get(bucket) : this.ruleset;
  }

  /**
   * Decides a request. `list` is tried at the prefix path and, failing that, one segment below it
   * (a child named `''`), because production authorizes listing `users/u1/` with a rule written
   * for its children such as `match /users/{uid}/{file}` (firebase-tools issue #3533).
   */
  check(request: RulesRequest): RulesDecision {
    const ruleset = this.rulesetFor(request.bucket);
    if (!ruleset) {
      return {
        allowed: false,
        errors: [`Storage emulator has no loaded ruleset for bucket ${request.bucket}.`],
      };
    }
    if (request.method === 'list' && ruleset.version !== '2') {
      return { allowed: false, errors: ["list() needs rules_version = '2'."] };
    }
    const base = ['b', request.bucket, 'o'];
    const pathSegments = request.path === '' ? [] : request.path.split('/');
    const globals = {
      request: requestValue(request, base.concat(pathSegments).join('/')),
      resource: request.resource ? resourceValue(request.resource) : null,
    };
    const decision = evaluateRules(ruleset, {
      method: request.method,
      segments: [...base, ...pathSegments],
      globals,
    });
    if (decision.allowed || request.method !== 'list') return decision;
    const child = evaluateRules(ruleset, {
      method: 'list',
      segments: [...base, ...pathSegments, ''],
      globals,
    });
    return child.allowed
      ? child
      : { allowed: false, errors: [...decision.errors, ...child.errors] };
  }
}

function requestValue(request: RulesRequest, path: string): Value {
  return new Map<string, Value>([
    [
      'auth',
      request.auth
        ? new Map<string, Value>([
            ['uid', request.auth.uid],
            ['token', fromJson(request.auth.token)],
          ])
        : null,
    ],
    ['path', path],
    ['method', request.method],
    ['time', new Timestamp(Date.now())],
    ['resource', request.requestResource ? resourceValue(request.requestResource) : null],
    ['params', new Map()],
  ]);
}

/**
 * `resource` / `request.resource` (Firebase "Storage rules: resource" reference). Download tokens
 * are left out of `metadata`: they are access secrets, not user metadata.
 */
export function resourceValue(object: StoredObject): Value {
  const { [DOWNLOAD_TOKENS_KEY]: _tokens, ...custom } = object.metadata;
  return new Map<string, Value>([
    ['name', object.name],
    ['bucket', object.bucket],
    ['size', BigInt(object.size)],
    ['contentType', object.contentType],
    ['metadata', fromJson(custom)],
    ['md5Hash', object.md5Hash],
    ['crc32c', object.crc32c],
    ['etag', etagOf(object)],
    ['generation', BigInt(object.generation)],
    ['metageneration', BigInt(object.metageneration)],
    ['timeCreated', new Timestamp(Date.parse(object.timeCreated))],
    ['updated', new Timestamp(Date.parse(object.updated))],
    ['cacheControl', object.cacheControl ?? null],
    ['contentDisposition', object.contentDisposition ?? null],
    ['contentEncoding', object.contentEncoding ?? 'identity'],
    ['contentLanguage', object.contentLanguage ?? null],
  ]);
}
