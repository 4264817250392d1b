// The browser's part of the fairness proof: a random seed of this device for every seat it
// takes (so the server does not choose every input of the dice), and the checker of
// @zilch/protocol run on WebCrypto.
import type { FairCrypto } from '@zilch/protocol';

const SEEDS = 'zilch.seeds';
const COMMITMENTS = 'zilch.commitments';

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function read<T>(key: string): Record<string, T> {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as Record<string, T>) : {};
  } catch (_e) {
    return {};
  }
}

/** Writes a per-game map, keeping the last 200 games. */
function write<T>(key: string, all: Record<string, T>): void {
  const ids = Object.keys(all);
  for (const old of ids.slice(0, Math.max(0, ids.length - 200))) delete all[old];
  try {
    localStorage.setItem(key, JSON.stringify(all));
  } catch (_e) {
    // Private mode or a full quota: nothing is kept for the check, the game still works.
  }
}

const readSeeds = () => read<string[]>(SEEDS);

/** Keeps the first commitment this device saw for a game (at its claim, before the first roll). */
export function keepCommitment(gameId: string, commitment: string): void {
  const all = read<string>(COMMITMENTS);
  if (all[gameId]) return;
  all[gameId] = commitment;
  write(COMMITMENTS, all);
}

/** The commitment this device saw when it took a seat of the game, if it did. */
export function keptCommitment(gameId: string): string | null {
  return read<string>(COMMITMENTS)[gameId] ?? null;
}

/** A fresh random seed (16 bytes from crypto.getRandomValues, hex) to send with a seat claim; remembered for the game. */
export function newSeatSeed(gameId: string): string {
  const seed = hex(crypto.getRandomValues(new Uint8Array(16)));
  const all = readSeeds();
  all[gameId] = [...(all[gameId] ?? []), seed].slice(-8);
  write(SEEDS, all);
  return seed;
}

/** The seeds this device sent for a game's seats. */
export function sentSeeds(gameId: string): string[] {
  return readSeeds()[gameId] ?? [];
}

const utf8 = (s: string) => new TextEncoder().encode(s);

/** The checker's hashing on WebCrypto (null where the page is not a secure context). */
export function webFairCrypto(): FairCrypto | null {
  if (typeof crypto === 'undefined' || !crypto.subtle) return null;
  const subtle = crypto.subtle;
  return {
    async sha256(text) {
      return hex(new Uint8Array(await subtle.digest('SHA-256', utf8(text))));
    },
    async hmac(key, message) {
      const k = await subtle.importKey('raw', utf8(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
        'sign',
      ]);
      return new Uint8Array(await subtle.sign('HMAC', k, utf8(message)));
    },
  };
}
