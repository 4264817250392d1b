import { DEFAULT_PRESET, isPresetId, type PresetId } from '@zilch/engine';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { BOT_IDS, type BotId } from '@zilch/protocol';
import { PresetOptions } from '../../components/PresetOptions.tsx';
import { savedName } from '../../lib/storage.ts';
import { startPractice } from './api.ts';
import './practice.css';

const CHOICE = 'zilch.practice';
const DEFAULT_BOT: BotId = 'expected';

/** The bot and rules last practised on this device (the defaults the first time). */
function lastChoice(): { bot: BotId; preset: PresetId } {
  try {
    const c = JSON.parse(localStorage.getItem(CHOICE) ?? '{}') as { bot?: string; preset?: string };
    return {
      bot: BOT_IDS.find((b) => b === c.bot) ?? DEFAULT_BOT,
      preset: c.preset && isPresetId(c.preset) ? c.preset : DEFAULT_PRESET,
    };
  } catch (_e) {
    return { bot: DEFAULT_BOT, preset: DEFAULT_PRESET };
  }
}

/**
 * Practice in one tap: a game against the chosen bot with the chosen rules, never rated, where
 * "Hint" shows the coach for one decision; the end shows your accuracy and the hints you used.
 */
export function PracticeStart({ id }: { id: string }) {
  const [, navigate] = useLocation();
  const [choice, setChoice] = useState(lastChoice);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choose = (c: typeof choice) => {
    setChoice(c);
    try {
      localStorage.setItem(CHOICE, JSON.stringify(c));
    } catch (_e) {
      // not fatal: the choice lasts until the page is closed
    }
  };
  const start = async () => {
    setBusy(true);
    setError(null);
    const r = await startPractice(choice.bot, choice.preset, savedName());
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    navigate(`/t/${r.value}`);
  };
  return (
    <section className="card practice-start" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Practice</h2>
      <p className="help">
        A game against a bot, never rated. Stuck? <strong>Hint</strong> shows the coach for one
        decision; the end shows your accuracy and the hints you used.
      </p>
      <div className="practice-row">
        <label>
          <span>Bot</span>
          <select
            value={choice.bot}
            onChange={(e) => choose({ ...choice, bot: e.target.value as BotId })}
            data-testid={`${id}-bot`}
          >
            {BOT_IDS.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Rules</span>
          <select
            value={choice.preset}
            onChange={(e) => choose({ ...choice, preset: e.target.value as PresetId })}
            data-testid={`${id}-preset`}
          >
            <PresetOptions />
          </select>
        </label>
        <button
          type="button"
          className="btn primary"
          onClick={() => void start()}
          disabled={busy}
          data-testid={`${id}-start`}
        >
          {busy ? 'Setting up…' : 'Practice'}
        </button>
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  );
}
