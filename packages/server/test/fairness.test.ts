import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fc, test } from '@fast-check/vitest';
import { createGame, preset, recordingDice, applyAction, legalActions } from '@zilch/engine';
import { describe, expect, it } from 'vitest';
import { tempDir } from '@zilch/testkit';
import { commitmentOf, fairDice, newServerSeed } from '../src/fairness/dice-stream.ts';
import { verifyExport, type GameExport } from '../src/fairness/verify.ts';

/** A short finished game played from a format-1 stream, exported as the server did for older games. */
function playedExport(seed: string, playerSeeds: string[]): GameExport {
  const rules = { ...preset('serendipity-creak'), target: 1000, end: 'immediate' as const };
  const dice = recordingDice(fairDice(seed, playerSeeds, 1));
  const g = createGame(rules, playerSeeds.length, dice);
  if (!g.ok) throw new Error(g.error.message);
  const setupDice = dice.take();
  let state = g.state;
  const entries = [];
  while (state.phase !== 'over') {
    const legal = legalActions(state);
    const action =
      legal.find((a) => a.type === 'keep' && a.then === 'bank') ??
      legal.find((a) => a.type === 'bank') ??
      legal[0]!;
    const r = applyAction(state, action, dice);
    if (!r.ok) throw new Error(r.error.message);
    entries.push({ action, dice: dice.take() });
    state = r.state;
  }
  return {
    version: 1,
    id: 'g',
    rules,
    players: playerSeeds.length,
    seats: playerSeeds.map((_, seat) => ({ seat, kind: 'human', name: `P${seat}` })),
    commitment: commitmentOf(seed),
    serverSeed: seed,
    playerSeeds,
    setupDice,
    entries,
  };
}

describe('fair dice', () => {
  test.prop([
    fc.string({ minLength: 1, maxLength: 64 }),
    fc.array(fc.string({ maxLength: 20 }), { minLength: 2, maxLength: 8 }),
    fc.integer({ min: 1, max: 40 }),
  ])('the same seeds give the same dice, each 1..6', (seed, players, n) => {
    const a = fairDice(seed, players).roll(n);
    expect(fairDice(seed, players).roll(n)).toEqual(a);
    expect(a.every((d) => Number.isInteger(d) && d >= 1 && d <= 6)).toBe(true);
  });

  it('a player seed changes the dice', () => {
    const seed = newServerSeed();
    expect(fairDice(seed, ['a', 'b']).roll(30)).not.toEqual(fairDice(seed, ['a', 'c']).roll(30));
  });

  it('is close to uniform over many rolls', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (const d of fairDice(newServerSeed(), ['x', 'y']).roll(60_000)) counts[d - 1]! += 1;
    // Chi-square with 5 degrees of freedom: 20.5 is the 0.1% critical value.
    const chi = counts.reduce((s, c) => s + (c - 10_000) ** 2 / 10_000, 0);
    expect(chi).toBeLessThan(20.5);
  });
});

describe('verify (format 1: games made before format 2 stay verifiable)', () => {
  it('verifies an honest game and names the first tampered die', async () => {
    const x = playedExport(newServerSeed(), ['alice', 'bob']);
    const ok = await verifyExport(x, x.commitment);
    expect(ok.ok).toBe(true);
    expect(ok.message).toMatch(new RegExp(`^verified ${ok.rollsChecked} rolls`));
    expect(ok.message).toContain('Format 1');
    const rolls = x.setupDice.length + x.entries.reduce((n, e) => n + e.dice.length, 0);
    expect(ok.rollsChecked).toBe(rolls);

    const i = x.entries.findIndex((e) => e.dice.length > 0);
    const tampered = structuredClone(x);
    const die = tampered.entries[i]!.dice[0]!;
    die[0] = (die[0]! % 6) + 1;
    const bad = await verifyExport(tampered, x.commitment);
    expect(bad.ok).toBe(false);
    expect(bad.reason).toBe('DICE_MISMATCH');
    expect(bad.message).toContain(`action #${i + 1} roll #1`);
  });

  it('refuses a seed that does not match the commitment, and an unrevealed seed', async () => {
    const x = playedExport(newServerSeed(), ['a', 'b', 'c']);
    const wrong = await verifyExport({ ...x, serverSeed: newServerSeed() });
    expect(wrong.reason).toBe('SEED_MISMATCH');
    expect(wrong.message).toMatch(/commitment/);
    expect((await verifyExport({ ...x, serverSeed: null })).reason).toBe('NOT_OVER');
    expect((await verifyExport({ nope: 1 })).reason).toBe('NOT_AN_EXPORT');
  });

  it("refuses seeds that ':' makes ambiguous (format 1 joined them with ':')", async () => {
    const seed = newServerSeed();
    const x = playedExport(seed, ['ab:cd', 'ef']);
    // The attack: the same joined text split another way gives the same format-1 dice.
    const resplit = { ...x, playerSeeds: ['ab', 'cd:ef'] };
    expect(fairDice(seed, ['ab', 'cd:ef'], 1).roll(50)).toEqual(
      fairDice(seed, ['ab:cd', 'ef'], 1).roll(50),
    );
    const r = await verifyExport(resplit, x.commitment);
    expect(r.ok).toBe(false);
    expect(r.reason).toBe('BAD_SEEDS');
    // Format 2 encodes the seeds as a JSON array: the split changes the dice.
    expect(fairDice(seed, ['ab', 'cd:ef'], 2).roll(50)).not.toEqual(
      fairDice(seed, ['ab:cd', 'ef'], 2).roll(50),
    );
  });

  it('zilch verify exits 0 on an honest export and 1 on a tampered one', () => {
    const tmp = tempDir();
    try {
      const x = playedExport(newServerSeed(), ['p', 'q']);
      const good = join(tmp.dir, 'good.json');
      writeFileSync(good, JSON.stringify(x));
      const t = structuredClone(x);
      t.setupDice[0]![0] = (t.setupDice[0]![0]! % 6) + 1;
      const bad = join(tmp.dir, 'bad.json');
      writeFileSync(bad, JSON.stringify(t));
      const bin = fileURLToPath(new URL('../../cli/bin/zilch.mjs', import.meta.url));
      const run = (f: string) =>
        spawnSync(process.execPath, [bin, 'verify', f, '--commitment', x.commitment], {
          encoding: 'utf8',
        });
      const a = run(good);
      expect(a.status).toBe(0);
      expect(a.stdout).toMatch(/^verified \d+ rolls/);
      const b = run(bad);
      expect(b.status).toBe(1);
      expect(b.stderr).toMatch(/^DICE_MISMATCH: Mismatch at setup roll #1/);
      expect(run(join(tmp.dir, 'missing.json')).status).toBe(2);
    } finally {
      tmp.cleanup();
    }
  });
});
