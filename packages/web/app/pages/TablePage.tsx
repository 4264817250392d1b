import { keepChoices, type GameEvent } from '@zilch/engine';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Coach } from '../components/Coach.tsx';
import { Cube, DieButton } from '../components/Die.tsx';
import { Reactions } from '../components/Reactions.tsx';
import { nameOf, Scoreboard } from '../components/Scoreboard.tsx';
import { TurnLog } from '../components/TurnLog.tsx';
import { claimSeat, rematch } from '../lib/api.ts';
import { bannerFor, type BannerInfo } from '../lib/banners.ts';
import { tipFor } from '../lib/guide.ts';
import { faceWord, rollAndBank, evaluateSelection, type ControlState } from '../lib/selection.ts';
import { heldGame, holdSeat, holdSpectator, saveName, savedName } from '../lib/storage.ts';
import { useTable } from '../lib/useTable.ts';
import type { AdviceOption, GameView, Move } from '../lib/wire.ts';

/** Reads `#seat=TOKEN` (an invite) or `#watch=TOKEN` (a spectator link) once. */
function readHash(): { seat?: string; watch?: string } {
  const h = new URLSearchParams(window.location.hash.slice(1));
  return { seat: h.get('seat') ?? undefined, watch: h.get('watch') ?? undefined };
}

/** A table: claims an invited seat first when needed, then plays. */
export function TablePage({ id }: { id: string }) {
  const [invite] = useState(readHash);
  const [held, setHeld] = useState(() => heldGame(id));
  const [watching, setWatching] = useState(false);
  useEffect(() => {
    if (invite.watch) holdSpectator(id, invite.watch);
    if (invite.seat || invite.watch) {
      history.replaceState(null, '', window.location.pathname + window.location.search);
    }
    setHeld(heldGame(id));
  }, [id, invite]);
  const tokens = held?.tokens ?? {};
  const pending =
    invite.seat && !watching && !Object.values(tokens).includes(invite.seat)
      ? invite.seat
      : undefined;
  if (pending)
    return (
      <ClaimSeat
        id={id}
        token={pending}
        onClaimed={() => setHeld(heldGame(id))}
        onWatch={() => setWatching(true)}
      />
    );
  return (
    <Table key={id} id={id} tokens={tokens} spectatorToken={held?.spectatorToken ?? invite.watch} />
  );
}

function ClaimSeat({
  id,
  token,
  onClaimed,
  onWatch,
}: {
  id: string;
  token: string;
  onClaimed: () => void;
  onWatch: () => void;
}) {
  const [name, setName] = useState(savedName());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <section className="page narrow card">
      <h1>Take your seat</h1>
      <p>You were invited to a game of Zilch. Choose the name the table will see.</p>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          const r = await claimSeat(id, token, name.trim());
          setBusy(false);
          if (!r.ok) return setError(r.error.message);
          saveName(name.trim());
          holdSeat(id, r.value.seat, token);
          onClaimed();
        }}
      >
        <label htmlFor="claim-name">Your name</label>
        <input
          id="claim-name"
          value={name}
          required
          minLength={1}
          maxLength={24}
          autoComplete="nickname"
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="btn primary" disabled={busy || !name.trim()}>
          {busy ? 'Joining…' : 'Join the table'}
        </button>
        {error && (
          <p role="alert" className="error">
            {error}{' '}
            <button type="button" className="btn small" onClick={onWatch}>
              Watch the table instead
            </button>
          </p>
        )}
      </form>
    </section>
  );
}

function Table({
  id,
  tokens,
  spectatorToken,
}: {
  id: string;
  tokens: Record<number, string>;
  spectatorToken?: string;
}) {
  const mine = useMemo(
    () =>
      Object.keys(tokens)
        .map(Number)
        .filter((s) => s >= 0)
        .sort((a, b) => a - b),
    [tokens],
  );
  const joinToken = mine.length ? tokens[mine[0] as number] : spectatorToken;
  const table = useTable(id, tokens, joinToken);
  const { view, fresh, events } = table;
  const search = useSearch();
  const guide = new URLSearchParams(search).get('guide') === '1';

  if (!view)
    return (
      <section className="page narrow">
        <h1>Table</h1>
        {table.error ? (
          <p role="alert" className="error">
            {table.error} <Link href="/">Back to the lobby</Link>
          </p>
        ) : (
          <p className="loading">Joining the table…</p>
        )}
      </section>
    );
  return (
    <Playing
      view={view}
      events={events}
      fresh={fresh}
      mine={mine}
      tokens={tokens}
      connected={table.connected}
      error={table.error}
      send={table.send}
      react={table.react}
      reactions={table.reactions}
      guide={guide}
      spectatorToken={spectatorToken}
    />
  );
}

