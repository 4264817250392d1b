import { randomInt } from 'node:crypto';
import { createInterface } from 'node:readline';
import pc from 'picocolors';
import {
  applyAction,
  createGame,
  keepChoices,
  lean,
  MAX_PLAYERS,
  seededDice,
  selectOption,
  type Action,
  type DiceSource,
  type GameEvent,
  type GameState,
  type RuleSet,
} from '@zilch/engine';
import { cryptoDice } from '@zilch/engine/crypto';
import { advise, createBot, diskSolutions, mixSeed, type Bot } from '@zilch/strategy/node';
import { cacheDir } from '../cache-dir.ts';
import { printable } from '../output.ts';
import { resolveRules, type RulesOptions } from '../rules-option.ts';
import { usage } from '../usage-error.ts';
import { allDice, count, verb, verbForm } from '../words.ts';
import { intOption, parseBots } from './simulate.ts';

/** Options of `zilch play`. */
export interface PlayOptions extends RulesOptions {
  bots?: string;
  players?: string;
  seed?: string;
}

/** A seat at the table: a person typing, or a bot. */
export interface Seat {
  readonly name: string;
  readonly bot: Bot | null;
}

const FACES = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/** Dice drawn as faces with their digits, numbered by position for choosing. */
export function drawDice(dice: readonly number[]): string {
  const cells = dice.map((d) => `${FACES[d]} ${d}`);
  const numbers = cells.map((_, i) => pc.dim(`#${i + 1}`.padEnd(5))).join('');
  return `    ${numbers}\n    ${cells.map((c) => pc.bold(c.padEnd(5))).join('')}`;
}

/** Reads answers line by line from a terminal or a pipe; null once the input has ended. */
class Prompter {
  private readonly lines: string[] = [];
  private waiting: ((line: string | null) => void) | null = null;
  private closed = false;
  private readonly tty = Boolean(process.stdin.isTTY);
  private readonly rl = createInterface({
    input: process.stdin,
    output: this.tty ? process.stdout : undefined,
    terminal: this.tty,
  });

  constructor() {
    this.rl.on('line', (line) => {
      if (this.waiting) {
        const w = this.waiting;
        this.waiting = null;
        w(line);
      } else this.lines.push(line);
    });
    // Ctrl+C at a prompt leaves the game (readline would otherwise only pause).
    this.rl.on('SIGINT', () => this.rl.close());
    this.rl.on('close', () => {
      this.closed = true;
      this.waiting?.(null);
      this.waiting = null;
    });
  }

  /** Shows a question and waits for the next line (echoed when input is not a terminal). */
  async ask(question: string): Promise<string | null> {
    if (this.tty) {
      this.rl.setPrompt(question);
      this.rl.prompt();
    } else process.stdout.write(question);
    const line =
      this.lines.length > 0
        ? (this.lines.shift() as string)
        : this.closed
          ? null
          : await new Promise<string | null>((r) => (this.waiting = r));
    if (!this.tty) process.stdout.write(line === null ? '\n' : `${line}\n`);
    return line === null ? null : line.trim();
  }

  close(): void {
    this.rl.close();
    // A terminal's stdin stays open after readline lets go; pausing lets the process exit.
    process.stdin.pause();
  }
}

/** The player quit or the input ended. */
class Leave extends Error {}

function scoreLine(s: GameState, seats: readonly Seat[]): string {
  return seats
    .map((p, i) => {
      const cell = `${p.name} ${s.scores[i]}`;
      return i === s.current ? pc.bold(cell) : cell;
    })
    .join(pc.dim(' · '));
}

/**
 * What a zilch costs, in words: nothing to lose, all of it, or (after a Ten Dice lock) only
 * what came after the lock, the locked points banking.
 */
export function zilchLine(name: string, lost: number, locked: number): string {
  if (lost === 0) return `ZILCH! ${verb(name, 'score')} nothing this turn.`;
  if (locked === 0) return `ZILCH! ${verb(name, 'lose')} ${lost}.`;
  if (lost === locked) return `ZILCH! The locked ${locked} still count.`;
  return `ZILCH! ${verb(name, 'lose')} the ${lost - locked} after the lock; the locked ${locked} still count.`;
}

