import type { ReactNode } from 'react';

/**
 * A keyboard hint ("Key: R", "keys 1–6"). Shown only where a keyboard is likely: a fine pointer that
 * can hover, or once any key has been pressed on this page (see `watchKeyboard`); a touch player
 * never reads about keys they do not have. Screen readers get the key from `aria-keyshortcuts`.
 */
export function KeyHint({ children }: { children: ReactNode }) {
  return <span className="key-hint">{children}</span>;
}

/** Marks the page as keyboard-driven (`<html data-keys>`) at the first key press, for the hints. */
export function watchKeyboard(): void {
  const on = (e: KeyboardEvent) => {
    // A modifier alone (a screenshot shortcut, a zoom) says nothing about a keyboard player.
    if (['Shift', 'Control', 'Alt', 'Meta'].includes(e.key)) return;
    document.documentElement.dataset.keys = '1';
    window.removeEventListener('keydown', on, true);
  };
  window.addEventListener('keydown', on, true);
}
