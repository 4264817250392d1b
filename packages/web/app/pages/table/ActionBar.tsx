import type { RefObject } from 'react';
import { KeyHint } from '../../components/KeyHint.tsx';
import type { ControlState } from '../../lib/selection.ts';
import type { Move } from '@zilch/protocol';

/** Roll and Bank side by side; the refs let the R and B keys press them. */
export function ActionBar({
  controls,
  rollRef,
  bankRef,
  onMove,
}: {
  controls: { roll: ControlState; bank: ControlState };
  rollRef: RefObject<HTMLButtonElement | null>;
  bankRef: RefObject<HTMLButtonElement | null>;
  onMove: (m: Move) => void;
}) {
  return (
    <div className="controls">
      <ControlButton
        id="roll"
        shortcut="R"
        tone="primary"
        control={controls.roll}
        buttonRef={rollRef}
        onMove={onMove}
      />
      <ControlButton
        id="bank"
        shortcut="B"
        tone="bank"
        control={controls.bank}
        buttonRef={bankRef}
        onMove={onMove}
      />
    </div>
  );
}

/** Roll or Bank: enabled only when allowed, with the reason (or its key) beneath. */
function ControlButton(p: {
  id: 'roll' | 'bank';
  shortcut: string;
  tone: 'primary' | 'bank';
  control: ControlState;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onMove: (m: Move) => void;
}) {
  const why = `${p.id}-why`;
  return (
    <div className="control">
      <button
        ref={p.buttonRef}
        type="button"
        className={`btn ${p.tone} big`}
        disabled={!p.control.enabled}
        aria-describedby={p.control.describedBy ?? why}
        aria-keyshortcuts={p.shortcut}
        onClick={() => p.control.move && p.onMove(p.control.move)}
        data-testid={p.id}
      >
        {p.control.label}
      </button>
      <p id={why} className="why small">
        {p.control.reason ?? <KeyHint>Key: {p.shortcut}</KeyHint>}
      </p>
    </div>
  );
}