type PlayingProps = {
  view: GameView;
  events: GameEvent[];
  fresh: { seq: number; events: GameEvent[] } | null;
  mine: number[];
  tokens: Record<number, string>;
  connected: boolean;
  error: string | null;
  send: ReturnType<typeof useTable>['send'];
  react: ReturnType<typeof useTable>['react'];
  reactions: ReturnType<typeof useTable>['reactions'];
  guide: boolean;
  spectatorToken?: string;
};

function Playing(p: PlayingProps) {
  const { view, mine } = p;
  const s = view.state;
  const name = useCallback((seat: number) => nameOf(view, seat), [view]);
  const playing = view.status === 'playing';
  const myTurn = playing && mine.includes(s.current);
  const spectator = mine.length === 0;
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [coach, setCoach] = useState(false);
  const [banner, setBanner] = useState<BannerInfo | null>(null);
  const [spin, setSpin] = useState(0);
  const [seen, setSeen] = useState<Set<string>>(() => new Set());
  const [, navigate] = useLocation();
  const rollRef = useRef<HTMLButtonElement>(null);
  const bankRef = useRef<HTMLButtonElement>(null);

  // A figure for the report: navigation start → the table first rendered (read by the e2e test).
  useEffect(() => {
    if (performance.getEntriesByName('zilch:table-visible').length === 0) {
      performance.mark('zilch:table-visible');
    }
  }, []);

  // A new position clears the selection.
  const posKey = `${view.seq}`;
  useEffect(() => setSelected([]), [posKey]);

  // Banners and the dice tumble follow the events of each pushed update.
  useEffect(() => {
    if (!p.fresh) return;
    const b = bannerFor(p.fresh.events, name, view.rules.dice);
    if (b) setBanner(b);
    if (p.fresh.events.some((e) => e.type === 'rolled')) setSpin((n) => n + 1);
  }, [p.fresh, name, view.rules.dice]);
  useEffect(() => {
    if (!banner || banner.kind === 'over') return;
    const t = setTimeout(() => setBanner(null), 3500);
    return () => clearTimeout(t);
  }, [banner]);

  const roll = s.phase === 'keep' ? s.turn.roll : null;
  const lastRolled = useMemo(() => lastRollOf(p.events), [p.events]);
  const shown = roll ?? lastRolled?.dice ?? null;
  const scoringFaces = useMemo(() => {
    const set = new Set<number>();
    for (const c of keepChoices(s)) for (const f of c.option.keep) set.add(f);
    return set;
  }, [s]);
  const keptThisTurn = useMemo(() => keptOf(p.events), [p.events]);
  const sel = evaluateSelection(s, selected);
  const controls = rollAndBank(s, selected, myTurn && !busy, name(s.current));

  const act = useCallback(
    async (move: Move) => {
      setBusy(true);
      setActionError(null);
      const r = await p.send(move);
      setBusy(false);
      if (!r.ok) setActionError(r.error.message);
    },
    [p],
  );
  const toggle = useCallback(
    (i: number) => {
      if (!myTurn || s.phase !== 'keep') return;
      setSelected((cur) => (cur.includes(i) ? cur.filter((x) => x !== i) : [...cur, i]));
    },
    [myTurn, s.phase],
  );

  // Keys: 1–9 and 0 toggle dice, R rolls, B banks, F/I answer an offer, C toggles the coach.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT'))
        return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const k = e.key.toLowerCase();
      if (/^[0-9]$/.test(k) && roll) {
        const i = k === '0' ? 9 : Number(k) - 1;
        if (i < roll.length) {
          e.preventDefault();
          toggle(i);
        }
      } else if (k === 'r') rollRef.current?.click();
      else if (k === 'b') bankRef.current?.click();
      else if (k === 'f' && myTurn && s.phase === 'choose') void act({ type: 'fresh' });
      else if (k === 'i' && myTurn && s.phase === 'choose') void act({ type: 'inherit' });
      else if (k === 'c' && !spectator) setCoach((c) => !c);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [roll, toggle, act, myTurn, s.phase, spectator]);

  const showAdvice = (o: AdviceOption) => {
    if (o.move.type === 'keep') setSelected(o.move.dice.slice());
  };
  const tip = p.guide && !spectator ? tipFor(s, p.fresh?.events ?? [], myTurn, seen) : null;
  const hotSeat = mine.length > 1;
  const onTurn = name(s.current);

  return (
    <div className="page table-page">
      <div className="table-head">
        <h1>
          {view.status === 'over'
            ? 'Game over'
            : view.status === 'waiting'
              ? 'Waiting for players'
              : myTurn
                ? hotSeat
                  ? `${onTurn}'s turn — pass the device`
                  : 'Your turn'
                : `${onTurn}'s turn`}
        </h1>
        <p className="muted small">
          <Link href={`/rules/custom?from=${view.id}`}>{view.rules.name}</Link> · target{' '}
          {view.rules.target.toLocaleString('en-US')}
          {spectator && <span className="tag">spectating</span>}
          <span className={`conn ${p.connected ? 'on' : 'off'}`}>
            {p.connected ? '● connected' : '○ reconnecting…'}
          </span>
        </p>
        {view.timer?.deadline && playing && <Countdown deadline={view.timer.deadline} />}
      </div>

      <div className="table-grid">
        <div className="felt-col">
          <div className="felt" data-testid="table">
            <div className="banner-slot" role="status" aria-live="polite">
              {banner && (
                <div className={`banner banner-${banner.kind}`} data-testid="banner">
                  <strong>{banner.title}</strong> <span>{banner.detail}</span>
                </div>
              )}
            </div>

            <div className="turn-line">
              <span>
                Running total{' '}
                <strong data-testid="running-total">{s.turn.total.toLocaleString('en-US')}</strong>
              </span>
              {s.turn.inherited > 0 && (
                <span className="tag">inherited {s.turn.inherited.toLocaleString('en-US')}</span>
              )}
              <span>
                {s.turn.available} {s.turn.available === 1 ? 'die' : 'dice'} to roll
              </span>
            </div>

            {keptThisTurn.length > 0 && playing && (
              <div className="kept" aria-label="Set aside this turn">
                {keptThisTurn.map((faces, i) => (
                  <span key={i} className="kept-group" aria-label={faces.map(faceWord).join(', ')}>
                    {faces.map((f, j) => (
                      <Cube key={j} face={f} spin={0} size="small" />
                    ))}
                  </span>
                ))}
              </div>
            )}

            {s.phase === 'choose' && s.offer && playing ? (
              <Offer
                points={s.offer.points}
                dice={s.offer.dice}
                allDice={view.rules.dice}
                mine={myTurn}
                who={onTurn}
                from={name((s.current - 1 + s.players) % s.players)}
                onFresh={() => void act({ type: 'fresh' })}
                onInherit={() => void act({ type: 'inherit' })}
              />
            ) : (
              <div
                className="tray"
                role="group"
                aria-label={roll ? 'Dice rolled — choose dice to keep' : 'Dice'}
                data-testid="tray"
              >
                {!roll && lastRolled && (
                  <p className="tray-caption muted small">Last roll: {name(lastRolled.seat)}</p>
                )}
                {shown ? (
                  shown.map((face, i) =>
                    roll ? (
                      <DieButton
                        key={i}
                        index={i}
                        face={face}
                        selected={selected.includes(i)}
                        disabled={!myTurn || busy}
                        spin={spin}
                        scoring={scoringFaces.has(face)}
                        onToggle={toggle}
                      />
                    ) : (
                      <span
                        key={i}
                        className="die static"
                        role="img"
                        aria-label={`Last roll, die ${i + 1}: ${faceWord(face)}`}
                      >
                        <Cube face={face} spin={spin} />
                      </span>
                    ),
                  )
                ) : (
                  <p className="muted">The dice are waiting for the first roll.</p>
                )}
              </div>
            )}

            {roll && (
              <p className="selection" aria-live="polite" data-testid="selection">
                {!sel ? (
                  myTurn ? (
                    'Choose scoring dice to set aside (click, or keys 1–' +
                    Math.min(roll.length, 9) +
                    ').'
                  ) : (
                    `${onTurn} is choosing dice.`
                  )
                ) : sel.legal ? (
                  <>
                    <span className="ok-mark" aria-hidden="true">
                      ✓
                    </span>{' '}
                    {sel.faces.join(' ')} scores{' '}
                    <strong>+{sel.gain.toLocaleString('en-US')}</strong> → running total{' '}
                    {sel.total.toLocaleString('en-US')}
                    {sel.hot ? ' · hot dice!' : ''}
                  </>
                ) : (
                  <>
                    <span className="bad-mark" aria-hidden="true">
                      ✗
                    </span>{' '}
                    Not a scoring selection: {sel.problem}
                  </>
                )}
              </p>
            )}

            {!spectator && playing && s.phase !== 'choose' && (
              <div className="controls">
                <ControlButton
                  id="roll"
                  shortcut="R"
                  tone="primary"
                  control={controls.roll}
                  buttonRef={rollRef}
                  onMove={(m) => void act(m)}
                />
                <ControlButton
                  id="bank"
                  shortcut="B"
                  tone="bank"
                  control={controls.bank}
                  buttonRef={bankRef}
                  onMove={(m) => void act(m)}
                />
              </div>
            )}
            {actionError && (
              <p role="alert" className="error">
                {actionError}
              </p>
            )}
            {p.error && (
              <p role="alert" className="error">
                {p.error}
              </p>
            )}
          </div>

          {tip && (
            <aside className="tip card" aria-labelledby="tip-title" data-testid="tip">
              <h2 id="tip-title">Tip: {tip.title}</h2>
              <p>{tip.text}</p>
              <button
                type="button"
                className="btn small"
                onClick={() => setSeen((x) => new Set(x).add(tip.id))}
              >
                Got it
              </button>
            </aside>
          )}

          {view.status === 'over' && (
            <GameOver view={p.view} tokens={p.tokens} navigate={navigate} />
          )}
          {view.status === 'waiting' && (
            <Waiting
              view={view}
              spectatorToken={p.spectatorToken}
              invites={heldGame(view.id)?.invites ?? {}}
            />
          )}

          {!spectator && playing && (
            <div className="coach-toggle">
              <label className="switch">
                <input
                  type="checkbox"
                  checked={coach}
                  onChange={(e) => setCoach(e.target.checked)}
                  aria-keyshortcuts="C"
                />{' '}
                Coach {coach ? 'on' : 'off'}
              </label>
            </div>
          )}
          {coach && playing && myTurn && <Coach state={s} stateKey={posKey} onShow={showAdvice} />}
          {coach && playing && !myTurn && <p className="muted">The coach speaks on your turn.</p>}

          <Reactions
            reactions={p.reactions}
            name={(seat) => (seat === null ? 'A spectator' : name(seat))}
            onReact={p.react}
            canReact={true}
          />
        </div>
        <div className="side-col">
          <Scoreboard view={view} mine={mine} />
          <TurnLog view={view} events={p.events} />
        </div>
      </div>
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
        aria-describedby={why}
        aria-keyshortcuts={p.shortcut}
        onClick={() => p.control.move && p.onMove(p.control.move)}
        data-testid={p.id}
      >
        {p.control.label}
      </button>
      <p id={why} className="why small">
        {p.control.reason ?? `Key: ${p.shortcut}`}
      </p>
    </div>
  );
}

