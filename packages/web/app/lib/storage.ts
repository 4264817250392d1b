/** Seats this device holds for one game: seat number → secret token. */
export interface HeldGame {
  id: string;
  tokens: Record<number, string>;
  spectatorToken?: string;
  /** Invite tokens of seats this device created but did not take, so the links can be copied again. */
  invites?: Record<number, string>;
  savedAt: number;
}

const KEY = 'zilch.games';
const NAME = 'zilch.name';

function readAll(): Record<string, HeldGame> {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Record<string, HeldGame>) : {};
  } catch (_e) {
    return {};
  }
}

function writeAll(all: Record<string, HeldGame>): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch (_e) {
    // Private mode or a full quota: the game still works, it just will not survive a refresh.
  }
}

/** Every game this device holds a token for, newest first. */
export function heldGames(): HeldGame[] {
  return Object.values(readAll()).sort((a, b) => b.savedAt - a.savedAt);
}

/** The tokens this device holds for a game. */
export function heldGame(id: string): HeldGame | null {
  return readAll()[id] ?? null;
}

/** Remembers a seat token (seat may be unknown until the claim answers: use -1). */
export function holdSeat(id: string, seat: number, token: string): void {
  const all = readAll();
  const g = all[id] ?? { id, tokens: {}, savedAt: Date.now() };
  for (const [s, t] of Object.entries(g.tokens)) if (t === token) delete g.tokens[Number(s)];
  g.tokens[seat] = token;
  g.savedAt = Date.now();
  all[id] = g;
  writeAll(all);
}

/** Remembers the spectator token of a game this device created. */
export function holdSpectator(id: string, token: string): void {
  const all = readAll();
  const g = all[id] ?? { id, tokens: {}, savedAt: Date.now() };
  g.spectatorToken = token;
  all[id] = g;
  writeAll(all);
}

/** Remembers the invite tokens of the seats left for others. */
export function holdInvites(id: string, invites: Record<number, string>): void {
  const all = readAll();
  const g = all[id] ?? { id, tokens: {}, savedAt: Date.now() };
  g.invites = invites;
  all[id] = g;
  writeAll(all);
}

/** Forgets a game. */
export function forgetGame(id: string): void {
  const all = readAll();
  delete all[id];
  writeAll(all);
}

/** The display name last used on this device. */
export function savedName(): string {
  try {
    return localStorage.getItem(NAME) ?? '';
  } catch (_e) {
    return '';
  }
}

/** Remembers the display name for next time. */
export function saveName(name: string): void {
  try {
    localStorage.setItem(NAME, name);
  } catch (_e) {
    // not fatal
  }
}

const SOUND = 'zilch.sound';

/** Whether this device wants table sounds and vibration (on unless turned off here). */
export function soundOn(): boolean {
  try {
    return localStorage.getItem(SOUND) !== 'off';
  } catch (_e) {
    return true;
  }
}

/** Remembers on this device whether table sounds and vibration are on. */
export function saveSoundOn(on: boolean): void {
  try {
    localStorage.setItem(SOUND, on ? 'on' : 'off');
  } catch (_e) {
    // not fatal: the choice lasts until the page is closed
  }
}
