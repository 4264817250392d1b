// "Your move": the tab's title and icon on a table, and the count of games waiting for a move on
// this device (the header's badge, and the icon's badge on other pages). No accounts here: the games are those whose seat tokens this
// device holds (storage.ts).
import { useEffect, useSyncExternalStore } from 'react';
import type { GameSummary, GameView } from '@zilch/protocol';
import { getGame } from './api.ts';
import { heldGames } from './storage.ts';

/** The title and icon of every page but a table (as index.html has them). */
const DEFAULT_TITLE = 'Zilch';
const ICON = '/icon.svg';
/** The icon with a badge, shown while a table waits for this device's move. */
const YOUR_MOVE_ICON = '/icon-your-move.svg';
/** How often the badge asks the server again while the app is in sight. */
const POLL_MS = 30_000;
/** A focus or a return to the tab polls at once, but not more often than this. */
const MIN_GAP_MS = 5_000;
const BLINK_MS = 1_000;
/** The server reads at most 50 tokens (`X-Zilch-Tokens`). */
const MAX_TOKENS = 50;
/** Views asked for per poll: a device with more games in play sees the newest ones counted. */
const MAX_VIEWS = 12;

/** What the title needs to know of a table. */
export interface TurnSignal {
  status: GameView['status'];
  /** The seat on turn is one this device holds (hot-seat included). */
  myTurn: boolean;
  /** Several seats held here: the title names whose move it is. */
  hotSeat: boolean;
  /** The name of the seat on turn. */
  onTurn: string;
}

/** The tab title for a table, e.g. "● Your move — Zilch" or "Bot's turn — Zilch". */
function turnTitle(t: TurnSignal, dim = false): string {
  const end = ` — ${DEFAULT_TITLE}`;
  if (t.status === 'over') return `Game over${end}`;
  if (t.status === 'waiting') return `Waiting for players${end}`;
  if (!t.myTurn) return `${t.onTurn}'s turn${end}`;
  // The blink swaps only the dot, so the text stays readable in a narrow tab.
  return `${dim ? '○' : '●'} Your move${t.hotSeat ? `: ${t.onTurn}` : ''}${end}`;
}

function setIcon(href: string): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

const isVisible = () => document.visibilityState !== 'hidden';

/** Whether the page is in sight (a hidden tab or a minimised window is not). */
function useVisible(): boolean {
  return useSyncExternalStore(subscribeVisibility, isVisible, () => true);
}

/**
 * Keeps the tab's title and icon on whose move it is at a table, and restores the defaults when
 * the table closes. In sight, it follows what the table shows (`shown`, which plays the moves
 * out); hidden, the newest state (`live`), since a background tab's playback timers are slowed
 * to a crawl. A hidden tab blinks while it waits for this device's move. Also feeds the open
 * table's turn to the header's count, so the badge moves with the game, not 30 s later.
 */
export function useTurnTitle(gameId: string, shown: TurnSignal, live: TurnSignal): void {
  const visible = useVisible();
  const t = visible ? shown : live;
  const title = turnTitle(t);
  const mine = t.myTurn && t.status === 'playing';
  // Blinks between the title and the same with a hollow dot.
  const other = !visible && mine ? turnTitle(t, true) : null;
  useEffect(() => {
    document.title = title;
    setIcon(mine ? YOUR_MOVE_ICON : ICON);
    if (other === null) return;
    let dim = false;
    const timer = setInterval(() => {
      dim = !dim;
      document.title = dim ? other : title;
    }, BLINK_MS);
    return () => {
      clearInterval(timer);
      document.title = title;
    };
  }, [title, other, mine]);
  useEffect(
    () => () => {
      document.title = DEFAULT_TITLE;
      setIcon(ICON);
    },
    [],
  );
  // The badge counts this table's move once the table shows it (in sight: not while the
  // other players' moves are still being played back), like the title.
  const waiting = t.status === 'playing' && t.myTurn;
  useEffect(() => {
    tableSays(gameId, waiting);
  }, [gameId, waiting]);
  useEffect(() => () => tableClosed(gameId), [gameId]);
}

// The count of games waiting for this device: the last poll's answer, with the word of a table
// open on this page over it (it knows first).
let polled = new Set<string>();
const open = new Map<string, boolean>();
let count = 0;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
let inFlight = false;
let lastPoll = 0;

