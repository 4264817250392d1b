import type { RefObject } from 'react';
import { KeyHint } from '../../components/KeyHint.tsx';
import type { ControlState } from '../../lib/selection.ts';
import type { Move } from '@zilch/protocol';

/**
 * Roll and Bank side by side, with one line beneath saying why either is off (or their keys):
 * two reason lines, one under each button, cost a phone its second row.
 */
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
  const { roll, bank } = controls;
  const reasons = [roll.reason, bank.reason].filter((r): r is string => Boolean(r));
  const why = [...new Set(reasons)].join(' ');
  return (
    <div className="controls">
      <div className="control-buttons">
        <ControlButton
          id="roll"
          shortcut="R"
          tone="primary"
          control={roll}
          buttonRef={rollRef}
          onMove={onMove}
        />
        <ControlButton
          id="bank"
          shortcut="B"
          tone="bank"
          control={bank}
          buttonRef={bankRef}
          onMove={onMove}
        />
      </div>
      <p id="controls-why" className="why small" data-testid="controls-why">
        {why || <KeyHint>Keys: R to roll, B to bank.</KeyHint>}
      </p>
    </div>
  );
}

/** Roll or Bank: enabled only when allowed, described by the reason line (or the selection). */
function ControlButton(p: {
  id: 'roll' | 'bank';
  shortcut: string;
  tone: 'primary' | 'bank';
  control: ControlState;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onMove: (m: Move) => void;
}) {
  return (
    <button
      ref={p.buttonRef}
      type="button"
      className={`btn ${p.tone} big`}
      disabled={!p.control.enabled}
      aria-describedby={p.control.describedBy ?? 'controls-why'}
      aria-keyshortcuts={p.shortcut}
      onClick={() => p.control.move && p.onMove(p.control.move)}
      data-testid={p.id}
    >
      {p.control.label}
    </button>
  );
}