function Offer(props: {
  points: number;
  dice: number;
  allDice: number;
  mine: boolean;
  who: string;
  from: string;
  onFresh: () => void;
  onInherit: () => void;
}) {
  const { points, dice, allDice, mine, who, from } = props;
  return (
    <div className="offer" data-testid="offer">
      <p>
        <strong>{from}</strong> banked and offers{' '}
        <strong>
          {points.toLocaleString('en-US')} points with {dice} {dice === 1 ? 'die' : 'dice'}
        </strong>
        .{' '}
        {mine
          ? 'Take it and roll only those dice, or start fresh with all of them.'
          : `${who} is choosing.`}
      </p>
      {mine && (
        <div className="offer-choices">
          <button type="button" className="btn big" onClick={props.onFresh} aria-keyshortcuts="F">
            Start fresh
            <span className="small">0 points · {allDice} dice · key F</span>
          </button>
          <button
            type="button"
            className="btn primary big"
            onClick={props.onInherit}
            aria-keyshortcuts="I"
          >
            Inherit {points.toLocaleString('en-US')} points
            <span className="small">
              {dice} {dice === 1 ? 'die' : 'dice'} · key I
            </span>
          </button>
        </div>
      )}
    </div>
  );
}

function Countdown({ deadline }: { deadline: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, []);
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  return (
    <p className={`timer ${left <= 10 ? 'urgent' : ''}`} aria-live={left <= 10 ? 'polite' : 'off'}>
      ⏱ {left}s left to decide
    </p>
  );
}

