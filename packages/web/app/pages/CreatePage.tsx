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
import { BOT_IDS, type BotId, type Created, type SeatSpec } from '@zilch/protocol';
import { CopyLink } from '../components/CopyLink.tsx';
import { PresetOptions } from '../components/PresetOptions.tsx';

// The house-rules editor loads with this page, not with the first page a visitor opens.
const RuleEditor = lazy(() =>
  import('../components/RuleEditor.tsx').then((m) => ({ default: m.RuleEditor })),
);

type SeatRow = { kind: 'human'; name: string } | { kind: 'bot'; bot: BotId };
type Who = 'me' | 'all' | 'none';

// Who plays on this device, in the order offered.
const WHO_CHOICES: readonly [Who, string][] = [
  ['me', "I take the first person's seat and invite the others"],
  ['all', 'Everyone: pass this device around (hot-seat)'],
  ['none', 'Nobody: I only set the table up'],
];

const BOT_NOTES: Record<BotId, string> = {
  random: 'random — picks any legal move',
  cautious: 'cautious — banks early',
  bold: 'bold — pushes its luck',
  expected: 'expected — maximises expected points',
  optimal: 'optimal — plays to win (2 players)',
};

/** Create a table: preset, every house rule, seats, timer, who plays on this device. */
export function CreatePage() {
  const search = useSearch();
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
    setCreated({ c: r.value, sat: sit, rated });
  };

  if (created)
    return <Invites created={created.c} sat={created.sat} seats={seats} rated={created.rated} />;

  return (
    <div className="page create">
      <h1>Create a table</h1>
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

        <section className="card" aria-labelledby="seats-h">
          <h2 id="seats-h">Seats ({seats.length} of 2–8)</h2>
          <ol className="seat-rows">
            {seats.map((s, i) => (
              <li key={i} className="seat-row">
                <span className="seat-no">Seat {i + 1}</span>
                <label className="sr-only" htmlFor={`seat-${i}-kind`}>
                  Seat {i + 1} is played by
                </label>
                <select
                  id={`seat-${i}-kind`}
                  value={s.kind}
                  onChange={(e) =>
                    setSeats(
                      seats.map((x, j) =>
                        j === i
                          ? e.target.value === 'bot'
                            ? { kind: 'bot', bot: 'expected' }
                            : { kind: 'human', name: `Player ${i + 1}` }
                          : x,
                      ),
                    )
                  }
                >
                  <option value="human">Person</option>
                  <option value="bot">Bot</option>
                </select>
                {s.kind === 'human' ? (
                  <>
                    <label className="sr-only" htmlFor={`seat-${i}-name`}>
                      Seat {i + 1} name
                    </label>
                    <input
                      id={`seat-${i}-name`}
                      value={s.name}
                      maxLength={24}
                      onChange={(e) =>
                        setSeats(
                          seats.map((x, j) =>
                            j === i ? { kind: 'human', name: e.target.value } : x,
                          ),
                        )
                      }
                    />
                  </>
                ) : (
                  <>
                    <label className="sr-only" htmlFor={`seat-${i}-bot`}>
                      Seat {i + 1} bot level
                    </label>
                    <select
                      id={`seat-${i}-bot`}
                      value={s.bot}
                      onChange={(e) =>
                        setSeats(
                          seats.map((x, j) =>
                            j === i ? { kind: 'bot', bot: e.target.value as BotId } : x,
                          ),
                        )
                      }
                    >
                      {BOT_IDS.map((b) => (
                        <option key={b} value={b}>
                          {BOT_NOTES[b]}
                        </option>
                      ))}
                    </select>
                  </>
                )}
                <button
                  type="button"
                  className="btn small ghost"
                  disabled={seats.length <= 2}
                  aria-label={`Remove seat ${i + 1}`}
                  onClick={() => setSeats(seats.filter((_, j) => j !== i))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ol>
          <div className="row">
            <button
              type="button"
              className="btn small"
              disabled={seats.length >= 8}
              onClick={() =>
                setSeats([...seats, { kind: 'human', name: `Player ${seats.length + 1}` }])
              }
            >
              Add a person
            </button>
            <button
              type="button"
              className="btn small"
              disabled={seats.length >= 8}
              onClick={() => setSeats([...seats, { kind: 'bot', bot: 'expected' }])}
            >
              Add a bot
            </button>
          </div>
          <fieldset className="field stack">
            <legend>Who plays on this device?</legend>
            {WHO_CHOICES.map(([value, label]) => (
              <label className="check" key={value}>
                <input
                  type="radio"
                  name="who"
                  checked={who === value}
                  onChange={() => setWho(value)}
                />{' '}
                {label}
              </label>
            ))}
          </fieldset>
        </section>

        <section className="card" aria-labelledby="table-h">
          <h2 id="table-h">Table</h2>
          <div className="field">
            <div className="field-main">
              <label htmlFor="timer">Turn timer</label>
              <select
                id="timer"
                value={timer ?? ''}
                onChange={(e) => setTimer(e.target.value ? Number(e.target.value) : null)}
              >
                <option value="">No timer</option>
                <option value="30">30 seconds</option>
                <option value="60">1 minute</option>
                <option value="300">5 minutes</option>
                <option value="86400">1 day (correspondence)</option>
              </select>
            </div>
            <p className="help">Time per decision; when it runs out the turn ends as a zilch.</p>
          </div>
          <div className="field">
            <div className="field-main">
              <label htmlFor="absent">Absent players</label>
              <select
                id="absent"
                disabled={rated}
                value={rated ? '' : absentBot}
                onChange={(e) => setAbsentBot(e.target.value as BotId | '')}
              >
                <option value="">Wait for them</option>
                {BOT_IDS.map((b) => (
                  <option key={b} value={b}>
                    A bot plays for them: {b}
                  </option>
                ))}
              </select>
            </div>
            <p className="help">
              Who plays a seat whose player is disconnected when the timer runs out.
            </p>
          </div>
          <CheckField
            id="public"
            checked={listed}
            onChange={setListed}
            label="List this table publicly"
            help="Off: only people you send a link to can find it. On: anyone can see it in the list of games and watch."
          />
          <div className="field">
            <label className="check">
              <input
                id="rated"
                type="checkbox"
                checked={rated}
                disabled={unrateable !== null}
                aria-describedby="rated-help"
                onChange={(e) => setRated(e.target.checked)}
              />{' '}
              Rated game
            </label>
            <p className="help" id="rated-help">
              {unrateable ??
                'The result moves both players’ ratings for this preset (Glicko-2) on the leaderboard. Only accounts (signed in with a passkey) can take its seats, under their account names; absent players are waited for, never played by a bot.'}{' '}
              <Link href="/leaderboard">Leaderboard</Link>
            </p>
            {ratedProblem && (
              <p className="error" role="status">
                {ratedProblem} <Link href="/signin">Sign in</Link> ·{' '}
                <Link href="/me">Your profile</Link>
              </p>
            )}
          </div>
          <CheckField
            id="chat-filter"
            checked={chatFilter}
            onChange={setChatFilter}
            label="Filter profanity in the chat"
            help="On: swear words in the table chat are masked with asterisks. Off: messages stay as typed. Fixed once the table is created."
          />
        </section>

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

function Invites({
  created,
  sat,
  seats,
  rated,
}: {
  created: Created;
  sat: number[];
  seats: SeatRow[];
  rated: boolean;
}) {
  const [, navigate] = useLocation();
  const origin = window.location.origin;
  const table = `/t/${created.gameId}`;
  return (
    <div className="page create">
      <h1>Your table is ready</h1>
      <section className="card" aria-labelledby="invite-h">
        <h2 id="invite-h">Invite links</h2>
        <p className="help">
          Each link is a seat: send it only to the person who should sit there. Commitment{' '}
          <code className="hash">{created.commitment.slice(0, 16)}…</code> (the dice are fixed by a
          secret seed revealed after the game).
        </p>
        {rated && (
          <p data-testid="rated-note">
            <strong>Rated game:</strong> whoever opens a seat link must sign in with a passkey
            account to sit down; the seat takes the account&apos;s name.
          </p>
        )}
        <ul className="invites">
          {created.seats.map((s) => {
            const row = seats[s.seat];
            const label =
              row?.kind === 'human' ? row.name || `Seat ${s.seat + 1}` : `bot (${s.bot ?? ''})`;
            return (
              <li key={s.seat}>
                {s.kind === 'bot' ? (
                  <p>
                    Seat {s.seat + 1}: {label} — plays by itself
                  </p>
                ) : sat.includes(s.seat) ? (
                  <p>
                    Seat {s.seat + 1}: {label} — on this device
                  </p>
                ) : (
                  <CopyLink
                    label={`Seat ${s.seat + 1} (${label}) invite`}
                    url={`${origin}${table}#seat=${s.token ?? ''}`}
                    testId={`invite-${s.seat}`}
                  />
                )}
              </li>
            );
          })}
          <li>
            <CopyLink
              label="Spectator link (watch only)"
              url={`${origin}${table}#watch=${created.spectatorToken}`}
              testId="spectator-link"
            />
          </li>
        </ul>
        <button type="button" className="btn primary big" onClick={() => navigate(table)}>
          Go to the table
        </button>
      </section>
    </div>
  );
}

/** A yes/no setting of the table with what each answer means. */
function CheckField(p: {
  id: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  label: string;
  help: string;
}) {
  return (
    <div className="field">
      <label className="check">
        <input
          id={p.id}
          type="checkbox"
          checked={p.checked}
          onChange={(e) => p.onChange(e.target.checked)}
        />{' '}
        {p.label}
      </label>
      <p className="help">{p.help}</p>
    </div>
  );
}