function recount(): void {
  const ids = new Set(polled);
  for (const [id, waiting] of open) {
    if (waiting) ids.add(id);
    else ids.delete(id);
  }
  // Away from a table (which keeps its own icon), the icon wears the badge while any game waits.
  if (open.size === 0) setIcon(ids.size > 0 ? YOUR_MOVE_ICON : ICON);
  if (ids.size === count) return;
  count = ids.size;
  for (const l of listeners) l();
}

function tableSays(gameId: string, waiting: boolean): void {
  open.set(gameId, waiting);
  recount();
}

function tableClosed(gameId: string): void {
  // The table's last word stands until the next poll, so the badge does not jump back.
  const waiting = open.get(gameId);
  open.delete(gameId);
  if (waiting !== undefined) {
    polled = new Set(polled);
    if (waiting) polled.add(gameId);
    else polled.delete(gameId);
  }
  recount();
}

/**
 * Asks the server which held games wait for a move here: one `GET /api/games` with the seat
 * tokens names the games in play; the seat on turn is not in that list, so each game in play
 * (but the open table, which knows) is then read once. Nothing is asked when no seat is held.
 */
async function poll(): Promise<void> {
  if (inFlight) return;
  inFlight = true;
  lastPoll = Date.now();
  try {
    const seats = new Map<string, { token: string; mine: number[] }>();
    const tokens: string[] = [];
    for (const g of heldGames()) {
      const held = Object.entries(g.tokens).filter(([s]) => Number(s) >= 0);
      if (held.length === 0 || tokens.length + held.length > MAX_TOKENS) continue;
      tokens.push(...held.map(([, t]) => t));
      seats.set(g.id, { token: held[0]?.[1] as string, mine: held.map(([s]) => Number(s)) });
    }
    if (tokens.length === 0) {
      polled = new Set();
      return recount();
    }
    const res = await fetch(`/api/games?status=active&limit=${MAX_TOKENS}`, {
      headers: { 'x-zilch-tokens': tokens.join(',') },
    });
    // A failed poll keeps the last count: the next one may do better.
    if (!res.ok) return;
    const { games } = (await res.json()) as { games: GameSummary[] };
    const inPlay = games.filter((g) => g.status === 'playing' && !open.has(g.id));
    const views = await Promise.all(
      inPlay.slice(0, MAX_VIEWS).map(async (g) => {
        const held = seats.get(g.id);
        const r = held ? await getGame(g.id, held.token) : null;
        return r?.ok && held?.mine.includes(r.value.state.current) ? g.id : null;
      }),
    );
    polled = new Set(views.filter((id): id is string => id !== null));
    recount();
  } catch (_e) {
    // Offline or a malformed answer: keep the last count.
  } finally {
    inFlight = false;
  }
}

function pollSoon(): void {
  if (isVisible() && Date.now() - lastPoll >= MIN_GAP_MS) void poll();
}

function onVisibility(): void {
  pollSoon();
}

function onWorkerMessage(e: MessageEvent): void {
  // A push arrived (push-sw.js): a game changed, so the count may have.
  if ((e.data as { type?: unknown } | null)?.type === 'zilch-push') void poll();
}

function onStorage(e: StorageEvent): void {
  // Another tab took or forgot a seat.
  if (e.key === 'zilch.games') void poll();
}

function subscribeCount(onChange: () => void): () => void {
  listeners.add(onChange);
  if (listeners.size === 1) {
    void poll();
    // Only while in sight: a hidden page shows no badge, and a return to it polls at once.
    timer = setInterval(() => {
      if (isVisible()) void poll();
    }, POLL_MS);
    window.addEventListener('focus', pollSoon);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('storage', onStorage);
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  }
  return () => {
    listeners.delete(onChange);
    if (listeners.size > 0) return;
    if (timer) clearInterval(timer);
    timer = null;
    window.removeEventListener('focus', pollSoon);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('storage', onStorage);
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
  };
}

/** How many games held on this device wait for its move, kept fresh while the app is open. */
export function useGamesWaiting(): number {
  return useSyncExternalStore(
    subscribeCount,
    () => count,
    () => 0,
  );
}
