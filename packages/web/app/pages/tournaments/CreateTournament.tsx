import { preset, type PresetId } from '@zilch/engine';
import type { TournamentFormat } from '@zilch/protocol';
import { useState } from 'react';
import { PresetOptions } from '../../components/PresetOptions.tsx';
import { createTournament } from '../../lib/tournaments.ts';

const FORMATS: { id: TournamentFormat; label: string }[] = [
  { id: 'swiss', label: 'Swiss (Buchholz tie-break)' },
  { id: 'elimination', label: 'Single elimination (seeded by rating)' },
  { id: 'round-robin', label: 'Round-robin' },
];

/** A local date-time input's value as epoch ms (null when empty). */
function epochOf(local: string): number | null {
  if (!local) return null;
  const t = new Date(local).getTime();
  return Number.isFinite(t) ? t : null;
}

/**
 * The create form: rules (a preset, or house rules: the preset with another target), format,
 * players, rated, pace, start (a time, or when full) and whether bots fill empty seats.
 */
export function CreateTournament({
  onDone,
}: {
  onDone: (made: { id: string } | null, text: string) => void;
}) {
  const [name, setName] = useState('');
  const [rules, setRules] = useState<PresetId>('serendipity-creak');
  const [target, setTarget] = useState('');
  const [format, setFormat] = useState<TournamentFormat>('swiss');
  const [players, setPlayers] = useState(8);
  const [rated, setRated] = useState(false);
  const [mode, setMode] = useState<'live' | 'correspondence'>('live');
  const [startAt, setStartAt] = useState('');
  const [bots, setBots] = useState(true);
  const [busy, setBusy] = useState(false);
  const house = target !== '' && Number(target) !== preset(rules).target;
  return (
    <form
      className="card tournament-form"
      aria-label="New tournament"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        const r = await createTournament({
          name,
          rules: house ? { ...preset(rules), target: Number(target) } : rules,
          format,
          players,
          rated: rated && !house,
          mode,
          startAt: epochOf(startAt),
          bots,
        });
        setBusy(false);
        onDone(r.ok ? r.value : null, r.ok ? `${r.value.name} is open.` : r.error.message);
      }}
    >
      <h2>New tournament</h2>
      <label>
        Name{' '}
        <input
          value={name}
          required
          minLength={3}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label>
        Rules{' '}
        <select value={rules} onChange={(e) => setRules(e.target.value as PresetId)}>
          <PresetOptions />
        </select>
      </label>
      <label>
        Target (house rules; empty: the preset&apos;s){' '}
        <input
          type="number"
          min={500}
          step={50}
          inputMode="numeric"
          value={target}
          placeholder={String(preset(rules).target)}
          onChange={(e) => setTarget(e.target.value)}
        />
      </label>
      <label>
        Format{' '}
        <select value={format} onChange={(e) => setFormat(e.target.value as TournamentFormat)}>
          {FORMATS.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Players (4–64){' '}
        <input
          type="number"
          min={4}
          max={64}
          value={players}
          onChange={(e) => setPlayers(Number(e.target.value))}
        />
      </label>
      <fieldset>
        <legend>Pace</legend>
        <label>
          <input type="radio" checked={mode === 'live'} onChange={() => setMode('live')} /> Live (1
          min a decision)
        </label>
        <label>
          <input
            type="radio"
            checked={mode === 'correspondence'}
            onChange={() => setMode('correspondence')}
          />{' '}
          Correspondence (1 day a decision)
        </label>
      </fieldset>
      <label>
        Starts at (empty: when full){' '}
        <input type="datetime-local" value={startAt} onChange={(e) => setStartAt(e.target.value)} />
      </label>
      <label>
        <input type="checkbox" checked={bots} onChange={(e) => setBots(e.target.checked)} /> Bots
        fill empty seats
      </label>
      <label>
        <input
          type="checkbox"
          checked={rated}
          disabled={house}
          onChange={(e) => setRated(e.target.checked)}
        />{' '}
        Rated (games between two people; presets only)
      </label>
      <div className="row">
        <button type="submit" className="btn primary" disabled={busy}>
          Create
        </button>
        <button type="button" className="btn" onClick={() => onDone(null, '')}>
          Cancel
        </button>
      </div>
    </form>
  );
}
