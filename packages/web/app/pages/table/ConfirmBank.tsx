import { useRef } from 'react';
import { useModal } from '../../lib/useModal.ts';

/** A bank on the last turn that cannot win, waiting for the player to confirm it. */
export interface PendingBank {
  total: number;
  leader: number;
  outcome: 'loses' | 'ties';
  /** A tie goes to a play-off instead of a shared win. */
  playOff: boolean;
}

/**
 * Asks before a last-turn bank that loses (or only ties): a modal `<dialog>`, so focus stays in
 * it, Escape cancels and the safe choice (keep playing) has the focus.
 */
export function ConfirmBank({
  pending,
  onConfirm,
  onCancel,
}: {
  pending: PendingBank | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const stay = useRef<HTMLButtonElement>(null);
  const ref = useModal(pending !== null, () => stay.current?.focus());
  const n = (x: number) => x.toLocaleString('en-US');
  return (
    <dialog
      ref={ref}
      className="confirm-bank card"
      aria-labelledby="confirm-bank-title"
      aria-describedby="confirm-bank-text"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      data-testid="confirm-bank"
    >
      {pending && (
        <>
          <h2 id="confirm-bank-title">
            {pending.outcome === 'loses'
              ? 'Bank and lose?'
              : pending.playOff
                ? 'Bank for a play-off?'
                : 'Bank for a shared win?'}
          </h2>
          <p id="confirm-bank-text">
            This is your last turn. Banking {n(pending.total)}{' '}
            {pending.outcome === 'loses'
              ? `leaves you short of the leader's ${n(pending.leader)}: you would lose the game.`
              : `ties the leader's ${n(pending.leader)}: ${pending.playOff ? 'a play-off would decide' : 'you would share the win'}.`}{' '}
            Rolling on can still win.
          </p>
          <div className="row">
            <button ref={stay} type="button" className="btn primary" onClick={onCancel}>
              Keep playing
            </button>
            <button type="button" className="btn" onClick={onConfirm}>
              {pending.outcome === 'loses' ? 'Bank anyway' : 'Bank and tie'}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
