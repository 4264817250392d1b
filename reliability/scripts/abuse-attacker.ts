// The attacker of the abuse run (reliability/scripts/abuse.ts starts it): its own process, as a
// real attacker is not inside a player's browser, so the probes' latencies measure the server and
// not the attacker's own event loop. It attacks until the run sends "stop", then reports its
// counts and the bot tables the server accepted.
import { api, openSocket, sleep } from '@zilch/testkit';
import {
  ATTACKER,
  costlyRules,
  type AttackCounts,
  type AttackPlan,
  type AttackReport,
} from '../lib/abuse.ts';

const plan = JSON.parse(process.env.ZILCH_ABUSE_PLAN ?? 'null') as AttackPlan | null;
if (!plan || !process.send) {
  console.error('abuse-attacker: started by reliability/scripts/abuse.ts only');
  process.exit(2);
}
const { base, gameId, adviceState } = plan;

let stop = false;
const counts: AttackCounts = {
  socketMessages: 0,
  rateLimitedAcks: 0,
  byes: 0,
  refusedConnections: 0,
  advice: {},
  tables: {},
  bypass: {},
  chat: {},
  reports: {},
  queue: {},
};
const tally = (m: Record<number, number>, status: number) => {
  m[status] = (m[status] ?? 0) + 1;
};
type Acked = { ok: boolean; error?: { code: string } };
const tallyCode = (m: Record<string, number>, a: Acked | undefined) => {
  const k = a?.ok ? 'ok' : (a?.error?.code ?? 'none');
  m[k] = (m[k] ?? 0) + 1;
};
const botTables: string[] = [];

/** One flooding socket: connects, sends as fast as it can, and reconnects when thrown out. */
async function flood(): Promise<void> {
  while (!stop) {
    const { socket: s, error } = await openSocket(base, ATTACKER);
    if (error !== null) {
      counts.refusedConnections++;
      s.close();
      await sleep(200);
      continue;
    }
    s.on('bye', () => counts.byes++);
    const gone = new Promise<void>((r) => s.once('disconnect', () => r()));
    let open = true;
    void gone.then(() => (open = false));
    while (open && !stop) {
      for (let i = 0; i < 100; i++) {
        counts.socketMessages++;
        s.emit(
          'action',
          {
            gameId,
            clientId: `f${counts.socketMessages}`,
            action: { type: 'roll' },
          },
          (ack: { ok: boolean; error?: { code: string } }) => {
            if (ack.error?.code === 'RATE_LIMITED') counts.rateLimitedAcks++;
          },
        );
      }
      await new Promise((r) => setImmediate(r));
    }
    s.close();
  }
}

/** Costly advice, one fresh rule-set name each time. */
async function advise(): Promise<void> {
  for (let n = 1; !stop; n++) {
    const state = { ...adviceState, rules: costlyRules(`costly ${Date.now()}-${n}`) };
    const r = await api(base, 'POST', '/api/advice', { state }, ATTACKER).catch(() => null);
    tally(counts.advice, r?.status ?? 0);
    await sleep(100);
  }
}

/** Bot tables under fresh costly rules, created through escaped spellings of the route. */
async function tables(): Promise<void> {
  const spellings = ['/%61pi/games', '/api/games', '/%61%70%69/games', '/api/%67ames'];
  for (let n = 1; !stop; n++) {
    const path = spellings[n % spellings.length] as string;
    const r = await api<{ gameId?: string }>(
      base,
      'POST',
      path,
      {
        rules: costlyRules(`bots ${Date.now()}-${n}`),
        seats: [
          { kind: 'bot', bot: n % 2 ? 'optimal' : 'expected' },
          { kind: 'bot', bot: 'expected' },
        ],
      },
      ATTACKER,
    ).catch(() => null);
    tally(path === '/api/games' ? counts.tables : counts.bypass, r?.status ?? 0);
    if (r?.status === 201 && r.body.gameId) botTables.push(r.body.gameId);
  }
}

/** Chat spam: a spectator socket sends messages and reports every message it sees. */
async function chatSpam(): Promise<void> {
  while (!stop) {
    const { socket: s, error } = await openSocket(base, ATTACKER);
    if (error !== null) {
      s.close();
      await sleep(200);
      continue;
    }
    let open = true;
    s.once('disconnect', () => (open = false));
    s.on('chat', (m: { id: string }) => {
      s.emit('chatReport', { gameId, messageId: m.id, reason: 'spam' }, (a: Acked) =>
        tallyCode(counts.reports, a),
      );
    });
    await new Promise<void>((r) => s.emit('join', { gameId }, () => r()));
    for (let n = 0; open && !stop; n++) {
      s.emit('chat', { gameId, text: `buy cheap dice ${n} `.repeat(8) }, (a: Acked) =>
        tallyCode(counts.chat, a),
      );
      await sleep(50);
    }
    s.close();
  }
}

/** Match-queue spam: each join comes from a new client (no cookie), so each could make a guest. */
async function queueSpam(): Promise<void> {
  while (!stop) {
    const r = await api(
      base,
      'POST',
      '/api/account/match',
      { preset: 'zilch-online' },
      // A page of the site would send its Origin (state-changing account routes require it).
      { ...ATTACKER, origin: base },
    ).catch(() => null);
    tally(counts.queue, r?.status ?? 0);
    await sleep(20);
  }
}

const attacks = new Set(plan.attacks);
const running = [
  ...(attacks.has('chat') ? [chatSpam(), chatSpam(), chatSpam()] : []),
  ...(attacks.has('queue') ? [queueSpam(), queueSpam()] : []),
  ...(attacks.has('sockets') ? Array.from({ length: plan.flooders }, () => flood()) : []),
  ...(attacks.has('advice') ? [advise(), advise()] : []),
  ...(attacks.has('tables') ? [tables(), tables()] : []),
];
process.on('message', (m) => {
  if (m !== 'stop') return;
  stop = true;
  void Promise.allSettled(running).then(() => {
    const report: AttackReport = { counts, botTables };
    process.send?.(report, () => process.exit(0));
  });
});
process.send('started');