/** One or more lines describing an event, or null for events that need no words. */
export function eventText(e: GameEvent, s: GameState, seats: readonly Seat[]): string | null {
  const name = (seat: number): string => (seats[seat] as Seat).name;
  switch (e.type) {
    case 'first-player': {
      const offs = e.rollOff.map((round) =>
        round.map((r) => `${name(r.seat)} ${r.dice.reduce((a, b) => a + b, 0)}`).join(', '),
      );
      const why = offs.length ? ` (roll-off: ${offs.join('; then ')})` : '';
      return `${pc.bold(name(e.seat))} ${verbForm(name(e.seat), 'go')} first${why}.`;
    }
    case 'turn-started': {
      const head = `\n${pc.cyan(`── Turn ${s.turnNumber} · ${name(e.seat)} ──`)}  ${scoreLine(s, seats)}`;
      const offer = e.offer
        ? `\n${name(e.seat)} may inherit ${count(e.offer.points, 'point')} with ${count(e.offer.dice, 'die')}.`
        : '';
      return head + offer;
    }
    case 'offer':
      return null; // told with the turn it opens
    case 'fresh':
      return `${verb(name(e.seat), 'start')} fresh.`;
    case 'inherited':
      return `${verb(name(e.seat), 'inherit')} ${count(e.points, 'point')} and ${verbForm(name(e.seat), 'roll')} ${count(e.dice, 'die')}.`;
    case 'rolled':
      return `${verb(name(e.seat), 'roll')}:\n${drawDice(e.dice)}`;
    case 'kept':
      return `${verb(name(e.seat), 'keep')} ${e.faces.join(' ')} for ${e.points} → turn total ${e.total}.`;
    case 'hot-dice':
      return pc.yellow(
        `Hot dice! ${s.rules.dice === 1 ? 'The die is' : `All ${count(s.rules.dice, 'die')} are`} back${e.locked ? ` (${e.locked} locked)` : ''}.`,
      );
    case 'zilch':
      return pc.red(zilchLine(name(e.seat), e.lost, e.locked));
    case 'mercy':
      return pc.yellow(
        `Zilch on the first roll, but mercy: ${verb(name(e.seat), 'get')} ${e.points} and ${verbForm(name(e.seat), 'roll')} ${allDice(s.rules.dice)} again.`,
      );
    case 'penalty':
      return pc.red(`Zilch penalty: ${verb(name(e.seat), 'lose')} ${e.points} (score ${e.score}).`);
    case 'banked':
      return pc.green(`${verb(name(e.seat), 'bank')} ${e.points} → score ${e.score}.`);
    case 'final-round':
      return pc.magenta(
        pc.bold(
          `\n★★ FINAL ROUND ★★ ${name(e.by)} reached ${s.rules.target}: everyone else has one more turn.`,
        ),
      );
    case 'timeout':
      return `${name(e.seat)} ran out of time.`;
    case 'forfeit':
      return pc.red(`${name(e.seat)} was away too long and forfeits.`);
    case 'aborted':
      return `${name(e.seat)} never showed up: the game is called off.`;
    case 'game-over': {
      if (e.winners.length === 0) return pc.bold('\n══════ GAME OVER ══════\nNobody wins.');
      const who = e.winners.map(name).join(' and ');
      const scores = e.scores.map((v, i) => `${name(i)} ${v}`).join(', ');
      const result = e.winners.length > 1 ? `${who} share the win` : verb(who, 'win');
      return pc.bold(`\n══════ GAME OVER ══════\n${result}!\nFinal scores: ${scores}`);
    }
  }
}

