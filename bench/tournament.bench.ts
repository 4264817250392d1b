// A 64-player Swiss tournament of filler bots, from creation to its final standings, on one
// in-process server (SQLite in a temporary directory, bots at zero delay): wall time, the
// process's CPU time, and the rounds and tables it played. The pairing alone at 1,000 players is
// `npm run bench -- pairing`.
//   ZILCH_BENCH_TOURNAMENT_PLAYERS   entrants (default 64, at most 64)
//   ZILCH_BENCH_TOURNAMENT_TARGET    the game's target (default the preset's 10,000)
import { preset } from '@zilch/engine';
import { SoftPasskey } from '../packages/server/test/authenticator.ts';
import { Device, register } from '../packages/server/test/device.ts';
import { startTestServer } from '../packages/server/test/helpers.ts';

export default async function bench(): Promise<void> {
  const players = Number(process.env.ZILCH_BENCH_TOURNAMENT_PLAYERS ?? 64);
  const target = Number(process.env.ZILCH_BENCH_TOURNAMENT_TARGET ?? 10_000);
  const server = await startTestServer({
    ZILCH_AUTH_RATE_LIMIT: '100000',
    ZILCH_RATE_LIMIT: '100000',
    ZILCH_COSTLY_RATE_LIMIT: '100000',
  });
  try {
    const d = new Device(server.url);
    await d.call('POST', '/api/account/seats', { seats: [] });
    await register(d, new SoftPasskey(server.url));
    await d.call('POST', '/api/account/profile', { name: 'Bench' });
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const made = await d.call('POST', '/api/account/tournaments', {
      name: 'Bench Swiss',
      rules: { ...preset('serendipity-creak'), target },
      format: 'swiss',
      players,
    });
    if (made.status !== 200 && made.status !== 201)
      throw new Error(`tournament not made: ${JSON.stringify(made.body)}`);
    const id = made.body.id as string;
    // The creator leaves, so every seat is a filler bot; start fills them.
    await d.call('POST', `/api/account/tournaments/${id}/leave`);
    const started = await d.call('POST', `/api/account/tournaments/${id}/start`);
    if (started.status !== 200) throw new Error(`not started: ${JSON.stringify(started.body)}`);
    let t = started.body;
    while (t.status !== 'over') {
      await new Promise((r) => setTimeout(r, 100));
      t = (await d.call('GET', `/api/account/tournaments/${id}`)).body;
      if (performance.now() - t0 > 600_000) throw new Error('not over after 10 minutes');
    }
    const wall = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const tables = (t.games as { b: string | null }[]).filter((g) => g.b !== null).length;
    console.log(
      `  Swiss of ${players} bots to ${target}: ${t.round} rounds, ${tables} tables, ` +
        `${wall.toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU ` +
        `(server and this client, one process; bot delay 0)`,
    );
  } finally {
    await server.close();
  }
}
