// The dice and felt this player chose (issue 22): saved on the account, or on this device for a
// guest or a device without identity. Applied as attributes on <html> (`data-dice`, `data-felt`),
// which themes.css turns into colours, so every die on every page follows at once and nothing
// on screen changes size (the looks are colours and glyphs only: CLS-neutral).
import { useSyncExternalStore } from 'react';
import { DICE_STYLES, FELTS, type Looks } from '@zilch/protocol';
import { updateProfile } from './account.ts';
import type { Result } from './result.ts';

const KEY = 'zilch.looks';

/** The look of a fresh install: ivory dice with pips on the green felt. */
export const DEFAULT_LOOKS: Looks = { dice: 'classic', felt: 'green' };

/** Names and descriptions for the profile's pickers. */
export const DICE_NAMES: Record<Looks['dice'], string> = {
  classic: 'Classic — ivory with pips',
  numerals: 'Numerals — large numbers, for low vision',
  ruby: 'Ruby — red with white pips',
  midnight: 'Midnight — navy with gold pips',
};
export const FELT_NAMES: Record<Looks['felt'], string> = {
  green: 'Green baize',
  blue: 'Ocean blue',
  wine: 'Wine red',
};

/** A stored value read loosely: anything unknown falls back to the default, field by field. */
export function parseLooks(raw: unknown): Looks {
  const o = (raw ?? {}) as { dice?: unknown; felt?: unknown };
  const dice = (DICE_STYLES as readonly unknown[]).includes(o.dice)
    ? (o.dice as Looks['dice'])
    : DEFAULT_LOOKS.dice;
  const felt = (FELTS as readonly unknown[]).includes(o.felt)
    ? (o.felt as Looks['felt'])
    : DEFAULT_LOOKS.felt;
  return { dice, felt };
}

function readDevice(): Looks {
  try {
    return parseLooks(JSON.parse(localStorage.getItem(KEY) ?? 'null'));
  } catch (_e) {
    return DEFAULT_LOOKS;
  }
}

let current: Looks = DEFAULT_LOOKS;
const listeners = new Set<() => void>();

/** Shows `l` on every page (and remembers it on this device for the next first paint). */
function applyLooks(l: Looks): void {
  current = l;
  document.documentElement.dataset.dice = l.dice;
  document.documentElement.dataset.felt = l.felt;
  try {
    localStorage.setItem(KEY, JSON.stringify(l));
  } catch (_e) {
    // Storage refused (private mode): the looks last for this page.
  }
  for (const f of listeners) f();
}

/** Applies this device's last looks before the first render, so dice never change colour late. */
export function startLooks(): void {
  applyLooks(readDevice());
}

/** An account's saved looks win over the device's when the session is known. */
export function adoptAccountLooks(l: Looks | null | undefined): void {
  if (l && (l.dice !== current.dice || l.felt !== current.felt)) applyLooks(parseLooks(l));
}

/** The looks on show (re-renders when they change). */
export function useLooks(): Looks {
  return useSyncExternalStore(
    (f) => {
      listeners.add(f);
      return () => listeners.delete(f);
    },
    () => current,
    () => DEFAULT_LOOKS,
  );
}

/** Chooses looks: on show at once, saved on the account when there is one, else on this device. */
export async function chooseLooks(l: Looks, account: boolean): Promise<Result<Looks>> {
  applyLooks(l);
  if (!account) return { ok: true, value: l };
  const r = await updateProfile({ looks: l });
  return r.ok ? { ok: true, value: l } : r;
}
