import type { GameEvent } from '@zilch/engine';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { saveSoundOn, soundOn } from './storage.ts';

// Table sounds are synthesised with Web Audio (no files to download) and paired with a short
// vibration where the device has one. One switch per device turns both off.

/** Something at the table worth a sound. */
type Cue = 'dice' | 'keep' | 'bank' | 'zilch' | 'hot' | 'turn';

/** Vibration patterns (ms on, off, on…): short ticks for small things, longer for bad news. */
const BUZZ: Record<Cue, number[]> = {
  dice: [12, 40, 12],
  keep: [8],
  bank: [20, 50, 30],
  zilch: [90, 50, 90],
  hot: [25, 30, 25, 30, 60],
  turn: [40],
};

let enabled: boolean | null = null;
const listeners = new Set<() => void>();
let ctx: AudioContext | null = null;
let master: GainNode | null = null;

/** Whether sounds and vibration are on for this device. */
function soundEnabled(): boolean {
  enabled ??= soundOn();
  return enabled;
}

/** Turns sounds and vibration on or off for this device, and remembers it. */
function setSoundEnabled(on: boolean): void {
  enabled = on;
  saveSoundOn(on);
  for (const l of listeners) l();
  if (on) play('keep');
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The device's sound switch as React state (every toggle on the page stays in step). */
export function useSoundEnabled(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, soundEnabled, () => true);
  return [on, setSoundEnabled];
}

/** Whether the user has interacted with the page: browsers refuse audio and vibration before that. */
function activated(): boolean {
  const ua = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } })
    .userActivation;
  return ua ? ua.hasBeenActive : true;
}

/** The audio context, made on first use after a user gesture (made earlier it starts suspended). */
function audio(): { ctx: AudioContext; out: GainNode } | null {
  if (!ctx) {
    const Ctor =
      window.AudioContext ??
      (window as Window & { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor || !activated()) return null;
    try {
      ctx = new Ctor();
    } catch (_e) {
      return null;
    }
    master = ctx.createGain();
    master.gain.value = 0.35;
    master.connect(ctx.destination);
  }
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  return master ? { ctx, out: master } : null;
}

/** One note: a quick attack and an exponential fade, optionally gliding to `to` Hz. */
function tone(
  a: { ctx: AudioContext; out: GainNode },
  at: number,
  freq: number,
  dur: number,
  opts: { type?: OscillatorType; gain?: number; to?: number } = {},
): void {
  const t = a.ctx.currentTime + at;
  const osc = a.ctx.createOscillator();
  const g = a.ctx.createGain();
  osc.type = opts.type ?? 'triangle';
  osc.frequency.setValueAtTime(freq, t);
  if (opts.to) osc.frequency.exponentialRampToValueAtTime(opts.to, t + dur);
  g.gain.setValueAtTime(0.0001, t);
  g.gain.exponentialRampToValueAtTime(opts.gain ?? 0.3, t + 0.008);
  g.gain.exponentialRampToValueAtTime(0.0001, t + dur);
  osc.connect(g).connect(a.out);
  osc.start(t);
  osc.stop(t + dur + 0.02);
}

let noiseBuffer: AudioBuffer | null = null;

/** A click of filtered noise: one die hitting the table. */
function clack(a: { ctx: AudioContext; out: GainNode }, at: number, gain: number): void {
  if (!noiseBuffer || noiseBuffer.sampleRate !== a.ctx.sampleRate) {
    const len = Math.floor(a.ctx.sampleRate * 0.05);
    noiseBuffer = a.ctx.createBuffer(1, len, a.ctx.sampleRate);
    const data = noiseBuffer.getChannelData(0);
    for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / len) ** 3;
  }
  const t = a.ctx.currentTime + at;
  const src = a.ctx.createBufferSource();
  src.buffer = noiseBuffer;
  src.playbackRate.value = 0.8 + Math.random() * 0.5;
  const band = a.ctx.createBiquadFilter();
  band.type = 'bandpass';
  band.frequency.value = 1800 + Math.random() * 1400;
  band.Q.value = 2.5;
  const g = a.ctx.createGain();
  g.gain.value = gain;
  src.connect(band).connect(g).connect(a.out);
  src.start(t);
}

/** The synthesised sound of each cue. */
function voice(cue: Cue, a: { ctx: AudioContext; out: GainNode }): void {
  switch (cue) {
    case 'dice':
      // A rattle that slows down as the dice settle (the tumble lasts about 0.75 s).
      [0, 0.05, 0.12, 0.2, 0.31, 0.45, 0.6, 0.72].forEach((at, i) =>
        clack(a, at + Math.random() * 0.02, 0.9 - i * 0.08),
      );
      break;
    case 'keep':
      tone(a, 0, 880, 0.08, { to: 1320, gain: 0.22 });
      break;
    case 'bank':
      tone(a, 0, 988, 0.18, { gain: 0.25 });
      tone(a, 0.09, 1319, 0.35, { gain: 0.25 });
      break;
    case 'zilch':
      tone(a, 0, 330, 0.45, { type: 'sawtooth', to: 110, gain: 0.16 });
      tone(a, 0.02, 220, 0.5, { type: 'triangle', to: 82, gain: 0.2 });
      break;
    case 'hot':
      [523, 659, 784, 1047].forEach((f, i) => tone(a, i * 0.07, f, 0.16, { gain: 0.22 }));
      tone(a, 0.28, 1319, 0.35, { gain: 0.2 });
      break;
    case 'turn':
      tone(a, 0, 660, 0.16, { type: 'sine', gain: 0.28 });
      tone(a, 0.13, 880, 0.3, { type: 'sine', gain: 0.28 });
      break;
  }
}

