import type { GameEvent } from '@zilch/engine';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { nameOf } from '../../components/Scoreboard.tsx';
import { speaker } from '../../lib/words.ts';
import type { BannerInfo } from '../../lib/banners.ts';
import { bannerAfter, paced, stepsOf, type Step } from '../../lib/playback.ts';
import type { TableUpdate } from '../../lib/useTable.ts';
import type { GameView } from '@zilch/protocol';

/** What the table shows now: the step on show, the events seen so far and the queue behind it. */
export interface Playback {
  view: GameView;
  /** Every event shown so far (the log from the join plus the steps played). */
  events: GameEvent[];
  /**
   * The events the turn log lists: those shown so far but a roll still tumbling, whose line
   * appears when its dice land (the log must not tell the roll before the dice do).
   */
  logged: GameEvent[];
  /** The step on show, null before the first update or after a fast-forward. */
  step: Step | null;
  /** The play-by-play words of the latest step that had some. */
  said: string;
  /** The banner of the steps shown so far (see bannerAfter). */
  banner: BannerInfo | null;
  /** Bumped by every roll shown: replays the dice tumble. */
  spin: number;
  /** Steps still to show (0 when the table is caught up). */
  pending: number;
  /** The dice are tumbling or steps are still to show: the player's controls wait. */
  busy: boolean;
  /** Shows everything still queued at once. */
  fastForward: () => void;
}

/** Whether the player asked the system for less motion. */
function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Plays the table's updates back one step at a time, each held long enough to be seen (the dice
 * land before their result shows, a bot's keep is highlighted before it rolls again). `hold`
 * pauses the queue after the step on show, e.g. while a guided-game tip waits to be read.
 */