function GameOver({
  view,
  tokens,
  navigate,
}: {
  view: GameView;
  tokens: Record<number, string>;
  navigate: (to: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const winners = view.state.winners.map((w) => nameOf(view, w));
  const token = Object.values(tokens)[0];
  return (
    <section className="card game-over" aria-labelledby="over-title" data-testid="game-over">
      <h2 id="over-title">
        <span aria-hidden="true">🏆 </span>
        {winners.join(' and ')} {winners.length > 1 ? 'share the win' : 'wins'}
      </h2>
      <div className="row">
        <Link href={`/t/${view.id}/review`} className="btn primary">
          Review the game
        </Link>
        <Link href={`/t/${view.id}/fairness`} className="btn">
          Check the dice
        </Link>
        {token && (
          <button
            type="button"
            className="btn"
            onClick={async () => {
              let next = view.rematchId;
              if (!next) {
                const r = await rematch(view.id, token);
                if (!r.ok) return setError(r.error.message);
                next = r.value.gameId;
              }
              // A rematch keeps every seat's token, so the seats held here open the new game too.
              for (const [seat, t] of Object.entries(tokens)) holdSeat(next, Number(seat), t);
              navigate(`/t/${next}`);
            }}
          >
            {view.rematchId ? 'Go to the rematch' : 'Rematch'}
          </button>
        )}
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  );
}

function Waiting({
  view,
  spectatorToken,
  invites,
}: {
  view: GameView;
  spectatorToken?: string;
  invites: Record<number, string>;
}) {
  const openSeats = view.seats.filter((s) => s.kind === 'human' && !s.claimed);
  const open = openSeats.length;
  return (
    <section className="card" aria-labelledby="waiting-title">
      <h2 id="waiting-title">
        Waiting for {open} {open === 1 ? 'player' : 'players'}
      </h2>
      <p>The game starts as soon as every seat is taken. Send each person their own link.</p>
      {openSeats.map((s) =>
        invites[s.seat] ? (
          <CopyLink
            key={s.seat}
            label={`Seat ${s.seat + 1} (${s.name}) invite`}
            url={`${location.origin}/t/${view.id}#seat=${invites[s.seat]}`}
            testId={`waiting-invite-${s.seat}`}
          />
        ) : null,
      )}
      {spectatorToken && (
        <CopyLink
          label="Spectator link"
          url={`${location.origin}/t/${view.id}#watch=${spectatorToken}`}
        />
      )}
    </section>
  );
}

/** A link with a copy button (the text stays selectable where the clipboard is unavailable). */
export function CopyLink({ label, url, testId }: { label: string; url: string; testId?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="copy-link">
      <label>
        <span>{label}</span>
        <input readOnly value={url} onFocus={(e) => e.target.select()} data-testid={testId} />
      </label>
      <button
        type="button"
        className="btn small"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(url);
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          } catch (_e) {
            setCopied(false);
          }
        }}
      >
        {copied ? 'Copied ✓' : 'Copy'}
      </button>
    </div>
  );
}

function lastRollOf(events: readonly GameEvent[]): { seat: number; dice: number[] } | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i] as GameEvent;
    // The previous turn's last roll (a zilch, or the roll before a bank) stays up until the next roll.
    if (e.type === 'rolled') return { seat: e.seat, dice: e.dice };
  }
  return null;
}

function keptOf(events: readonly GameEvent[]): number[][] {
  const out: number[][] = [];
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i] as GameEvent;
    if (e.type === 'turn-started') break;
    if (e.type === 'kept') out.unshift(e.faces);
  }
  return out;
}
