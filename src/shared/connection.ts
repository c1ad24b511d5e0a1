/**
 * Whether the app has lost its Realtime Database connection, for a notice that says so: while it
 * is lost, lists stop following other admins' changes, and a save waits, queued by the SDK, until
 * the connection is back (it is lost if the tab is closed meanwhile).
 */
import { useEffect, useState } from 'react';
import { watchValue } from './watchValue';

/**
 * How long the connection must have been down before it counts as lost, ms: the SDK reconnects
 * by itself, usually within a second, and a notice for every such blink would be noise.
 */
const GRACE_MS = 2000;

/**
 * True once `.info/connected` (the SDK's own view of its connection; Firebase docs, "Detecting
 * Connection State") has been false for GRACE_MS: after a connection drops, or when none is made
 * at all after the screen opens; false again as soon as the SDK is connected.
 */
export function useConnectionLost(): boolean {
  const [lost, setLost] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = watchValue('.info/connected', (connected) => {
      clearTimeout(timer);
      if (connected === true) setLost(false);
      else timer = setTimeout(() => setLost(true), GRACE_MS);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, []);
  return lost;
}
