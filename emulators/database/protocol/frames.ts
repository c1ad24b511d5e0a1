/**
 * WebSocket framing (realtime/WebSocketConnection.ts): messages longer than 16384 UTF-16 code
 * units travel as a frame holding the segment count followed by the segments; a bare `0` frame
 * is the client's keep-alive.
 */

/** The SDK's segment size (`MAX_FRAME_SIZE` in WebSocketConnection.ts). */
export const MAX_FRAME_SIZE = 16384;

/** Reassembles incoming frames into whole messages. */
export class FrameAssembler {
  private expected = 0;
  private parts: string[] = [];

  /**
   * Feeds one frame. Returns the complete message text, or null while a split message is
   * incomplete or for a keep-alive.
   */
  push(frame: string): string | null {
    if (this.expected > 0) {
      this.parts.push(frame);
      if (this.parts.length < this.expected) return null;
      const whole = this.parts.join('');
      this.expected = 0;
      this.parts = [];
      return whole;
    }
    if (frame.length <= 6 && /^\d+$/.test(frame)) {
      const n = Number(frame);
      if (n === 0) return null; // keep-alive
      this.expected = n; // a count (even 1) announces that many following segments
      return null;
    }
    return frame;
  }
}

/** Splits an outgoing message the way the SDK expects (count frame, then segments). */
export function splitFrames(text: string): string[] {
  if (text.length <= MAX_FRAME_SIZE) return [text];
  const parts: string[] = [String(Math.ceil(text.length / MAX_FRAME_SIZE))];
  for (let i = 0; i < text.length; i += MAX_FRAME_SIZE)
    parts.push(text.slice(i, i + MAX_FRAME_SIZE));
  return parts;
}