function printAdvice(s: GameState): void {
  const advice = advise(s, 'auto', { solutions: diskSolutions(cacheDir()) });
  const show = (v: number): string =>
    advice.kind === 'win' ? `${(v * 100).toFixed(1)}%` : v.toFixed(0);
  process.stdout.write(
    `Advice (${advice.kind === 'win' ? 'chance to win' : 'expected points'}), best first:\n`,
  );
  advice.options.slice(0, 8).forEach((o, i) => {
    const loss = i === 0 || o.loss === 0 ? pc.green('best') : pc.red(`−${show(o.loss)}`);
    process.stdout.write(
      `  ${i + 1}. ${o.label.padEnd(34)} ${show(o.value).padStart(7)}  ${loss}\n`,
    );
  });
  if (advice.options.length > 8)
    process.stdout.write(pc.dim(`  … and ${advice.options.length - 8} more\n`));
}

/** Die positions (0-based) from what the player typed, or a message saying what is wrong. */
export function parsePositions(text: string, count: number): number[] | string {
  let tokens = text.split(/[\s,]+/).filter(Boolean);
  // "134" is fine when every position is a single digit.
  if (tokens.length === 1 && count <= 9 && /^\d{2,}$/.test(tokens[0] as string))
    tokens = (tokens[0] as string).split('');
  if (tokens.length === 0) return 'Type the numbers of the dice to keep, e.g. "1 3".';
  const out: number[] = [];
  for (const t of tokens) {
    if (!/^\d+$/.test(t) || Number(t) < 1 || Number(t) > count)
      return `"${t}" is not a die: the dice are numbered 1 to ${count}.`;
    out.push(Number(t) - 1);
  }
  return out;
}

/** Asks a person for their next action (the only legal one is taken without asking). */
async function humanMove(s: GameState, io: Prompter): Promise<Action> {
  const seat = s.current;
  const ask = async (q: string): Promise<string> => {
    const a = await io.ask(q);
    if (a === null || a === 'q' || a === 'quit') throw new Leave();
    return a;
  };
  if (s.phase === 'roll') return { type: 'roll', seat };
  if (s.phase === 'choose') {
    const offer = s.offer as { points: number; dice: number };
    for (;;) {
      const a = (
        await ask(
          `Inherit ${offer.points} with ${count(offer.dice, 'die')}, or start fresh? [i/f, ? advice] `,
        )
      ).toLowerCase();
      if (a === '?') printAdvice(s);
      else if (a.startsWith('i')) return { type: 'inherit', seat };
      else if (a.startsWith('f')) return { type: 'fresh', seat };
      else process.stdout.write('Type i to inherit or f to start fresh.\n');
    }
  }
  if (s.phase === 'decide') {
    if (!lean.canBank(s)) return { type: 'roll', seat };
    for (;;) {
      const a = (
        await ask(`[r]oll ${count(s.turn.available, 'die')} or [b]ank ${s.turn.total}? `)
      ).toLowerCase();
      if (a === '?') printAdvice(s);
      else if (a.startsWith('r')) return { type: 'roll', seat };
      else if (a.startsWith('b')) return { type: 'bank', seat };
      else process.stdout.write('Type r to roll or b to bank.\n');
    }
  }
  const roll = s.turn.roll as number[];
  for (;;) {
    const a = await ask(`Keep which dice? (numbers, e.g. "1 3"; ? advice) `);
    if (a === '?') {
      printAdvice(s);
      continue;
    }
    const positions = parsePositions(a, roll.length);
    if (typeof positions === 'string') {
      process.stdout.write(`${positions}\n`);
      continue;
    }
    const sel = selectOption(s, positions);
    if ('error' in sel) {
      process.stdout.write(`${pc.red(sel.error.message)}\n`);
      continue;
    }
    const choice = keepChoices(s).find((c) => c.option.key === sel.option.key);
    if (!choice) continue;
    const hot = s.turn.available === sel.option.dice;
    process.stdout.write(
      `Keep ${positions.map((p) => roll[p]).join(' ')}: ${choice.gain} points → turn total ${choice.total}` +
        `${hot ? pc.yellow(', hot dice!') : ''}, ${count(choice.diceLeft, 'die')} to roll.\n`,
    );
    const bankPart = choice.canBank
      ? `, [b]ank ${choice.total}`
      : pc.dim(` (you need ${lean.bankMinimum(s)} to bank)`);
    for (;;) {
      const b = (
        await ask(`[r]oll ${count(choice.diceLeft, 'die')}${bankPart}, or [c]hange? `)
      ).toLowerCase();
      if (b === '?') printAdvice(s);
      else if (b.startsWith('c')) break;
      else if (b.startsWith('r')) return { type: 'keep', seat, dice: positions, then: 'roll' };
      else if (b.startsWith('b') && choice.canBank)
        return { type: 'keep', seat, dice: positions, then: 'bank' };
      else
        process.stdout.write(
          `Type r to roll${choice.canBank ? ', b to bank' : ''} or c to choose again.\n`,
        );
    }
  }
}

