// The fairness proof of a game, as one checker the server, `zilch verify` and the browser share:
// the messages that are hashed, the dice stream, the hash chain, and the verification of an
// export against the commitment a player saw. Hashing is passed in (node:crypto or WebCrypto).
import { replay, type GameLog } from '@zilch/engine';
import { GameExportSchema, type Verification, type VerifyReason } from './http.ts';

/** The export format new games are made with (1: commitment of the seed alone, seeds joined by ':'). */
export const FAIR_FORMAT = 2;

/** A fairness format: 1 for games made before format 2 (still verifiable), 2 since. */
export type FairFormat = 1 | 2;

/** The hashing a check needs: SHA-256 and HMAC-SHA256 of UTF-8 text, keyed by UTF-8 text. */
export interface FairCrypto {
  /** SHA-256 of the UTF-8 text, lowercase hex. */
  sha256(text: string): Promise<string>;
  /** HMAC-SHA256(key, message) of UTF-8 texts, raw bytes. */
  hmac(key: string, message: string): Promise<Uint8Array>;
}

/** JSON with object keys sorted at every level and no spaces: one text per value. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** The message of the n-th dice block: the player seeds (format 2: a JSON array) and a counter. */
export function diceMessage(format: FairFormat, playerSeeds: readonly string[], counter: number) {
  // Format 1 joined the seeds with ':', so ["a:b","c"] and ["a","b:c"] gave the same dice.
  return format === 1
    ? `${playerSeeds.join(':')}:${counter}`
    : `${JSON.stringify(playerSeeds)}\n${counter}`;
}

/** The message whose HMAC under the server seed is the seed of a seat whose player sent none (format 2). */
export function serverSeatSeedMessage(seat: number): string {
  return `seat:${seat}`;
}

/** Hex of a seat seed made by the server: the first 16 bytes of its HMAC. */
export function seatSeedOf(mac: Uint8Array): string {
  return hex(mac.subarray(0, 16));
}

/** Appends the dice one HMAC block gives: bytes below 252 are (byte % 6) + 1, the rest are skipped. */
export function diceOfBlock(block: Uint8Array, out: number[]): void {
  for (const b of block) if (b < 252) out.push((b % 6) + 1);
}

/** The text whose SHA-256 is the setup hash: game id, seat count and rules. */
export function setupMessage(gameId: string, rules: unknown, players: number): string {
  return canonicalJson({ game: gameId, players, rules });
}

/** The text whose SHA-256 is a format-2 commitment. */
export function commitMessage(setupHash: string, seedHash: string): string {
  return `zilch/commit/2\n${setupHash}\n${seedHash}`;
}

/** The first link of the hash chain: the commitment, the player seeds and the setup dice. */
export function chainStartMessage(
  commitment: string,
  playerSeeds: readonly string[],
  setupDice: readonly (readonly number[])[],
): string {
  return `zilch/chain/2\n${commitment}\n${canonicalJson({ playerSeeds, setupDice })}`;
}

/** What the chain binds of one entry. */
export interface ChainEntry {
  readonly seq: number;
  readonly seat: number;
  readonly actor: string;
  readonly action: unknown;
  readonly dice: readonly (readonly number[])[];
}

/** The next link of the chain: the previous head and one entry. */
export function chainStepMessage(head: string, e: ChainEntry): string {
  return `${head}\n${canonicalJson({ action: e.action, actor: e.actor, dice: e.dice, seat: e.seat, seq: e.seq })}`;
}

/** The last link: the head after the last entry and the final result. */
export function chainEndMessage(
  head: string,
  result: { scores: readonly number[]; winners: readonly number[] },
): string {
  return `${head}\nresult\n${canonicalJson({ scores: result.scores, winners: result.winners })}`;
}

