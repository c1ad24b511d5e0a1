import { readJsonBody, sendJson } from '../http';
import type { RulesFile } from '../rules';
import type { StorageService } from '../service';
import type { ApiRequest } from './firebase';

/** What the control API does beyond the service: the server's own reset and export. */
export interface ControlHooks {
  /** Drops every object of every bucket and every upload session. */
  reset(): Promise<void>;
  /** Writes an export to `dir`, as `--export-on-exit` does (persistence.ts). */
  exportTo(dir: string): Promise<void>;
}

/** firebase-tools' answer to a ruleset that does not compile (storage/server.js, setRules). */
export const RULES_UPDATE_FAILED = 'There was an error updating rules, see logs for more details';

class InvalidArgument extends Error {}

/**
 * The control API of firebase-tools' Storage emulator (`lib/emulator/storage/server.js` of
 * firebase-tools 15), with its statuses and bodies, so that tools written for it work here:
 *
 * - `POST /internal/reset`: every object and upload session is dropped; 200, empty.
 * - `PUT /internal/setRules`, body `{rules: {files: [{name, content}]}}` (what
 *   `@firebase/rules-unit-testing` sends): the file's rules replace the running ones at once, for
 *   every bucket; with several files each names its bucket in `resource` (firebase-tools'
 *   per-bucket targets) and a bucket without one is denied everything. 200
 *   `{message: 'Rules updated successfully'}`; a malformed body is 400 `{message}` with
 *   firebase-tools' wording; rules that do not compile are 400 `{message: RULES_UPDATE_FAILED,
 *   errors: ['<name>:<line>: <problem>']}` and the previous rules stay in force (firebase-tools
 *   logs the problems and is left with no rules, denying everything; `errors` is ours).
 * - `POST /internal/export`, body `{path, initiatedBy?}`: writes an export to `path` (this
 *   server's export format, the one `--import` reads); 200 `OK`, or 400 text when `path` is
 *   missing.
 *
 * @returns false when the request is not for the control API.
 */
export async function handleInternalApi(
  service: StorageService,
  { req, res, url }: ApiRequest,
  control: ControlHooks,
): Promise<boolean> {
  const route = `${req.method} ${url.pathname}`;
  if (route === 'POST /internal/reset') {
    await control.reset();
    res.writeHead(200, { 'Content-Length': 0 }).end();
    return true;
  }
  if (route === 'POST /internal/export') {
    const body = await readJsonObject(req);
    const path = body?.path;
    if (typeof path !== 'string' || path === '') {
      sendText(res, 400, "Export request body must include 'path'.");
      return true;
    }
    await control.exportTo(path);
    sendText(res, 200, 'OK');
    return true;
  }
  if (route === 'PUT /internal/setRules') {
    const body = await readJsonObject(req);
    const rules = body?.rules as { files?: unknown } | undefined;
    const files = rules?.files;
    if (!Array.isArray(files) || files.length === 0) {
      sendJson(res, 400, { message: "Request body must include 'rules.files' array" });
      return true;
    }
    let parsed: RulesFile | Map<string, RulesFile>;
    try {
      parsed = rulesFromFiles(files);
    } catch (error) {
      if (!(error instanceof InvalidArgument)) throw error;
      sendJson(res, 400, { message: error.message });
      return true;
    }
    const errors = service.rules.replace(parsed);
    if (errors.length) {
      sendJson(res, 400, { message: RULES_UPDATE_FAILED, errors });
      return true;
    }
    sendJson(res, 200, { message: 'Rules updated successfully' });
    return true;
  }
  return false;
}

function rulesFromFiles(files: unknown[]): RulesFile | Map<string, RulesFile> {
  if (files.length === 1) {
    if (!isRulesFile(files[0])) {
      throw new InvalidArgument(
        "Each member of 'rules.files' array must contain 'name' and 'content'",
      );
    }
    return { name: files[0].name, content: files[0].content };
  }
  const perBucket = new Map<string, RulesFile>();
  for (const file of files) {
    if (!isRulesFile(file) || typeof file.resource !== 'string' || file.resource === '') {
      throw new InvalidArgument(
        "Each member of 'rules.files' array must contain 'name', 'content', and 'resource'",
      );
    }
    perBucket.set(file.resource, { name: file.name, content: file.content });
  }
  return perBucket;
}

function isRulesFile(file: unknown): file is RulesFile & { resource?: unknown } {
  const candidate = file as Partial<Record<string, unknown>> | null;
  return typeof candidate?.name === 'string' && typeof candidate.content === 'string';
}

/** The body as a JSON object, or undefined for an empty body or any other JSON value. */
async function readJsonObject(
  req: ApiRequest['req'],
): Promise<Record<string, unknown> | undefined> {
  const body = await readJsonBody(req);
  return body && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : undefined;
}

function sendText(res: ApiRequest['res'], status: number, text: string): void {
  res
    .writeHead(status, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
    })
    .end(text);
}