/** The seats a command line asks for: people first (hot seat), then bots. */
function seatsFor(opts: PlayOptions, rules: RuleSet, seed: number): Seat[] {
  const people = (opts.players ?? 'You')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const botIds =
    opts.bots !== undefined
      ? parseBots(opts.bots, 0)
      : people.length >= 2
        ? []
        : ['cautious' as const];
  const seats: Seat[] = people.map((name) => ({ name: printable(name), bot: null }));
  botIds.forEach((id, i) => {
    const name = botIds.filter((b) => b === id).length > 1 ? `${id} bot ${i + 1}` : `${id} bot`;
    seats.push({
      name,
      bot: createBot(id, rules, mixSeed(seed, i + 1), { solutions: diskSolutions(cacheDir()) }),
    });
  });
  if (seats.length < 2) usage('A game needs at least 2 seats: add --bots or more --players.');
  if (seats.length > MAX_PLAYERS) usage(`A game has at most ${MAX_PLAYERS} seats.`);
  if (new Set(seats.map((p) => p.name)).size !== seats.length)
    usage('Every player needs a different name.');
  return seats;
}

const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Plays one game in the terminal; resolves when it is over or the players leave. */
async function playGame(rules: RuleSet, seats: Seat[], dice: DiceSource): Promise<boolean> {
  const created = createGame(rules, seats.length, dice);
  if (!created.ok) usage(created.error.message);
  let s = created.state;
  const show = (events: GameEvent[]): void => {
    for (const e of events) {
      const text = eventText(e, s, seats);
      if (text !== null) process.stdout.write(`${text}\n`);
    }
  };
  show(created.events);
  const io = new Prompter();
  const watching = Boolean(process.stdout.isTTY);
  try {
    while (s.phase !== 'over') {
      const seat = seats[s.current] as Seat;
      let action: Action;
      if (seat.bot) {
        if (watching) await pause(350);
        action = seat.bot.decide(s);
      } else action = await humanMove(s, io);
      const r = applyAction(s, action, dice);
      if (!r.ok) {
        process.stdout.write(`${pc.red(r.error.message)}\n`);
        if (seat.bot) throw new Error(`${seat.name} made an illegal move: ${r.error.message}`);
        continue;
      }
      s = r.state;
      show(r.events);
    }
    return true;
  } catch (e) {
    if (!(e instanceof Leave)) throw e;
    process.stdout.write('\nLeaving the game before its end.\n');
    return false;
  } finally {
    io.close();
  }
}

/** `zilch play`: a game in the terminal against bots and hot-seat people. */
export async function run(opts: PlayOptions): Promise<void> {
  const { rules } = await resolveRules(opts);
  const seed =
    opts.seed === undefined ? null : intOption('--seed', opts.seed, -(2 ** 31), 2 ** 31 - 1);
  const seats = seatsFor(opts, rules, seed ?? randomInt(0, 2 ** 31));
  process.stdout.write(
    `${pc.bold(printable(rules.name))}: first to ${rules.target}. ` +
      `Choose dice by their numbers; type ? for advice, q to quit.\n`,
  );
  const dice = seed === null ? cryptoDice() : seededDice(seed);
  const finished = await playGame(rules, seats, dice);
  if (!finished) process.exitCode = 1;
}