/** The chain head over a whole game (null result: the head after the last entry). */
export async function chainHead(
  c: FairCrypto,
  commitment: string,
  playerSeeds: readonly string[],
  setupDice: readonly (readonly number[])[],
  entries: readonly ChainEntry[],
  result: { scores: readonly number[]; winners: readonly number[] } | null,
): Promise<string> {
  let h = await c.sha256(chainStartMessage(commitment, playerSeeds, setupDice));
  for (const e of entries) h = await c.sha256(chainStepMessage(h, e));
  return result ? c.sha256(chainEndMessage(h, result)) : h;
}

function hex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

/** The dice of a game's stream, block after block, for checking (asynchronous hashing). */
export class CheckDice {
  private counter = 0;
  private buffered: number[] = [];
  constructor(
    private readonly c: FairCrypto,
    private readonly serverSeed: string,
    private readonly playerSeeds: readonly string[],
    private readonly format: FairFormat,
  ) {}

  /** The next `count` dice. */
  async roll(count: number): Promise<number[]> {
    while (this.buffered.length < count) {
      const block = await this.c.hmac(
        this.serverSeed,
        diceMessage(this.format, this.playerSeeds, this.counter),
      );
      this.counter += 1;
      diceOfBlock(block, this.buffered);
    }
    return this.buffered.splice(0, count);
  }
}

/** What a check found, with where each seat's seed came from (format 2). */
export type CheckResult = Verification;

function fail(reason: VerifyReason, message: string, rollsChecked = 0): CheckResult {
  return { ok: false, reason, rollsChecked, message };
}

/**
 * Checks a game export: that it is the game of the commitment you saw (`expected`; without it
 * the export's own commitment is taken on trust), that the revealed seed, rules and seat count
 * are the committed ones, that every roll follows from the seeds, that the log replays to the
 * end of the game, and (format 2) that the result and the hash chain match the replay.
 */
