import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import type { Server } from 'socket.io';
import { ruleKey, sharedPresets, solvablePresetBytes, solvablePresets } from '@zilch/strategy/node';
import { AccountService } from './accounts/service.ts';
import { DbSessionStore } from './accounts/session-store.ts';
import { ChatService } from './chat/service.ts';
import {
  adviceFor,
  recycleStrategy,
  startStrategy,
  stopStrategy,
  strategyQueued,
} from './bots/bot-source.ts';
import { ChallengeService } from './challenges/service.ts';
import { ChallengeStore } from './challenges/store.ts';
import { FriendService } from './friends/service.ts';
import { FriendStore } from './friends/store.ts';
import { TournamentRunner } from './tournaments/runner.ts';
import { TournamentService } from './tournaments/service.ts';
import { TournamentStore } from './tournaments/store.ts';
import { rooms } from './realtime/rooms.ts';
import { Driver } from './bots/driver.ts';
import { createBus, type BusMessage, type RemoteLink } from './bus/bus.ts';
import type { Config } from './config/config.ts';
import { DEFAULT_PRESET } from '@zilch/engine';
import { GameService } from './games/service.ts';
import { startMatchmaker } from './match/runner.ts';
import { MatchService, type RatingOf } from './match/service.ts';
import { buildApp } from './http/app.ts';
import { createMetrics } from './metrics/metrics.ts';
import { Presence } from './realtime/presence.ts';
import { attachRealtime } from './realtime/socket.ts';
import { openDb, ping } from './store/db.ts';
import { runDrain, trackConnections } from './drain.ts';
import { MemoryGuard } from './memory-guard.ts';
import { AccountStore } from './store/account-store.ts';
import { ChatStore } from './store/chat-store.ts';
import { GameStore } from './store/game-store.ts';
import { PushStore } from './store/push-store.ts';
import { newVapidKeys } from './push/sender.ts';
import { PushService } from './push/service.ts';
import { systemResolver } from './push/endpoint.ts';
import { MatchStore } from './store/match-store.ts';
import { RatingStore } from './store/rating-store.ts';
import { RatingService } from './ratings/service.ts';
import { AnalysisService } from './analysis/service.ts';
import { AnalysisStore } from './analysis/store.ts';
import { PracticeService } from './practice/service.ts';
import { PracticeStore } from './practice/store.ts';
import { fillBanks } from './puzzles/fill.ts';
import { PuzzleMiner, type Bank } from './puzzles/mine.ts';
import { PuzzleSourceStore } from './puzzles/source-store.ts';
import { PuzzleService } from './puzzles/service.ts';
import { PuzzleStore } from './puzzles/store.ts';
import { BotApiService, type BotLimits } from './botapi/service.ts';
import { BotStore } from './botapi/store.ts';
import { GameWatch } from './botapi/streams.ts';
import { houseBotOf } from './botapi/house.ts';

/** A running server. */
export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly app: FastifyInstance;
  readonly io: Server;
  readonly service: GameService;
  readonly logger: Logger;
  /** Web Push: `notifyInvitation(userId, gameId)` is the hook for other features' invitations. */
  readonly push: PushService;
  /** Graceful stop: no new actions, in-flight ones finish, sockets close, leases are handed back. */
  close(): Promise<void>;
}

const BUS_EVENT = 'zilch:bus';
/** How often every process looks over the open and running tournaments. */
const TOURNAMENT_SWEEP_MS = 5_000;

/** What the server takes from modules built apart (ratings, until they are wired in). */
export interface ServerHooks {
  /** A player's rating for a preset (default: 1500 for everyone). */
  readonly ratingOf?: RatingOf;
  /** The process's resident memory in bytes, as the memory guard reads it (tests stand one in). */
  readonly rss?: () => number;
  /** Bot API limits other than the defaults (tests). */
  readonly botLimits?: Partial<BotLimits>;
  /** Puzzle banks fed by stored games besides the loaded presets' (tests: rules solved in seconds). */
  readonly puzzleBanks?: readonly Bank[];
}

