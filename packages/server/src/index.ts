// @zilch/server: the game server (HTTP API, socket.io, store, fairness) and its fairness checker.
export { loadConfig, EnvSchema, type Config } from './config/config.ts';
export { startServer, type RunningServer } from './server.ts';
export { runFromEnv } from './main.ts';
export { verifyExport, type GameExport, type VerifyResult } from './fairness/verify.ts';
export { fairDice, commitmentOf } from './fairness/dice-stream.ts';
export { backupSqlite, restoreSqlite, BackupError, type BackupReport } from './store/backup.ts';
export { backupPostgres, restorePostgres, describeDatabase } from './store/pg-backup.ts';
export { knownMigrations } from './store/migrations.ts';
export { listChatReports, type ChatReport } from './chat/reports.ts';
export { openSqlite } from './store/sqlite-file.ts';
export { fanOut } from './push/fan-out.ts';
export { newVapidKeys, PushTransport } from './push/sender.ts';
export { systemResolver } from './push/endpoint.ts';
export { quickMatchHarness, type MatchHarness } from './match/harness.ts';
export { pairPlayers, type RangeRule, type Waiting } from './match/pairing.ts';
export * as tournamentPairing from './tournaments/pairing/index.ts';
