import {
  DEFAULT_PRESET,
  isPresetId,
  parseRules,
  preset,
  PRESETS,
  type PresetId,
  type RuleSet,
} from '@zilch/engine';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useUser } from '../lib/account.ts';
import { createAndSit } from '../lib/seating.ts';
import { savedName, saveName } from '../lib/storage.ts';
import type { BotId, Created, SeatSpec } from '@zilch/protocol';
import { PresetOptions } from '../components/PresetOptions.tsx';
import { Invites } from './create/Invites.tsx';
import { PracticeStart } from './practice/PracticeStart.tsx';
import { SeatList, type SeatRow, type Who } from './create/SeatList.tsx';
import { TableOptions } from './create/TableOptions.tsx';

// The house-rules editor loads with this page, not with the first page a visitor opens.
const RuleEditor = lazy(() =>
  import('../components/RuleEditor.tsx').then((m) => ({ default: m.RuleEditor })),
);

/** Create a table: preset, every house rule, seats, timer, who plays on this device. */
export function CreatePage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const initial = new URLSearchParams(search).get('preset');
  const start: PresetId = initial && isPresetId(initial) ? initial : DEFAULT_PRESET;
  const [presetId, setPresetId] = useState<PresetId>(start);
  const [rules, setRules] = useState<RuleSet>(() => preset(start));
  const [seats, setSeats] = useState<SeatRow[]>([
    { kind: 'human', name: savedName() || 'Player 1' },
    { kind: 'human', name: 'Player 2' },
  ]);
  const [who, setWho] = useState<Who>('me');
  const [timer, setTimer] = useState<number | null>(null);
  const [absentBot, setAbsentBot] = useState<BotId | ''>('');
  const [listed, setListed] = useState(false);
  const [ratedAsked, setRated] = useState(false);
  const user = useUser();
  const [chatFilter, setChatFilter] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ c: Created; sat: number[]; rated: boolean } | null>(
    null,
  );

  const modified = JSON.stringify(rules) !== JSON.stringify(PRESETS[presetId]);
  const parsed = useMemo(() => parseRules(rules), [rules]);
  const unrateable = whyUnrated(seats, modified);
  const rated = ratedAsked && unrateable === null;
  // A rated seat is taken as an account: hot-seat (one account, both seats) is not a rated game.
  const ratedProblem = !rated
    ? null
    : who === 'all'
      ? 'A rated game is between two accounts: invite the other player instead of hot-seat.'
      : who === 'me' && user?.kind !== 'account'
        ? 'Only accounts sit at rated tables: sign in, or make an account with a passkey on your profile, first.'
        : null;

  const submit = async () => {
    if (!parsed.ok) return setError(parsed.error.message);
    setBusy(true);
    setError(null);
    const specs: SeatSpec[] = seats.map((s) =>
      s.kind === 'human' ? { kind: 'human', name: s.name.trim() || undefined } : s,
    );
    const humans = seats.flatMap((s, i) => (s.kind === 'human' ? [i] : []));
    const sit = who === 'all' ? humans : who === 'me' && humans.length ? [humans[0] as number] : [];
    const r = await createAndSit(
      {
        rules: modified ? parsed.rules : presetId,
        seats: specs,
        turnTimerSeconds: timer,
        absentBot: rated ? null : absentBot || null,
        public: listed,
        ...(rated ? { rated: true } : {}),
        chatFilter,
      },
      sit.map((i) => {
        const s = seats[i] as { name: string };
        return { seat: i, name: s.name.trim() || `Player ${i + 1}` };
      }),
    );
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    if (who !== 'none' && humans.length)
      saveName((seats[humans[0] as number] as { name: string }).name);
    // Hot-seat: every person plays here, so there is nobody to invite: straight to the table.
    if (humans.length > 0 && sit.length === humans.length) return navigate(`/t/${r.value.gameId}`);
    setCreated({ c: r.value, sat: sit, rated });
  };

  if (created)
    return <Invites created={created.c} sat={created.sat} seats={seats} rated={created.rated} />;

  return (
    <div className="page create">
      <h1>Create a table</h1>
      <PracticeStart id="create-practice" />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <section className="card" aria-labelledby="rules-h">
          <h2 id="rules-h">Rules</h2>
          <div className="field">
            <div className="field-main">
              <label htmlFor="preset">Preset</label>
              <select
                id="preset"
                value={presetId}
                onChange={(e) => {
                  const id = e.target.value as PresetId;
                  setPresetId(id);
                  setRules(preset(id));
                }}
              >
                <PresetOptions />
              </select>
            </div>
            <p className="help">
              Start from a preset, then change any house rule below.{' '}
              <Link href={`/rules/${presetId}`}>Read the {PRESETS[presetId].name} rules</Link>.
            </p>
          </div>
          <div className="field">
            <div className="field-main">
              <label htmlFor="target">Target score</label>
              <input
                id="target"
                type="number"
                step={500}
                min={500}
                value={rules.target}
                onChange={(e) => setRules({ ...rules, target: e.target.valueAsNumber || 0 })}
              />
            </div>
            <p className="help">The game ends once someone reaches this score.</p>
          </div>
          <details className="house-rules">
            <summary>House rules {modified ? '(changed)' : '(as the preset)'}</summary>
            <Suspense fallback={<p className="loading">Loading the house rules…</p>}>
              <RuleEditor rules={rules} onChange={setRules} skip={['turnTimerSeconds', 'target']} />
            </Suspense>
            {modified && (
              <button
                type="button"
                className="btn small"
                onClick={() => setRules(preset(presetId))}
              >
                Reset to the preset
              </button>
            )}
          </details>
          {!parsed.ok && (
            <p role="alert" className="error">
              {parsed.error.message}
            </p>
          )}
        </section>

        <SeatList seats={seats} setSeats={setSeats} who={who} setWho={setWho} />

        <TableOptions
          timer={timer}
          setTimer={setTimer}
          absentBot={absentBot}
          setAbsentBot={setAbsentBot}
          listed={listed}
          setListed={setListed}
          rated={rated}
          setRated={setRated}
          unrateable={unrateable}
          ratedProblem={ratedProblem}
          chatFilter={chatFilter}
          setChatFilter={setChatFilter}
        />

        <div className="row">
          <button
            type="submit"
            className="btn primary big"
            disabled={busy || !parsed.ok || ratedProblem !== null}
          >
            {busy ? 'Creating…' : 'Create the table'}
          </button>
        </div>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}

/** Why a table with these seats and rules cannot be rated, or null when it can. */
function whyUnrated(seats: SeatRow[], modified: boolean): string | null {
  if (seats.length !== 2)
    return 'Rated games are for exactly two players: games of 3 or more players are never rated.';
  if (seats.some((s) => s.kind === 'bot')) return 'Games against bots are never rated.';
  if (modified) return 'Ratings are kept per preset: house rules make a game unrated.';
  return null;
}
