/**
 * Writing a large data set into the Realtime Database over REST as an import does: the children of
 * a node grouped into PATCH bodies (by a number of records, or by bytes of JSON), each PATCH sent
 * as the database owner with `print=silent` (Firebase, "Database REST API": `print=silent` answers
 * 204 with no body, so that megabytes are not echoed back) and, as the benches load their data,
 * usually with `disableTriggers=true` (the emulator's import switch: no trigger events; the benches
 * write the derived nodes themselves). Shared by bench/database-import.ts, bench/triggers.ts and
 * bench/scale.ts.
 */

/** How a node's children are grouped: this many per body, or as many as fit in this much JSON. */
export type ChunkLimit = { records: number } | { maxBytes: number };

/** One PATCH: the node's path ('' for the root) and its body, JSON text of an object. */
export interface PatchWrite {
  path: string;
  body: string;
}

/** `"key":value` of one child, as it stands in a body. */
const partOf = (key: string, child: unknown): string =>
  `${JSON.stringify(key)}:${JSON.stringify(child)}`;

/**
 * Groups `parts` (`"key":value` texts) into bodies `{…}` in their order: `records` parts each,
 * or as many as keep the body within `maxBytes` (a part larger than that on its own is a body
 * alone). Sizes are JSON characters, which are bytes for the ASCII data of the benches.
 */
function groupParts(parts: readonly string[], limit: ChunkLimit): string[] {
  const bodies: string[] = [];
  let group: string[] = [];
  let bytes = 2;
  for (const part of parts) {
    const full =
      'records' in limit
        ? group.length >= limit.records
        : group.length > 0 && bytes + part.length + 1 > limit.maxBytes;
    if (full) {
      bodies.push(`{${group.join(',')}}`);
      group = [];
      bytes = 2;
    }
    group.push(part);
    bytes += part.length + (group.length > 1 ? 1 : 0);
  }
  if (group.length) bodies.push(`{${group.join(',')}}`);
  return bodies;
}

/**
 * Splits `value`'s children into PATCH bodies (JSON text), in their order, by `limit`. Each body
 * holds whole children; an empty object gives no body.
 */
export function chunkBodies(value: Record<string, unknown>, limit: ChunkLimit): string[] {
  return groupParts(
    Object.entries(value).map(([key, child]) => partOf(key, child)),
    limit,
  );
}

/**
 * The PATCHes that write `value` at `path` (no leading or trailing slash) in bodies of at most
 * `maxBytes` of JSON: its children grouped (chunkBodies), and a child that is larger on its own
 * written by the PATCHes of its own children under `path/key`, and so on down. A value that is not
 * an object (a number, a string, null) is one PATCH of the parent, `{key: value}`. PATCHes merge:
 * to replace a node, remove it first.
 */
export function importWrites(path: string, value: unknown, maxBytes: number): PatchWrite[] {
  if (value === null || typeof value !== 'object') {
    const at = path.lastIndexOf('/');
    return [
      {
        path: path.slice(0, Math.max(at, 0)),
        body: JSON.stringify({ [path.slice(at + 1)]: value }),
      },
    ];
  }
  const parts: string[] = [];
  const deeper: PatchWrite[] = [];
  for (const [key, child] of Object.entries(value)) {
    const part = partOf(key, child);
    if (part.length + 2 > maxBytes && child !== null && typeof child === 'object')
      deeper.push(...importWrites(`${path}/${key}`, child, maxBytes));
    else parts.push(part);
  }
  return [...groupParts(parts, { maxBytes }).map((body) => ({ path, body })), ...deeper];
}

/** The database a bench writes to: the server's base URL, the namespace, the bearer token. */
export interface RestTarget {
  /** e.g. 'http://127.0.0.1:9000' */
  base: string;
  /** The database name, the `ns` query parameter. */
  ns: string;
  /** The Authorization bearer; default 'owner' (the emulator's admin credential). */
  auth?: string;
}

/**
 * PATCHes `body` (JSON text) at `path` of `target` with `print=silent` and `params` (e.g.
 * `{ disableTriggers: 'true' }`); resolves once the answer has been read to the end (an unread
 * body holds the connection).
 * @throws Error naming the path, the status and the server's text when it refuses
 */
export async function patchJson(
  target: RestTarget,
  path: string,
  body: string,
  params: Record<string, string> = {},
): Promise<void> {
  const query = new URLSearchParams({ ns: target.ns, print: 'silent', ...params });
  const response = await fetch(`${target.base}/${path}.json?${query}`, {
    method: 'PATCH',
    headers: {
      Authorization: `Bearer ${target.auth ?? 'owner'}`,
      'Content-Type': 'application/json',
    },
    body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`PATCH /${path}: ${response.status} ${text}`);
}

/**
 * Writes `value` at `path` as an import (no trigger events): importWrites' PATCHes, one after the
 * other; resolves how many were sent.
 */
export async function importValue(
  target: RestTarget,
  path: string,
  value: unknown,
  maxBytes: number,
): Promise<number> {
  const writes = importWrites(path, value, maxBytes);
  for (const write of writes)
    await patchJson(target, write.path, write.body, { disableTriggers: 'true' });
  return writes.length;
}
