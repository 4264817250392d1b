import { useEffect, useRef } from 'react';

/**
 * Whether keyboard focus has been lost (on <body>, or on a control just disabled or removed) or
 * rests on the table's heading, where the table put it: either way it may move on to what is next.
 */
function focusLost(): boolean {
  const a = document.activeElement;
  if (!a || a === document.body) return true;
  if (a.matches('.table-head h1')) return true;
  if (!a.isConnected) return true;
  return (a as HTMLButtonElement).disabled === true;
}

/** The control a player would reach for next, in the order the table offers them. */
function nextTarget(root: ParentNode, myTurn: boolean, over: boolean): HTMLElement | null {
  const q = (sel: string) => root.querySelector<HTMLElement>(sel);
  if (over) return q('#over-title');
  if (myTurn) {
    return (
      q('[data-testid="offer-fresh"]:not(:disabled)') ??
      q('.tray button.die:not(:disabled)') ??
      q('[data-testid="roll"]:not(:disabled)') ??
      q('[data-testid="bank"]:not(:disabled)') ??
      q('.table-head h1')
    );
  }
  return q('.table-head h1');
}

/**
 * Keeps keyboard focus on the table (issue 22): when the table opens, focus goes to its heading
 * (a screen reader reads whose turn it is); after each move, when the control that had focus was
 * disabled or removed (focus would fall to <body>), it goes to the next thing to do — an offer,
 * the first die, Roll or Bank — or back to the heading while someone else plays. Focus the player
 * put somewhere else (the chat, a link) is left alone.
 */
export function useTableFocus(key: string, myTurn: boolean, over: boolean, busy: boolean): void {
  const first = useRef(key);
  useEffect(() => {
    const root = document.querySelector('.table-page');
    const h1 = root?.querySelector<HTMLElement>('.table-head h1');
    if (!h1) return;
    h1.tabIndex = -1;
    if (focusLost()) h1.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    // The table as it opened: the heading keeps focus until something happens.
    if (key === first.current) return;
    first.current = '';
    const root = document.querySelector('.table-page');
    if (!root || !focusLost()) return;
    // While a move plays back nothing can be pressed yet: the heading holds focus meanwhile.
    const el = busy
      ? root.querySelector<HTMLElement>('.table-head h1')
      : nextTarget(root, myTurn, over);
    if (!el) return;
    if (el.tagName === 'H1' || el.tagName === 'H2') el.tabIndex = -1;
    el.focus({ preventScroll: true });
  }, [key, myTurn, over, busy]);
}