/** Plays a cue (and buzzes) unless this device turned sounds off. */
function play(cue: Cue): void {
  if (typeof window === 'undefined' || !soundEnabled()) return;
  // Announced as a DOM event too, so tests (and anything else on the page) can follow the cues.
  window.dispatchEvent(new CustomEvent('zilch:cue', { detail: cue }));
  const a = audio();
  if (a) {
    try {
      voice(cue, a);
    } catch (_e) {
      // An audio glitch must never break the table.
    }
  }
  if (activated() && typeof navigator.vibrate === 'function') {
    try {
      navigator.vibrate(BUZZ[cue]);
    } catch (_e) {
      // Some browsers throw instead of ignoring vibration they do not allow.
    }
  }
}

/** A cue and when to play it, in ms after the update arrived. */
export interface TimedCue {
  cue: Cue;
  at: number;
}

/**
 * The cues an update's events call for, each at most once: keep and dice at once, results of a
 * roll (zilch, hot dice) once the dice have landed (`land` ms), your turn after everything else.
 */
export function cuesFor(
  events: readonly GameEvent[],
  mine: readonly number[],
  land: number,
): TimedCue[] {
  const out: TimedCue[] = [];
  const add = (cue: Cue, at: number) => {
    if (!out.some((c) => c.cue === cue)) out.push({ cue, at });
  };
  let rolledAt: number | null = null;
  let last = 0;
  for (const e of events) {
    const after = rolledAt === null ? 0 : rolledAt + land;
    switch (e.type) {
      case 'kept':
        add('keep', 0);
        break;
      case 'rolled':
        rolledAt = out.some((c) => c.cue === 'keep') ? 120 : 0;
        add('dice', rolledAt);
        last = Math.max(last, rolledAt + land);
        break;
      case 'zilch':
      case 'mercy':
        add('zilch', after);
        last = Math.max(last, after + 450);
        break;
      case 'hot-dice':
        add('hot', after);
        last = Math.max(last, after + 400);
        break;
      case 'banked':
        add('bank', after);
        last = Math.max(last, after + 350);
        break;
      case 'turn-started':
        if (mine.includes(e.seat)) add('turn', last + 250);
        break;
      default:
        break;
    }
  }
  return out;
}

/**
 * What the sounds need of a step of the table's playback (lib/playback.ts `Step` has this
 * shape): whether its dice are tumbling, and a watched player's keep it highlights.
 */
export interface SoundStep {
  rolling: boolean;
  highlight: readonly number[] | null;
}

/**
 * The cues of a step the table shows, from the events it added to the log: the rattle while the
 * dice tumble, the keep when a watched player's keep is highlighted (its `kept` event, applied a
 * step later, then stays quiet: `keepShown`) or when this device keeps, then results and "your
 * turn".
 */
export function cuesForStep(
  step: SoundStep,
  added: readonly GameEvent[],
  mine: readonly number[],
  land: number,
  keepShown: boolean,
): TimedCue[] {
  if (step.highlight?.length) return [{ cue: 'keep', at: 0 }];
  let quiet = keepShown;
  const events = added.filter((e) => {
    if (e.type !== 'kept' || !quiet) return true;
    quiet = false;
    return false;
  });
  // A roll still tumbling shows no result yet; one that has landed sounds its result at once.
  return cuesFor(events, mine, step.rolling ? land : 0);
}

/** How long the dice tumble before they show their faces (shorter with reduced motion). */
function landingMs(): number {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 250 : 900;
}

/**
 * Plays the table's sounds as its playback shows each step: dice, keep, bank, zilch, hot dice,
 * and "your turn" when a seat held here comes up. Self-contained: call it once with the step on
 * show (a new object per step), every event shown so far, and the seats this device holds. The
 * events a step added are what it sounds: a step shown only for an instant (this device's own
 * keep) is not lost, and the history loaded on joining stays silent.
 */
export function useTableSounds(
  step: SoundStep | null,
  events: readonly GameEvent[],
  mine: readonly number[],
): void {
  const mineRef = useRef(mine);
  useEffect(() => {
    mineRef.current = mine;
  });
  const seen = useRef<{ step: SoundStep | null; count: number; keepShown: boolean } | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const prev = seen.current;
    seen.current = { step, count: events.length, keepShown: prev?.keepShown ?? false };
    // The first render and the log loaded on joining change no step: nothing to hear.
    if (!prev || !step || step === prev.step || events.length < prev.count) return;
    const added = events.slice(prev.count);
    const cues = cuesForStep(step, added, mineRef.current, landingMs(), prev.keepShown);
    seen.current.keepShown = Boolean(step.highlight?.length);
    // Later steps do not cancel these: "your turn" may come just after a bank.
    for (const { cue, at } of cues) {
      if (at === 0) {
        play(cue);
        continue;
      }
      const t = setTimeout(() => {
        timers.current.delete(t);
        play(cue);
      }, at);
      timers.current.add(t);
    }
  }, [step, events]);
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const t of pending) clearTimeout(t);
      pending.clear();
    };
  }, []);
}
