/**
 * Push ids: 20 characters of `-0-9A-Z_a-z`, 8 encoding the time in ms and 12 random, increasing
 * within one millisecond so ids sort in creation order (same scheme as the SDK's
 * `core/util/NextPushId.ts`, described in https://firebase.blog/posts/2015/02/the-2120-ways-to-ensure-unique_68).
 */
import { randomInt } from 'node:crypto';

const CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
let lastTime = 0;
const lastRandom: number[] = [];

/** A new push id, greater than every id this process made before. */
export function nextPushId(now = Date.now()): string {
  const sameMs = now === lastTime;
  lastTime = now;
  let timePart = '';
  let t = now;
  for (let i = 0; i < 8; i++) {
    timePart = CHARS.charAt(t % 64) + timePart;
    t = Math.floor(t / 64);
  }
  if (!sameMs || lastRandom.length !== 12) {
    for (let i = 0; i < 12; i++) lastRandom[i] = randomInt(64);
  } else {
    // Same millisecond: increment the random part so ids stay ordered.
    let i = 11;
    for (; i >= 0 && lastRandom[i] === 63; i--) lastRandom[i] = 0;
    if (i >= 0) lastRandom[i]!++;
  }
  return timePart + lastRandom.map((n) => CHARS.charAt(n)).join('');
}
