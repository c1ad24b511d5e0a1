/**
 * The SDK's node hash, used by transactions (`p` with `h`) to detect stale data.
 *
 * Port of `core/snap/LeafNode.ts` `hash`, `core/snap/ChildrenNode.ts` `hash`,
 * `core/snap/snap.ts` `priorityHashText` and `core/util/util.ts` `doubleToIEEE754String`. The
 * number encoding deliberately repeats the SDK's floating-point arithmetic (not a true bit dump)
 * because the client hashes that way and the two must agree (rtdb-wire-protocol.md §8).
 */
import { createHash } from 'node:crypto';
import { Branch, type DataNode, type Priority } from './node.js';
import { sortedKeys } from './ordering.js';

/** SHA-1 of the UTF-8 bytes, standard base64. */
function sha1(text: string): string {
  return createHash('sha1').update(text, 'utf8').digest('base64');
}

/** The SDK's `doubleToIEEE754String`: 16 lowercase hex digits. */
export function doubleToIEEE754String(value: number): string {
  const ebits = 11;
  const fbits = 52;
  const bias = (1 << (ebits - 1)) - 1;
  let s: boolean;
  let e: number;
  let f: number;
  let v = value;
  if (v === 0) {
    e = 0;
    f = 0;
    s = 1 / v === -Infinity;
  } else {
    s = v < 0;
    v = Math.abs(v);
    if (v >= Math.pow(2, 1 - bias)) {
      const ln = Math.min(Math.floor(Math.log(v) / Math.LN2), bias);
      e = ln + bias;
      f = Math.round(v * Math.pow(2, fbits - ln) - Math.pow(2, fbits));
    } else {
      e = 0;
      f = Math.round(v / Math.pow(2, 1 - bias - fbits));
    }
  }
  const bits: number[] = [];
  for (let i = fbits; i; i -= 1) {
    bits.push(f % 2 ? 1 : 0);
    f = Math.floor(f / 2);
  }
  for (let i = ebits; i; i -= 1) {
    bits.push(e % 2 ? 1 : 0);
    e = Math.floor(e / 2);
  }
  bits.push(s ? 1 : 0);
  bits.reverse();
  const str = bits.join('');
  let hex = '';
  for (let i = 0; i < 64; i += 8)
    hex += parseInt(str.slice(i, i + 8), 2)
      .toString(16)
      .padStart(2, '0');
  return hex;
}

function priorityText(priority: Priority): string {
  if (priority === null) return '';
  const body =
    typeof priority === 'number'
      ? 'number:' + doubleToIEEE754String(priority)
      : 'string:' + priority;
  return 'priority:' + body + ':';
}

const PRIORITY_INDEX = { kind: 'priority' } as const;

/** Hash of a node (`""` for null), cached on the node until it or a descendant changes. */
export function hashNode(node: DataNode | null): string {
  if (!node) return '';
  if (node.hashCache !== undefined) return node.hashCache;
  let text = priorityText(node.priority);
  if (node instanceof Branch) {
    for (const key of sortedKeys(node, PRIORITY_INDEX)) {
      const childHash = hashNode(node.children.get(key)!);
      if (childHash !== '') text += ':' + key + ':' + childHash;
    }
    node.hashCache = text === '' ? '' : sha1(text);
  } else {
    const v = node.value;
    text += typeof v + ':' + (typeof v === 'number' ? doubleToIEEE754String(v) : String(v));
    node.hashCache = sha1(text);
  }
  return node.hashCache;
}
