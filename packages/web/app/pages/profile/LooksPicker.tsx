import { DICE_STYLES, FELTS, type Looks } from '@zilch/protocol';
import { useState } from 'react';
import { Cube } from '../../components/Die.tsx';
import { StatusNote, type Note } from '../../components/StatusNote.tsx';
import { chooseLooks, DICE_NAMES, FELT_NAMES, useLooks } from '../../lib/looks.ts';

/**
 * Dice and felt (issue 22): each choice previews on a small felt and applies at once everywhere
 * dice are drawn; an account keeps it on the server, a guest on this device.
 */
export function LooksPicker({ account }: { account: boolean }) {
  const looks = useLooks();
  const [note, setNote] = useState<Note | null>(null);
  const choose = async (l: Looks) => {
    const r = await chooseLooks(l, account);
    setNote(
      r.ok
        ? { ok: true, text: account ? 'Saved on your account.' : 'Saved on this device.' }
        : { ok: false, text: r.error.message },
    );
  };
  return (
    <div className="card looks" data-testid="looks">
      <h2>Dice and table</h2>
      <div className="looks-preview felt" aria-hidden="true">
        {[1, 5, 3].map((f) => (
          <span key={f} className="die static">
            <Cube face={f} spin={0} />
          </span>
        ))}
      </div>
      <fieldset className="looks-choices">
        <legend>Dice</legend>
        {DICE_STYLES.map((d) => (
          <label key={d} className="check">
            <input
              type="radio"
              name="dice-style"
              value={d}
              checked={looks.dice === d}
              onChange={() => void choose({ ...looks, dice: d })}
            />{' '}
            {DICE_NAMES[d]}
          </label>
        ))}
      </fieldset>
      <fieldset className="looks-choices">
        <legend>Felt</legend>
        {FELTS.map((f) => (
          <label key={f} className="check">
            <input
              type="radio"
              name="felt"
              value={f}
              checked={looks.felt === f}
              onChange={() => void choose({ ...looks, felt: f })}
            />{' '}
            {FELT_NAMES[f]}
          </label>
        ))}
      </fieldset>
      <p className="muted small">
        {account
          ? 'Kept on your account: every device you sign in on shows these.'
          : 'Kept on this device. Save your profile with a passkey to keep them everywhere.'}
      </p>
      <StatusNote note={note} />
    </div>
  );
}
