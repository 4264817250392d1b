import type { PresetId, RuleSet } from '@zilch/engine';
import type { SocialTarget } from '@zilch/protocol';
import { useState } from 'react';
import { PresetOptions } from '../../components/PresetOptions.tsx';
import { sendChallenge } from '../../lib/social.ts';

/** Live tables give a minute a decision; correspondence a day (the server's defaults). */
const MODES = [
  { mode: 'live', label: 'Live (1 min a decision)' },
  { mode: 'correspondence', label: 'Correspondence (1 day a decision)' },
] as const;

/** The select's value for "the rules of the game just played". */
const SAME = '__same';

/**
 * Challenge one player: a preset, rated or not, live or correspondence. After a game the first
 * choice is its own rules (house rules included): a rematch offered as a challenge.
 */
export function ChallengeForm({
  to,
  name,
  onDone,
  sameRules,
}: {
  to: SocialTarget;
  name: string;
  onDone: (sent: boolean, text: string) => void;
  /** The finished game's full rule set, offered first. */
  sameRules?: RuleSet;
}) {
  const [rules, setRules] = useState<PresetId | typeof SAME>(sameRules ? SAME : 'classic');
  const [rated, setRated] = useState(false);
  const [mode, setMode] = useState<'live' | 'correspondence'>('live');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="challenge-form card"
      aria-label={`Challenge ${name}`}
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        const chosen = rules === SAME && sameRules ? { ...sameRules } : rules;
        const r = await sendChallenge({ to, rules: chosen, rated, mode });
        setBusy(false);
        onDone(r.ok, r.ok ? `Challenge sent to ${name}.` : r.error.message);
      }}
    >
      <label>
        Rules{' '}
        <select value={rules} onChange={(e) => setRules(e.target.value as PresetId)}>
          {sameRules && <option value={SAME}>Same rules as this game</option>}
          <PresetOptions />
        </select>
      </label>
      <fieldset>
        <legend>Pace</legend>
        {MODES.map((m) => (
          <label key={m.mode}>
            <input
              type="radio"
              name="mode"
              checked={mode === m.mode}
              onChange={() => setMode(m.mode)}
            />{' '}
            {m.label}
          </label>
        ))}
      </fieldset>
      <label>
        <input type="checkbox" checked={rated} onChange={(e) => setRated(e.target.checked)} /> Rated
      </label>
      <div className="row">
        <button type="submit" className="btn primary" disabled={busy}>
          Send challenge
        </button>
        <button type="button" className="btn" onClick={() => onDone(false, '')}>
          Cancel
        </button>
      </div>
    </form>
  );
}
