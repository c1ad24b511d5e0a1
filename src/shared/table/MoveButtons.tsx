/**
 * Up/down buttons of a row in a list sorted by `order` (see shared/reorder). The labels are
 * passed in translated, naming the row, e.g. 'Move Primary 1 up'.
 */
export function MoveButtons({
  upLabel,
  downLabel,
  onUp,
  onDown,
  canUp,
  canDown,
  busy = false,
}: {
  upLabel: string;
  downLabel: string;
  onUp: () => void;
  onDown: () => void;
  /** False on the first row. */
  canUp: boolean;
  /** False on the last row. */
  canDown: boolean;
  /** Disables both while a reorder is being written. */
  busy?: boolean;
}) {
  return (
    <span className="buttons are-small has-addons is-inline-flex mb-0">
      <button
        type="button"
        className="button mb-0"
        aria-label={upLabel}
        title={upLabel}
        onClick={onUp}
        disabled={!canUp || busy}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className="button mb-0"
        aria-label={downLabel}
        title={downLabel}
        onClick={onDown}
        disabled={!canDown || busy}
      >
        <span aria-hidden="true">↓</span>
      </button>
    </span>
  );
}
