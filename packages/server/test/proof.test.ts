// Exports that prove the game (issue 10, D8): each attack on an export is reproduced against a
// real server's export and refused with its named reason, by the checker, `GET /verify` and
// `zilch verify`; a rematch shows its commitment before its first roll and keeps the player's seed.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSqlite } from '../src/store/sqlite-file.ts';
import { preset } from '@zilch/engine';
import { chainHead, type GameExport } from '@zilch/protocol';
import { tempDir, until } from '@zilch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeFairCrypto, verifyExport } from '../src/fairness/verify.ts';
import type { RunningServer } from '../src/server.ts';
import { api, playToEnd, startTestServer } from './helpers.ts';

type V2 = Extract<GameExport, { version: 2 }>;

const quick = { ...preset('serendipity-creak'), name: 'Quick', target: 500, end: 'immediate' };
const bots = [
  { kind: 'bot', bot: 'cautious' },
  { kind: 'bot', bot: 'cautious' },
];

let server: RunningServer;
let base: string;
const tmp = tempDir();

beforeAll(async () => {
  server = await startTestServer({ ZILCH_DATA_DIR: tmp.dir });
  base = server.url;
});
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

/** A finished bot game: its id, the commitment its table showed, and its export. */
async function finishedGame(): Promise<{ id: string; commitment: string; x: V2 }> {
  const t = (await api(base, 'POST', '/api/games', { rules: quick, seats: bots })).body;
  await until(
    async () => (await api(base, 'GET', `/api/games/${t.gameId}`)).body.status === 'over',
  );
  const x = (await api(base, 'GET', `/api/games/${t.gameId}/export`)).body as V2;
  return { id: t.gameId, commitment: t.commitment, x };
}

/** The chain head an attacker would recompute after editing entries or result. */
function rechain(x: V2): Promise<string> {
  return chainHead(
    nodeFairCrypto,
    x.commitment,
    x.playerSeeds,
    x.setupDice,
    x.entries,
    x.result ?? { scores: [], winners: [] },
  );
}

