/**
 * WebSocket framing (realtime/WebSocketConnection.ts): messages longer than 16384 UTF-16 code
 * units travel as a frame holding the segment count followed by the segments; a bare `0` frame
 * is the client's keep-alive.
 *
 * Every size limit is checked before the bytes concerned are kept: the frame size by `ws`
 * (`maxPayload`, from the frame header, before the payload is read), the announced segment count
 * when the count frame arrives, and the running size of a split message on each segment.
 */

/** The SDK's segment size (`MAX_FRAME_SIZE` in WebSocketConnection.ts), in UTF-16 code units. */
export const MAX_FRAME_SIZE = 16384;

/**
 * Largest incoming frame, in bytes: a segment of {@link MAX_FRAME_SIZE} UTF-16 code units is at
 * most 3 UTF-8 bytes per unit (a surrogate pair is 2 units and 4 bytes). The SDK never sends a
 * longer frame; the server gives this to `ws` as `maxPayload`.
 */
export const MAX_FRAME_BYTES = 3 * MAX_FRAME_SIZE;

/** Largest message (all segments together), in UTF-8 bytes: Firebase's 256 MB per write. */
export const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;

/**
 * Largest segment count a client may announce. The SDK cuts every segment but the last at exactly
 * {@link MAX_FRAME_SIZE} units (≥ that many bytes), so `n` segments hold at least
 * `(n - 1) · 16384 + 1` bytes; above this count the message could not fit
 * {@link MAX_MESSAGE_BYTES}.
 */
export const MAX_SEGMENTS = Math.floor((MAX_MESSAGE_BYTES - 1) / MAX_FRAME_SIZE) + 1;

/**
 * A frame sequence the server will not buffer: too many segments announced, or a split message
 * above {@link MAX_MESSAGE_BYTES}. The connection answers with an `e` control message and closes
 * with WebSocket status {@link FrameError.closeCode}.
 */
export class FrameError extends Error {
  /** WebSocket close status: 1009 "message too big" (RFC 6455 §7.4.1). */
  readonly closeCode = 1009;

  constructor(message: string) {
    super(message);
    this.name = 'FrameError';
  }
}

/** Reassembles incoming frames into whole messages. */
export class FrameAssembler {
  private expected = 0;
  private parts: string[] = [];
  private bytes = 0;

  /**
   * Feeds one frame. Returns the complete message text, or null while a split message is
   * incomplete or for a keep-alive.
   *
   * @param bytes UTF-8 size of `frame` if the caller knows it (the received buffer's length).
   * @throws FrameError when a count above {@link MAX_SEGMENTS} is announced or the segments
   * received exceed {@link MAX_MESSAGE_BYTES}; the assembler is reset and holds nothing.
   */
  push(frame: string, bytes = Buffer.byteLength(frame, 'utf8')): string | null {
    if (this.expected > 0) {
      this.bytes += bytes;
      if (this.bytes > MAX_MESSAGE_BYTES) {
        this.reset();
        throw new FrameError(`Message larger than ${MAX_MESSAGE_BYTES} bytes`);
      }
      this.parts.push(frame);
      if (this.parts.length < this.expected) return null;
      const whole = this.parts.join('');
      this.reset();
      return whole;
    }
    if (frame.length <= 6 && /^\d+$/.test(frame)) {
      const n = Number(frame);
      if (n === 0) return null; // keep-alive
      if (n > MAX_SEGMENTS)
        throw new FrameError(`Too many segments announced: ${n} (at most ${MAX_SEGMENTS})`);
      this.expected = n; // a count (even 1) announces that many following segments
      return null;
    }
    return frame;
  }

  private reset(): void {
    this.expected = 0;
    this.parts = [];
    this.bytes = 0;
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
