/**
 * `zilch verify <export> --commitment <hex>` as a user runs it. The export is built here from the
 * documented recipe (docs/protocol.md, Game export) with plain node:crypto, so the checker is
 * held to the published format, not only to what the server happens to write.
 */
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyAction, createGame, legalActions, preset, type DiceSource } from '@zilch/engine';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const zilch = (args: string[], stdin?: string) =>
  runCli(args, stdin === undefined ? {} : { stdin });

const sha = (t: string) => createHash('sha256').update(t).digest('hex');
/** Canonical JSON: keys sorted at every level, no spaces. */
const canon = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canon).join(',')}]`
    : v !== null && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canon((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(v);

/** A finished two-seat game exported in format 2, from the recipe. */
function recipeExport() {
  const id = 'recipe-game';
  const serverSeed = 'ab'.repeat(32);
  const playerSeeds = ['my:seed', 'other'];
  const rules = { ...preset('serendipity-creak'), target: 1000, end: 'immediate' as const };
  let counter = 0;
  const buffered: number[] = [];
  const dice: DiceSource = {
    roll(n) {
      while (buffered.length < n) {
        const block = createHmac('sha256', serverSeed)
          .update(`${JSON.stringify(playerSeeds)}\n${counter++}`)
          .digest();
        for (const b of block) if (b < 252) buffered.push((b % 6) + 1);
      }
      return buffered.splice(0, n);
    },
  };
  let used: number[][] = [];
  const recording: DiceSource = {
    roll(n) {
      const d = dice.roll(n);
      used.push(d);
      return d;
    },
  };
  const g = createGame(rules, 2, recording);
  if (!g.ok) throw new Error(g.error.message);
  const setupDice = used;
  used = [];
  let state = g.state;
  const entries = [];
  while (state.phase !== 'over') {
    const legal = legalActions(state);
    const action =
      legal.find((a) => a.type === 'keep' && a.then === 'bank') ??
      legal.find((a) => a.type === 'bank') ??
      legal[0]!;
    const r = applyAction(state, action, recording);
    if (!r.ok) throw new Error(r.error.message);
    entries.push({
      seq: entries.length + 1,
      seat: action.seat,
      actor: 'player' as const,
      action,
      dice: used,
    });
    used = [];
    state = r.state;
  }
  const setupHash = sha(canon({ game: id, players: 2, rules }));
  const seedHash = sha(serverSeed);
  const commitment = sha(`zilch/commit/2\n${setupHash}\n${seedHash}`);
  const result = { scores: state.scores, winners: state.winners };
  let h = sha(`zilch/chain/2\n${commitment}\n${canon({ playerSeeds, setupDice })}`);
  for (const e of entries) h = sha(`${h}\n${canon(e)}`);
  const chain = sha(`${h}\nresult\n${canon(result)}`);
  return {
    version: 2,
    id,
    rules,
    players: 2,
    seats: [
      { seat: 0, kind: 'human', name: 'Me' },
      { seat: 1, kind: 'human', name: 'You' },
    ],
    commitment,
    setupHash,
    seedHash,
    serverSeed,
    playerSeeds,
    setupDice,
    entries,
    result,
    chain,
  };
}

const dir = mkdtempSync(join(tmpdir(), 'zilch-verify-'));
const x = recipeExport();
const good = join(dir, 'good.json');
writeFileSync(good, JSON.stringify(x));

describe('zilch verify', () => {
  it('passes an export made by the documented recipe, given its commitment', async () => {
    const r = await zilch(['verify', good, '--commitment', x.commitment.toUpperCase()]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^verified \d+ rolls and the final result against the commitment/);
  });

  it('reads stdin and prints JSON with the reason', async () => {
    const raised = { ...x, rules: { ...x.rules, target: 2000 } };
    const r = await zilch(
      ['verify', '-', '--commitment', x.commitment, '--json'],
      JSON.stringify(raised),
    );
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, reason: 'RULES_CHANGED' });
  });

  it('fails a re-split seed and a changed result with their reasons', async () => {
    const resplit = join(dir, 'resplit.json');
    writeFileSync(resplit, JSON.stringify({ ...x, playerSeeds: ['my', 'seed:other'] }));
    const a = await zilch(['verify', resplit, '--commitment', x.commitment]);
    expect(a.code).toBe(1);
    expect(a.stderr).toMatch(/^DICE_MISMATCH: Mismatch at setup roll #1/);
    const result = join(dir, 'result.json');
    writeFileSync(
      result,
      JSON.stringify({ ...x, result: { ...x.result, scores: x.result.scores.map((s) => s + 50) } }),
    );
    const b = await zilch(['verify', result, '--commitment', x.commitment]);
    expect(b.code).toBe(1);
    expect(b.stderr).toMatch(/^RESULT_MISMATCH: /);
  });

  it('refuses a malformed commitment as a usage error (exit 2)', async () => {
    const r = await zilch(['verify', good, '--commitment', 'abc']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--commitment must be the 64 hex digits/);
  });
});