export async function checkExport(
  c: FairCrypto,
  data: unknown,
  expected?: string,
): Promise<CheckResult> {
  const parsed = GameExportSchema.safeParse(data);
  if (!parsed.success) {
    const why = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    return fail('NOT_AN_EXPORT', `Not a game export: ${why}`);
  }
  const x = parsed.data;
  const want = expected?.trim().toLowerCase();
  if (want !== undefined && x.commitment.toLowerCase() !== want) {
    return fail(
      'WRONG_COMMITMENT',
      `This export is not the game you saw: its commitment is ${x.commitment}, the table showed ${want}.`,
    );
  }
  if (x.serverSeed === null) {
    return fail(
      'NOT_OVER',
      'Verifiable when the game ends: the server seed is revealed only once the game is over.',
    );
  }
  const format: FairFormat = x.version;
  let seedSources: ('server' | 'player')[] | undefined;
  if (x.version === 2) {
    if ((await c.sha256(commitMessage(x.setupHash, x.seedHash))) !== x.commitment) {
      return fail(
        'COMMITMENT_MISMATCH',
        'The setup and seed hashes in this export do not make its commitment: the export was altered.',
      );
    }
    if ((await c.sha256(x.serverSeed)) !== x.seedHash) {
      return fail(
        'SEED_MISMATCH',
        `The revealed server seed does not hash to the committed seed hash ${x.seedHash}.`,
      );
    }
    const raw = (data as { rules?: unknown }).rules;
    if ((await c.sha256(setupMessage(x.id, raw, x.players))) !== x.setupHash) {
      return fail(
        'RULES_CHANGED',
        'The game id, rules or seat count in this export are not those the commitment fixed before the first roll.',
      );
    }
  } else if ((await c.sha256(x.serverSeed)) !== x.commitment) {
    return fail(
      'SEED_MISMATCH',
      `The revealed server seed does not match the commitment ${x.commitment}.`,
    );
  }
  if (x.playerSeeds.length !== x.players || x.seats.length !== x.players) {
    return fail(
      'BAD_SEEDS',
      `The game has ${x.players} seats but the export lists ${x.playerSeeds.length} player seeds.`,
    );
  }
  if (format === 1 && x.playerSeeds.some((s) => s.includes(':'))) {
    return fail(
      'BAD_SEEDS',
      "A player seed contains ':': format 1 joins the seeds with ':', so they could have been split differently.",
    );
  }
  if (x.version === 2) {
    seedSources = [];
    for (let seat = 0; seat < x.players; seat++) {
      const made = seatSeedOf(await c.hmac(x.serverSeed, serverSeatSeedMessage(seat)));
      seedSources.push(made === x.playerSeeds[seat] ? 'server' : 'player');
    }
  }

  const stream = new CheckDice(c, x.serverSeed, x.playerSeeds, format);
  const rolls = [
    ...x.setupDice.map((d, i) => ({ where: `setup roll #${i + 1}`, dice: d })),
    ...x.entries.flatMap((e, i) =>
      e.dice.map((d, j) => ({ where: `action #${i + 1} roll #${j + 1}`, dice: d })),
    ),
  ];
  let checked = 0;
  for (const r of rolls) {
    const got = await stream.roll(r.dice.length);
    if (got.some((v, i) => v !== r.dice[i])) {
      return fail(
        'DICE_MISMATCH',
        `Mismatch at ${r.where} (roll ${checked + 1}): the seeds give [${got.join(',')}], the log has [${r.dice.join(',')}].`,
        checked,
      );
    }
    checked += 1;
  }

  if (x.version === 2) {
    for (let i = 0; i < x.entries.length; i++) {
      const e = x.entries[i]!;
      if (e.seq !== i + 1) {
        return fail(
          'TRUNCATED',
          `Entry #${i + 1} has seq ${e.seq}: entries are missing from the log.`,
          checked,
        );
      }
      if (e.seat !== e.action.seat) {
        return fail(
          'REPLAY_FAILED',
          `Entry #${i + 1} is filed under seat ${e.seat} but acts for seat ${e.action.seat}.`,
          checked,
        );
      }
    }
  }
  const log: GameLog = {
    rules: x.rules,
    players: x.players,
    setupDice: x.setupDice,
    entries: x.entries.map((e) => ({ action: e.action, dice: e.dice })),
  };
  let end;
  try {
    end = replay(log).state;
  } catch (e) {
    return fail('REPLAY_FAILED', `The log does not replay: ${String(e)}`, checked);
  }
  if (end.phase !== 'over') {
    return fail(
      'TRUNCATED',
      `The log stops before the game ends (after ${x.entries.length} actions, scores ${end.scores.join('/')}): it was cut short.`,
      checked,
    );
  }
  if (x.version === 2) {
    const result = { scores: end.scores, winners: end.winners };
    if (!x.result || canonicalJson(x.result) !== canonicalJson(result)) {
      return fail(
        'RESULT_MISMATCH',
        `The export claims the result ${x.result ? `scores ${x.result.scores.join('/')}, winners ${x.result.winners.join(',')}` : 'nothing'}, the replay ends with scores ${result.scores.join('/')}, winners ${result.winners.join(',')}.`,
        checked,
      );
    }
    const head = await chainHead(c, x.commitment, x.playerSeeds, x.setupDice, x.entries, result);
    if (head !== x.chain) {
      return fail(
        'CHAIN_MISMATCH',
        `The hash chain over seeds, log and result gives ${head}, the export says ${x.chain}.`,
        checked,
      );
    }
  }
  const against =
    want === undefined
      ? ' (checked against the commitment in the export: pass the one the table showed you to rule out another game)'
      : ' against the commitment you gave';
  const caveat =
    format === 1
      ? ' Format 1 (an older game): the commitment fixes the server seed only, not the rules.'
      : '';
  return {
    ok: true,
    rollsChecked: checked,
    message: `verified ${checked} rolls and the final result${against}.${caveat}`,
    ...(seedSources ? { seedSources } : {}),
  };
}