describe('a format-2 export proves its game', () => {
  let game: Awaited<ReturnType<typeof finishedGame>>;
  beforeAll(async () => {
    game = await finishedGame();
  });

  it('an honest export verifies against the commitment the table showed', async () => {
    const { x, commitment } = game;
    expect(x.version).toBe(2);
    expect(x.commitment).toBe(commitment);
    expect(x.result?.winners.length).toBeGreaterThan(0);
    const r = await verifyExport(x, commitment);
    expect(r).toMatchObject({ ok: true });
    const rolls = x.setupDice.length + x.entries.reduce((n, e) => n + e.dice.length, 0);
    expect(r.rollsChecked).toBe(rolls);
    expect(rolls).toBeGreaterThan(0);
    // Bots sent no seed: each seat's seed follows from the committed server seed.
    expect(r.seedSources).toEqual(['server', 'server']);
  });

  it('a truncated log is refused, even with the result and chain recomputed', async () => {
    const x = structuredClone(game.x);
    x.entries = x.entries.slice(0, -2);
    x.chain = await rechain(x);
    const r = await verifyExport(x, game.commitment);
    expect(r).toMatchObject({ ok: false, reason: 'TRUNCATED' });
  });

  it('a changed rule (raised target) is refused', async () => {
    const x = structuredClone(game.x);
    x.rules = { ...x.rules, target: x.rules.target + 1000 };
    expect(await verifyExport(x, game.commitment)).toMatchObject({
      ok: false,
      reason: 'RULES_CHANGED',
    });
    // Recomputing the setup hash breaks the commitment instead.
    const y = structuredClone(x);
    y.setupHash = 'f'.repeat(64);
    expect(await verifyExport(y, game.commitment)).toMatchObject({
      ok: false,
      reason: 'COMMITMENT_MISMATCH',
    });
  });

  it('re-split player seeds are refused', async () => {
    const x = structuredClone(game.x);
    const [a, b] = x.playerSeeds as [string, string];
    // The format-1 attack: the same text split elsewhere. Format 2 hashes a JSON array.
    x.playerSeeds = [`${a}:${b.slice(0, 4)}`, b.slice(4)];
    x.chain = await rechain(x);
    expect(await verifyExport(x, game.commitment)).toMatchObject({
      ok: false,
      reason: 'DICE_MISMATCH',
    });
  });

  it('a fabricated game under the same id is refused', async () => {
    const other = await finishedGame();
    const fake = { ...structuredClone(other.x), id: game.id };
    expect(await verifyExport(fake, game.commitment)).toMatchObject({
      ok: false,
      reason: 'WRONG_COMMITMENT',
    });
    // Claiming the real commitment does not help: the other game's hashes do not make it.
    expect(
      await verifyExport({ ...fake, commitment: game.commitment }, game.commitment),
    ).toMatchObject({ ok: false, reason: 'COMMITMENT_MISMATCH' });
  });

  it('a result that does not match the replay is refused', async () => {
    const x = structuredClone(game.x);
    const other = ((x.result!.winners[0] ?? 0) + 1) % x.players;
    x.result = { scores: x.result!.scores, winners: [other] };
    x.chain = await rechain(x);
    expect(await verifyExport(x, game.commitment)).toMatchObject({
      ok: false,
      reason: 'RESULT_MISMATCH',
    });
    // An entry changed without its chain being recomputed.
    const y = structuredClone(game.x);
    y.entries[0] = { ...y.entries[0]!, actor: 'player' };
    expect(await verifyExport(y, game.commitment)).toMatchObject({
      ok: false,
      reason: 'CHAIN_MISMATCH',
    });
  });

  it('GET /verify takes the commitment the table showed', async () => {
    const good = await api(
      base,
      'GET',
      `/api/games/${game.id}/verify?commitment=${game.commitment}`,
    );
    expect(good.body).toMatchObject({ ok: true });
    const other = await finishedGame();
    const bad = await api(
      base,
      'GET',
      `/api/games/${game.id}/verify?commitment=${other.commitment}`,
    );
    expect(bad.body).toMatchObject({ ok: false, reason: 'WRONG_COMMITMENT' });
    const junk = await api(base, 'GET', `/api/games/${game.id}/verify?commitment=nothex`);
    expect(junk.status).toBe(400);
  });

  it('zilch verify needs --commitment and names the reason', () => {
    const dir = tempDir();
    try {
      const file = join(dir.dir, 'x.json');
      const cut = join(dir.dir, 'cut.json');
      writeFileSync(file, JSON.stringify(game.x));
      writeFileSync(cut, JSON.stringify({ ...game.x, entries: game.x.entries.slice(0, 1) }));
      const bin = fileURLToPath(new URL('../../cli/bin/zilch.mjs', import.meta.url));
      const run = (...args: string[]) =>
        spawnSync(process.execPath, [bin, 'verify', ...args], { encoding: 'utf8' });
      const ok = run(file, '--commitment', game.commitment);
      expect(ok.status).toBe(0);
      expect(ok.stdout).toMatch(/^verified \d+ rolls and the final result against the commitment/);
      const truncated = run(cut, '--commitment', game.commitment);
      expect(truncated.status).toBe(1);
      expect(truncated.stderr).toMatch(/^TRUNCATED: /);
      const wrong = run(file, '--commitment', 'a'.repeat(64));
      expect(wrong.status).toBe(1);
      expect(wrong.stderr).toMatch(/^WRONG_COMMITMENT: /);
      const none = run(file);
      expect(none.status).not.toBe(0);
      expect(none.stderr).toMatch(/--commitment/);
    } finally {
      dir.cleanup();
    }
  });

  it('mid-game the export says it is verifiable when the game ends', async () => {
    const t = (
      await api(base, 'POST', '/api/games', {
        rules: quick,
        seats: [{ kind: 'human' }, { kind: 'human' }],
      })
    ).body;
    const x = (await api(base, 'GET', `/api/games/${t.gameId}/export`)).body;
    expect(x).toMatchObject({ version: 2, serverSeed: null, result: null, chain: null });
    const r = await verifyExport(x, t.commitment);
    expect(r).toMatchObject({ ok: false, reason: 'NOT_OVER' });
    expect(r.message).toMatch(/^Verifiable when the game ends/);
  });
});