/** Starts the whole server (store, games, HTTP, socket.io, bots and timers) from a validated configuration. */
export async function startServer(
  config: Config,
  logger?: Logger,
  hooks: ServerHooks = {},
): Promise<RunningServer> {
  const log = logger ?? pino({ level: config.logLevel });
  // The shipped presets' solutions (made by the build's presolve) are read into memory every
  // strategy thread shares, so the coach has win chances from the first decision. The read
  // (0.1–0.9 s for 97 MB) starts once the server listens, so a restart is ready as soon as
  // before; strategy jobs that come first wait for it.
  let listening: () => void = () => undefined;
  const listened = new Promise<void>((r) => (listening = r));
  const presets = config.preloadSolutions
    ? listened.then(() => sharedPresets(config.cacheDir))
    : Promise.resolve({ loaded: [], missing: [] });
  void presets.then(({ missing }) => {
    if (missing.length > 0)
      log.warn(
        { missing, cacheDir: config.cacheDir },
        'no cached solution of these presets: the coach gives expected points until one is solved (`npm run presolve` with this ZILCH_CACHE_DIR makes them)',
      );
  });
  // Shedding starts by restarting the strategy threads: their heaps and caches are what a
  // flood of costly rule sets grows, and they would not shrink by themselves.
  const guard = new MemoryGuard(config.memoryCeilingMb, log, hooks.rss, recycleStrategy);
  startStrategy({
    cacheDir: config.cacheDir,
    shared: {
      bytes: config.preloadSolutions ? solvablePresetBytes() : 0,
      solutions: presets.then((p) => p.loaded),
    },
    ...config.strategy,
    memoryCeilingMb: config.memoryCeilingMb,
    shed: () => guard.pressed,
    onEvent: (e) => log.warn({ strategy: e }, 'strategy pool limit reached'),
    onJob: (kind, result) => metrics.strategyJobs.inc({ kind, result }),
  });
  const node = randomUUID();
  const db = await openDb(config, (e) => log.warn({ err: e }, 'database connection lost'));
  const store = new GameStore(db.db, db.dialect, config.pgGroupCommit, db.sqlite);
  const metrics = createMetrics(strategyQueued, () => store.countPlaying());
  // Across processes presence is re-announced every lease period; a silent process's report expires.
  const presence = new Presence(config.redisUrl ? config.leaseMs : Infinity);
  const connected = (id: string) => presence.connected(id);
  const service = new GameService({
    store,
    node,
    leaseMs: config.leaseMs,
    testDice: config.testDice,
    connected,
    shared: Boolean(config.redisUrl || config.databaseUrl),
    cacheLimit: config.gameCache,
  });

  let redis: { pub: Redis; sub: Redis } | null = null;
  const ready = async () => {
    // A draining process must get no new work: the proxy and health checks see it at once.
    if (service.draining) return false;
    await ping(db.db);
    // With commands queued through an outage, an unanswered ping means "not ready", not a hang.
    if (redis) await within(redis.pub.ping(), 1000, 'Redis');
    return true;
  };
  // Blocks (friends/) hide a blocked seat's messages from its blocker.
  const chat = new ChatService(new ChatStore(db.db), service, (g) => friends.blocksAt(g));
  const accountStore = new AccountStore(db.db);
  const ratings = new RatingService(new RatingStore(db.db, db.dialect), config.leaderboard, log);
  // Every process on the store signs cookies with one key: the configured one, else one made once.
  const secret =
    config.sessionSecret ??
    (await accountStore.secret('session', () => randomBytes(32).toString('base64url')));
  const push = new PushService({
    store: new PushStore(db.db),
    // Every process signs with one VAPID key: the configured pair, else one made once.
    vapid: {
      subject: config.push.subject,
      ...(config.push.vapidKeys ??
        (JSON.parse(await accountStore.secret('vapid', () => JSON.stringify(newVapidKeys()))) as {
          publicKey: string;
          privateKey: string;
        })),
    },
    logger: log,
    connected,
    concurrency: config.push.concurrency,
    queue: config.push.queue,
    timeoutMs: config.push.timeoutMs,
    ttlSeconds: 86_400,
    endpoints: {
      hosts: config.push.hosts,
      allowHttpLoopback: config.push.allowHttp,
      resolve: systemResolver,
    },
  });
  service.onChange((c) => push.changed(c));
  service.onRematch((r) => push.rematched(r.gameId, r.rematchId, r.seat, r.name));
  const accounts = new AccountService(accountStore, service);
  const botStore = new BotStore(db.db);
  const friends = new FriendService({
    store: new FriendStore(db.db),
    games: service,
    user: (id) => accountStore.user(id),
    connected,
    botsAmong: (ids) => botStore.botsAmong(ids),
  });
  const challenges = new ChallengeService({
    store: new ChallengeStore(db.db),
    games: service,
    user: (id) => accountStore.user(id),
    resolve: (me, to) => friends.resolve(me, to),
    blockedEitherWay: (x, y) => friends.blockedEitherWay(x, y),
    linkSeat: (u, g, seat, at) => accountStore.linkSeat(u, g, seat, at),
    seatToken: async (u, g) => {
      const t = await accounts.mintTokens(u, g);
      return t.ok ? (t.value.seats[0] ?? null) : null;
    },
    notify: (userId, id, from) => push.notifyChallenge(userId, id, from),
    botsAmong: (ids) => botStore.botsAmong(ids),
    houseBot: houseBotOf,
  });
  const tournamentStore = new TournamentStore(db.db);
  const tournamentRunner = new TournamentRunner({
    store: tournamentStore,
    games: service,
    node,
    logger: log,
    linkSeat: (u, g, seat, at) => accountStore.linkSeat(u, g, seat, at),
    notify: (userId, t, gameId) => push.notifyTournament(userId, t.id, t.name, gameId),
    // Watchers of the tournament on every process (the Redis adapter carries room emits).
    announce: (n) => ioRef?.to(rooms.tournament(n.id)).emit('tournament', n),
    botsAmong: (ids) => botStore.botsAmong(ids),
  });
  const tournaments = new TournamentService({
    store: tournamentStore,
    runner: tournamentRunner,
    user: (id) => accountStore.user(id),
    ratingOf: (user, preset) => ratings.ratingOf(user, preset),
    seatToken: async (u, g) => {
      const t = await accounts.mintTokens(u, g);
      return t.ok ? (t.value.seats[0] ?? null) : null;
    },
    botsAmong: (ids) => botStore.botsAmong(ids),
  });
  const match = new MatchService({
    store: new MatchStore(db.db),
    games: service,
    accounts,
    accountStore,
    ratingOf: hooks.ratingOf ?? ((user, preset) => ratings.ratingOf(user, preset)),
    settings: config.match,
  });
  const practice = new PracticeService(new PracticeStore(db.db), service, (s) =>
    adviceFor(s, 'auto'),
  );
  service.onRematch((r) => void practice.carry(r.gameId, r.rematchId));
  const bots = new BotApiService({
    store: botStore,
    games: service,
    user: (id) => accountStore.user(id),
    linkSeat: (u, g, seat, at) => accountStore.linkSeat(u, g, seat, at),
    ...(hooks.botLimits ? { limits: hooks.botLimits } : {}),
  });
  // The built-in bots' accounts exist before anyone can challenge them.
  await bots.ensureHouseBots();
  // Game streams of the bot API wake on every change, made here or (through the bus) elsewhere.
  const gameWatch = new GameWatch();
  service.onChange((c) => gameWatch.changed(c.gameId));
  const matchmaker = startMatchmaker(match, config.match.passMs, log);
  const puzzles = new PuzzleService(new PuzzleStore(db.db, db.dialect), DEFAULT_PRESET);
  // Finished games feed the bank of their rules when that preset's exact solution is loaded
  // (rankings are then lookups in shared memory): until the presets are read, mining waits.
  let puzzlesStopped = false;
  let mineBanks: readonly Bank[] | null = null;
  void presets.then(({ loaded }) => {
    const keys = new Set(loaded.map((l) => ruleKey(l.rules)));
    mineBanks = [
      ...solvablePresets().filter((p) => keys.has(ruleKey(p.rules))),
      ...(hooks.puzzleBanks ?? []),
    ];
  });
  const miner = new PuzzleMiner({
    sources: new PuzzleSourceStore(db.db),
    puzzles,
    log: (id) => service.log(id),
    banks: () => mineBanks,
    rank: adviceFor,
    node,
    perGame: config.puzzle.perGame,
    retryMs: Math.max(1000, config.puzzle.mineMs),
    leaseMs: 10 * 60_000,
    maxTries: 5,
    logger: log,
    stop: () => puzzlesStopped,
  });
  const app = await buildApp(
    config,
    log,
    service,
    metrics,
    ready,
    {
      accounts,
      match: { service: match, kick: () => matchmaker.kick() },
      sessions: new DbSessionStore(accountStore, 180 * 86_400_000),
      secret,
      push,
      social: { friends, challenges, tournaments },
      puzzles: {
        service: puzzles,
        attempts: { rateLimit: { max: config.puzzle.attemptsPerMinute, timeWindow: 60_000 } },
      },
      bots,
    },
    ratings,
    chat,
    () => guard.pressed,
    new AnalysisService(new AnalysisStore(db.db), service, (s) => adviceFor(s, 'auto')),
    practice,
    { api: bots, games: service, challenges, watch: gameWatch },
  );

  let remote: RemoteLink | null = null;
  let ioRef: Server | null = null;
  if (config.redisUrl) {
    // ioredis and the adapter are loaded only when Redis is configured: a single process starts without them.
    const { Redis } = await import('ioredis');
    // Commands wait for Redis to come back instead of failing: a Redis outage delays
    // cross-process fan-out but must never take the process down.
    const pub = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    for (const r of [pub, sub])
      r.on('error', (e) => log.warn({ err: e }, 'redis connection error'));
    await Promise.all([pub.connect(), sub.connect()]);
    // Invalidations sent while Redis was away are lost: after a reconnect, trust no cached game.
    sub.on('ready', () => service.forgetAll());
    redis = { pub, sub };
    remote = {
      send: (msg) => ioRef?.serverSideEmit(BUS_EVENT, msg),
      onMessage: (h) => {
        pendingRemote = h;
      },
    };
  }
  let pendingRemote: ((m: BusMessage) => void) | null = null;
  const bus = createBus(remote);

  const io = attachRealtime(app.server, {
    service,
    chat,
    presence,
    bus,
    metrics,
    logger: log,
    node,
    actionsPerSecond: config.socketActionsPerSecond,
    socketsPerIp: config.socketsPerIp,
    messagesPerIp: config.socketMessagesPerIp,
    maxRefusals: config.socketMaxRefusals,
    allowedOrigins: config.allowedOrigins,
    trustProxy: config.trustProxy,
    tagKey: secret,
    remoteRooms: Boolean(redis),
  });
  ioRef = io;
  if (redis) {
    const { createAdapter } = await import('@socket.io/redis-adapter');
    // The Redis adapter fans `update`s out to sockets on every process and carries the bus.
    io.adapter(
      createAdapter(redis.pub, redis.sub, {
        key: `zilch${config.pgSchema ? `:${config.pgSchema}` : ''}`,
      }),
    );
    io.on(BUS_EVENT, (msg: BusMessage) => pendingRemote?.(msg));
  }

  const driver = new Driver({
    service,
    store,
    connected,
    node,
    leaseMs: config.leaseMs,
    botDelayMs: config.botDelayMs,
    absentGraceMs: config.absentGraceMs,
    logger: log,
    metrics,
  });
  service.onChange((c) => void driver.changed(c.gameId));
  // A rated game is applied as soon as it ends here; the sweep applies any a crash (or another
  // process's crash) left between the game's last commit and its rating's.
  service.onChange((c) => {
    if (c.record.status === 'over' && c.events.length > 0) void ratings.finished(c.gameId);
  });
  // A tournament table that ends here moves its tournament on (the runner's sweep catches the rest).
  service.onChange((c) => {
    if (c.record.status === 'over' && c.events.length > 0) void tournamentRunner.gameOver(c.gameId);
  });
  bus.subscribe((msg, fromRemote) => {
    if (msg.type === 'update') {
      if (fromRemote) {
        void driver.changed(msg.gameId);
        gameWatch.changed(msg.gameId);
      }
    } else if (msg.type === 'released') {
      if (fromRemote) driver.takeOver(msg.gameIds);
    } else if (fromRemote) {
      if (presence.setRemote(msg.gameId, msg.node, msg.seats)) void driver.changed(msg.gameId);
    } else if (!msg.repeat) void driver.changed(msg.gameId);
  });

  await app.listen({ port: config.port, host: config.host });
  listening();
  // Empty puzzle banks are made from self-play once the presets' solutions are read, in the
  // background and bounded in time (ZILCH_PUZZLE_SECONDS per preset; 0: never at start).
  const puzzleFill = presets.then(({ missing }) =>
    fillBanks(
      puzzles,
      // The default preset first: it is the one the puzzle page asks for.
      solvablePresets()
        .filter((p) => !missing.includes(p.id))
        .sort((a, b) => Number(b.id === DEFAULT_PRESET) - Number(a.id === DEFAULT_PRESET)),
      async (s, mode) => {
        const r = await adviceFor(s, mode);
        return r.ok && !r.winEtaSeconds ? r.value : null;
      },
      { seconds: config.puzzle.startSeconds, log, stop: () => puzzlesStopped },
    ),
  );
  await driver.start();
  const sweepRatings = () =>
    void ratings.sweep().catch((err: unknown) => log.warn({ err }, 'rating sweep failed'));
  sweepRatings();
  const ratingSweep = setInterval(sweepRatings, 60_000);
  ratingSweep.unref();
  // A game that ends here is mined at once; the sweep finds those ended elsewhere, before a
  // crash or before the solutions were read, and those whose try is due again.
  const sweepPuzzles = () =>
    void miner.sweep().catch((err: unknown) => log.warn({ err }, 'puzzle mining sweep failed'));
  const puzzleSweep =
    config.puzzle.mineMs > 0 ? setInterval(sweepPuzzles, config.puzzle.mineMs) : null;
  puzzleSweep?.unref();
  if (config.puzzle.mineMs > 0)
    service.onChange((c) => {
      if (c.record.status === 'over' && c.events.length > 0) miner.enqueue(c.gameId);
    });
  // Tournaments left mid-round by a restart carry on; due starts and missed ends are found.
  void tournamentRunner
    .start(TOURNAMENT_SWEEP_MS)
    .catch((err: unknown) => log.warn({ err }, 'tournament sweep failed'));
  const announcer = redis
    ? setInterval(
        () => {
          for (const [gameId, seats] of presence.localGames()) {
            bus.publish({ type: 'presence', gameId, node, seats, repeat: true });
          }
        },
        Math.max(250, Math.floor(config.leaseMs / 3)),
      )
    : null;
  announcer?.unref();
  const port = (app.server.address() as AddressInfo).port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  log.info({ port, store: db.dialect, redis: Boolean(redis), node }, 'zilch server listening');

  const connections = trackConnections(app.server);
  let closing: Promise<void> | null = null;
  return {
    url: `http://${host}:${port}`,
    port,
    app,
    io,
    service,
    logger: log,
    push,
    close() {
      // Graceful stop (SIGTERM: an upgrade, one process at a time). Order matters for how long
      // players wait: refuse new actions and let those in flight be stored; hand the leases
      // back and tell the other processes, which take the bots and timers up at once; then
      // close the sockets, which makes clients reconnect straight away (to another process).
      // Every step has a bound and the whole drain a deadline (drain.ts): a client, Redis or
      // database that stalls costs seconds, never minutes.
      closing ??= runDrain(
        [
          {
            name: 'matchmaker',
            ms: 1000,
            run: async () => {
              if (announcer) clearInterval(announcer);
              guard.stop();
              clearInterval(ratingSweep);
              await matchmaker.stop();
              await tournamentRunner.stop();
              // A puzzle bank being made stops at its next decision; what it found is stored.
              // A game being mined is handed back for another process (or the next start).
              puzzlesStopped = true;
              if (puzzleSweep) clearInterval(puzzleSweep);
              await Promise.all([puzzleFill, miner.idle()]);
            },
          },
          { name: 'actions in flight', ms: 2500, run: () => service.drain() },
          {
            name: 'leases',
            ms: 1500,
            run: async () => {
              const released = await driver.stop();
              if (released.length > 0) bus.publish({ type: 'released', node, gameIds: released });
            },
          },
          {
            name: 'sockets',
            ms: 1000,
            run: async () => {
              // Clients reconnect at once on this code (another process, or this one when back).
              bots.endAll();
              io.emit('bye', {
                code: 'SHUTTING_DOWN',
                message: 'This server process is restarting; reconnecting.',
              });
              io.disconnectSockets(true);
              // io.close() closes the HTTP server too, which waits for every keep-alive or
              // half-sent request: idle ones go now, busy ones get this step's bound.
              const closed = new Promise<void>((r) => io.close(() => r()));
              app.server.closeIdleConnections();
              await closed;
            },
          },
          {
            name: 'http connections',
            ms: 500,
            run: async () => {
              // What the sockets step left (a slow client mid-request, a stuck upgrade) is cut.
              app.server.closeAllConnections();
              const n = connections.destroyAll();
              if (n > 0) log.info({ connections: n }, 'cut connections still open');
              await app.close();
            },
          },
          { name: 'strategy jobs', ms: 1000, run: () => stopStrategy() },
          // Notifications already queued get their (bounded) chance to go out.
          {
            name: 'push queue',
            ms: 1000,
            run: async () => {
              await push.idle();
              push.close();
            },
          },
          {
            name: 'redis',
            ms: 500,
            run: async () => {
              if (!redis) return;
              const r = redis;
              await Promise.all([r.pub.quit(), r.sub.quit()]).finally(() => {
                r.pub.disconnect();
                r.sub.disconnect();
              });
            },
          },
          { name: 'database', ms: 1000, run: () => db.close() },
        ],
        config.drainMs,
        log,
        () => {
          // Nothing here waits: the process exits right after.
          app.server.closeAllConnections();
          connections.destroyAll();
          redis?.pub.disconnect();
          redis?.sub.disconnect();
          void db.close().catch(() => undefined);
          void stopStrategy().catch(() => undefined);
        },
      ).then(() => undefined);
      return closing;
    },
  };
}

/** Rejects when `p` takes longer than `ms`. */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