export function usePlayback(
  live: GameView,
  base: readonly GameEvent[],
  baseVersion: number,
  updates: readonly TableUpdate[],
  mine: readonly number[],
  hold: boolean,
): Playback {
  const [shown, setShown] = useState<{
    view: GameView;
    log: { version: number; events: GameEvent[] }[];
    step: Step | null;
    spin: number;
    banner: BannerInfo | null;
    said: string;
  }>(() => ({ view: live, log: [], step: null, spin: 0, banner: null, said: '' }));
  const queue = useRef<{ step: Step; version: number }[]>([]);
  // The view at the end of the queue: the next update's steps start from it.
  const tail = useRef<GameView>(live);
  const done = useRef(baseVersion);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // A step is on show and its hold has not run out (its timer may not have started yet).
  const holding = useRef(false);
  // The hold of the step just shown, started once that step is on screen (see below).
  const armed = useRef<{ step: Step; ms: number } | null>(null);
  const [pending, setPending] = useState(0);
  const [waiting, setWaiting] = useState(false);
  // The newest update turned into steps; until the render after that, the live view is ahead.
  const [doneVersion, setDoneVersion] = useState(baseVersion);
  const holdRef = useRef(hold);
  const mineRef = useRef(mine);
  useEffect(() => {
    holdRef.current = hold;
    mineRef.current = mine;
  });

  const show = useCallback((item: { step: Step; version: number }) => {
    setShown((cur) => ({
      view: item.step.view,
      log: item.step.events.length
        ? [...cur.log, { version: item.version, events: item.step.events }]
        : cur.log,
      step: item.step,
      spin: cur.spin + (item.step.rolling ? 1 : 0),
      // Worked out here, step by step: two steps shown in one render must not lose a banner.
      banner: bannerAfter(
        cur.banner,
        item.step,
        speaker((seat) => nameOf(item.step.view, seat), mineRef.current),
      ),
      said: item.step.say || cur.said,
    }));
  }, []);

  const pump = useCallback(() => {
    if (holding.current) return;
    const head = queue.current[0];
    // A hold (a tip being read) stops other players' moves; the player's own still show.
    if (!head || (holdRef.current && !head.step.own)) {
      setWaiting(false);
      return;
    }
    const next = queue.current.shift() as { step: Step; version: number };
    setPending(queue.current.length);
    holding.current = true;
    armed.current = {
      step: next.step,
      // Reduced motion shortens the tumble only: a keep still stays up long enough to read.
      ms: next.step.rolling ? paced(next.step.hold, prefersReducedMotion()) : next.step.hold,
    };
    show(next);
    setWaiting(true);
  }, [show]);

  // The hold counts from the render that shows the step, not from the moment it was queued: on
  // a slow device that render can take a good part of a tumble, and the result must not show
  // while the dice still spin.
  useEffect(() => {
    const a = armed.current;
    if (!a || a.step !== shown.step) return;
    armed.current = null;
    timer.current = setTimeout(() => {
      timer.current = null;
      holding.current = false;
      pump();
    }, a.ms);
  }, [shown.step, pump]);

  // New updates become steps, appended to the queue.
  useEffect(() => {
    const fresh = updates.filter((u) => u.version > done.current);
    if (fresh.length === 0) return;
    const wasEmpty = queue.current.length === 0;
    for (const u of fresh) {
      const name = speaker((seat: number) => nameOf(u.view, seat), mineRef.current);
      for (const step of stepsOf(tail.current, u, mineRef.current, name))
        queue.current.push({ step, version: u.version });
      tail.current = u.view;
      done.current = u.version;
    }
    setDoneVersion(done.current);
    setPending(queue.current.length);
    // The player's own move cuts short the pause after the last step: it shows at once.
    const head = queue.current[0];
    if (head?.step.own && holding.current && wasEmpty) {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      armed.current = null;
      holding.current = false;
    }
    pump();
  }, [updates, pump]);

  // A released hold lets the queue go on.
  useEffect(() => {
    if (!hold) pump();
  }, [hold, pump]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const fastForward = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    armed.current = null;
    holding.current = false;
    const rest = queue.current.splice(0);
    setPending(0);
    setWaiting(false);
    const last = rest[rest.length - 1];
    if (!last) return;
    setShown((cur) => ({
      view: last.step.view,
      log: [
        ...cur.log,
        ...rest
          .filter((r) => r.step.events.length)
          .map((r) => ({ version: r.version, events: r.step.events })),
      ],
      // The last step stays on show without its tumble, so its banner and words are still there.
      step: { ...last.step, rolling: false },
      spin: cur.spin,
      banner: rest.reduce(
        (b, r) =>
          bannerAfter(
            b,
            r.step,
            speaker((seat) => nameOf(r.step.view, seat), mineRef.current),
          ),
        cur.banner,
      ),
      said: rest.reduce((w, r) => r.step.say || w, cur.said),
    }));
  }, []);

  const newest = updates[updates.length - 1]?.version ?? -1;
  const idle = pending === 0 && !waiting && newest <= doneVersion;
  // With nothing queued the table follows the live view (a rejoin, presence, a claimed seat);
  // while steps play, only the seats (who is online) and the rematch link come from it.
  const caughtUp = idle && (live.version ?? 0) >= (shown.view.version ?? 0);
  const view = useMemo<GameView>(
    () =>
      caughtUp
        ? live
        : { ...shown.view, seats: live.seats, rematchId: live.rematchId ?? shown.view.rematchId },
    [caughtUp, live, shown.view],
  );
  useEffect(() => {
    // A rejoin after missed updates: the queue has nothing to show, so the next steps start here.
    if (caughtUp && live.seq !== tail.current.seq) tail.current = live;
  }, [caughtUp, live]);

  const events = useMemo(
    () => [...base, ...shown.log.filter((l) => l.version > baseVersion).flatMap((l) => l.events)],
    [base, baseVersion, shown.log],
  );
  const tumbling = shown.step?.rolling ? shown.step.events.length : 0;
  const logged = useMemo(
    () => (tumbling > 0 ? events.slice(0, events.length - tumbling) : events),
    [events, tumbling],
  );
  return {
    view,
    events,
    logged,
    step: shown.step,
    banner: shown.banner,
    said: shown.said,
    spin: shown.spin,
    pending,
    // The pause after the last step does not hold the player up; a queue or a tumble does.
    busy: pending > 0 || newest > doneVersion || (shown.step?.rolling ?? false),
    fastForward,
  };
}