describe('player seeds and rematches', () => {
  it("a claimed seat's seed is used, and a rematch commits before its first roll", async () => {
    const t = (
      await api(base, 'POST', '/api/games', {
        rules: quick,
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'cautious' }],
      })
    ).body;
    const token = t.seats[0].token as string;
    const claimed = await api(base, 'POST', `/api/games/${t.gameId}/claim`, {
      token,
      name: 'Ann',
      seed: 'ann-seed-1',
    });
    expect(claimed.status).toBe(200);
    await playToEnd(base, t.gameId, token);
    const x = (await api(base, 'GET', `/api/games/${t.gameId}/export`)).body as V2;
    expect(x.playerSeeds[0]).toBe('ann-seed-1');
    const v = await verifyExport(x, t.commitment);
    expect(v).toMatchObject({ ok: true, seedSources: ['player', 'server'] });

    const re = await api(base, 'POST', `/api/games/${t.gameId}/rematch`, { token });
    expect(re.status).toBe(201);
    expect(re.body.commitment).toMatch(/^[0-9a-f]{64}$/);
    const waiting = (await api(base, 'GET', `/api/games/${re.body.gameId}`)).body;
    // Nothing rolled yet: the commitment is shown, the human seat waits for its new seed.
    expect(waiting).toMatchObject({ status: 'waiting', seq: 0, commitment: re.body.commitment });
    expect(waiting.seats[0]).toMatchObject({ name: 'Ann', claimed: false });
    expect(waiting.seats[1]).toMatchObject({ claimed: true });
    const again = await api(base, 'POST', `/api/games/${t.gameId}/rematch`, { token });
    expect(again.body).toMatchObject({ gameId: re.body.gameId, commitment: re.body.commitment });

    const join = await api(base, 'POST', `/api/games/${re.body.gameId}/claim`, {
      token,
      name: 'Ann',
      seed: 'ann-seed-2',
    });
    expect(join.body.view).toMatchObject({ status: 'playing', commitment: re.body.commitment });
    const rx = (await api(base, 'GET', `/api/games/${re.body.gameId}/export`)).body as V2;
    expect(rx.playerSeeds[0]).toBe('ann-seed-2');
    expect(rx.setupDice.length).toBeGreaterThan(0);
  });

  it('a claim without a seed still works (other clients)', async () => {
    const t = (
      await api(base, 'POST', '/api/games', {
        rules: quick,
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'cautious' }],
      })
    ).body;
    const r = await api(base, 'POST', `/api/games/${t.gameId}/claim`, {
      token: t.seats[0].token,
      name: 'Bo',
    });
    expect(r.body.view.status).toBe('playing');
  });
});

describe('games made before format 2', () => {
  it('keep their format-1 commitment and dice, and still verify', async () => {
    const t = (
      await api(base, 'POST', '/api/games', {
        rules: quick,
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'cautious' }],
      })
    ).body;
    // The row as an older server stored it (the migration gives such rows fair_format = 1).
    const db = openSqlite(join(tmp.dir, 'zilch.sqlite'));
    const row = db.prepare('select server_seed, seats from games where id = ?').get(t.gameId) as {
      server_seed: string;
      seats: string;
    };
    const seats = (JSON.parse(row.seats) as { seed: string }[]).map((s) => ({
      ...s,
      seed: randomBytes(16).toString('hex'),
    }));
    const old = createHash('sha256').update(row.server_seed).digest('hex');
    db.prepare('update games set fair_format = 1, commitment = ?, seats = ? where id = ?').run(
      old,
      JSON.stringify(seats),
      t.gameId,
    );
    db.close();
    const token = t.seats[0].token as string;
    await api(base, 'POST', `/api/games/${t.gameId}/claim`, { token, name: 'Old' });
    await playToEnd(base, t.gameId, token);
    const x = (await api(base, 'GET', `/api/games/${t.gameId}/export`)).body;
    expect(x).toMatchObject({ version: 1, commitment: old });
    const r = await verifyExport(x, old);
    expect(r.ok).toBe(true);
    expect(r.message).toContain('Format 1');
    const cut = await verifyExport({ ...x, entries: x.entries.slice(0, -1) }, old);
    expect(cut).toMatchObject({ ok: false, reason: 'TRUNCATED' });
  });
});
