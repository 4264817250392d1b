import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { sql } from './kysely.ts';

// Portable schema-builder calls only, so one list of migrations serves SQLite and PostgreSQL.
function migrationsFor(dialect: 'sqlite' | 'postgres'): Record<string, Migration> {
  return {
    ...common,
    ...ratings,
    ...analysis,
    ...practice,
    ...puzzles,
    ...botApi,
    '0003_entries_clustered': {
      // Each action's commit should dirty as few pages as possible. On SQLite the log becomes a
      // WITHOUT ROWID table clustered by (game_id, seq), and on both dialects the unique index on
      // client ids goes: the version check already makes writes serial, and a game's client ids
      // are read with its log.
      async up(db: Kysely<unknown>) {
        if (dialect === 'postgres') {
          await sql`alter table entries drop constraint if exists entries_client`.execute(db);
          return;
        }
        await sql`create table entries_new (
          game_id text not null, seq integer not null, client_id text not null, seat integer not null,
          action text not null, dice text not null, events text not null, actor text not null,
          at bigint not null, primary key (game_id, seq)) without rowid`.execute(db);
        await sql`insert into entries_new select game_id, seq, client_id, seat, action, dice, events, actor, at from entries`.execute(
          db,
        );
        await sql`drop table entries`.execute(db);
        await sql`alter table entries_new rename to entries`.execute(db);
      },
      async down() {
        throw new Error('0003_entries_clustered cannot be undone');
      },
    },
  };
}

const common: Record<string, Migration> = {
  '0013_user_looks': {
    // The dice and felt a player chose on the profile (issue 22), kept as the wire's small JSON
    // object: new looks need no migration, and a value the code no longer knows reads as none.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('looks', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('looks').execute();
    },
  },
  '0001_games': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('games')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('rules', 'text', (c) => c.notNull())
        .addColumn('seats', 'text', (c) => c.notNull())
        .addColumn('spectator_token', 'text', (c) => c.notNull())
        .addColumn('commitment', 'text', (c) => c.notNull())
        .addColumn('server_seed', 'text', (c) => c.notNull())
        .addColumn('setup_dice', 'text')
        .addColumn('turn_timer', 'integer')
        .addColumn('absent_bot', 'text')
        .addColumn('rematch_of', 'text')
        .addColumn('rematch_id', 'text')
        .addColumn('turn_started_at', 'bigint')
        .addColumn('finished_at', 'bigint')
        .addColumn('final_scores', 'text')
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('games_status_finished')
        .on('games')
        .columns(['status', 'finished_at'])
        .execute();
      await db.schema
        .createTable('entries')
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('dice', 'text', (c) => c.notNull())
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('entries_pk', ['game_id', 'seq'])
        .addUniqueConstraint('entries_client', ['game_id', 'client_id'])
        .execute();
      await db.schema
        .createTable('seat_tokens')
        .addColumn('token_hash', 'text', (c) => c.notNull())
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('seat_tokens_pk', ['token_hash', 'game_id'])
        .execute();
      await db.schema.createIndex('seat_tokens_game').on('seat_tokens').column('game_id').execute();
      await db.schema
        .createTable('game_players')
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('won', 'integer', (c) => c.notNull())
        .addColumn('score', 'integer', (c) => c.notNull())
        .addColumn('turns', 'integer', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('zilches', 'integer', (c) => c.notNull())
        .addColumn('faces', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('game_players_pk', ['game_id', 'seat'])
        .execute();
      await db.schema.createIndex('game_players_name').on('game_players').column('name').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['game_players', 'seat_tokens', 'entries', 'games']) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  },
  '0005_fair_format_decision_at': {
    // Format-2 fairness (commitment binds the rules; seeds as a JSON array): older games keep
    // format 1 so their stored commitments stay verifiable. The turn timer runs per decision.
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('games')
        .addColumn('fair_format', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('games').addColumn('decision_at', 'bigint').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('games').dropColumn('decision_at').execute();
      await db.schema.alterTable('games').dropColumn('fair_format').execute();
    },
  },
  '0002_leases': {
    // Leases live in their own small rows: renewing them every few seconds must not rewrite the
    // (large) game rows. The lease columns of `games` are no longer used.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('leases')
        .addColumn('game_id', 'text', (c) => c.primaryKey())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('until', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('leases_owner').on('leases').column('owner').execute();
      // Games still in play get an expired lease, so the first process to look drives them.
      await sql`insert into leases (game_id, owner, until) select id, 'migrated', 0 from games where status <> 'over'`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('leases').ifExists().execute();
    },
  },
  '0012_absence_rule': {
    // Quick-match tables carry what happens to an absent player (abort, forfeit); a table made
    // before, or by hand, has none.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('games').addColumn('absence', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('games').dropColumn('absence').execute();
    },
  },
  '0006_public_games': {
    // Listing in the lobby is opt-in: a table is public only if its creator said so. Tables
    // stored before this migration get no row, so they stay unlisted.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('public_games')
        .addColumn('game_id', 'text', (c) => c.primaryKey())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('public_games').ifExists().execute();
    },
  },
  '0007_accounts': {
    // Identity (docs/server.md): users (guest or account), their passkeys and recovery codes,
    // which seats they hold, server-side sessions, and the secret that signs session cookies.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('colour', 'text', (c) => c.notNull())
        .addColumn('webauthn_id', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('passkeys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull())
        .addColumn('transports', 'text', (c) => c.notNull())
        .addColumn('backed_up', 'integer', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();
      await db.schema
        .createTable('recovery_codes')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('recovery_codes_user')
        .on('recovery_codes')
        .column('user_id')
        .execute();
      await db.schema
        .createTable('user_seats')
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('linked_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_seats_pk', ['game_id', 'seat'])
        .execute();
      await db.schema.createIndex('user_seats_user').on('user_seats').column('user_id').execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text')
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema.createIndex('sessions_expiry').on('sessions').column('expires_at').execute();
      await db.schema
        .createTable('server_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of [
        'server_secrets',
        'sessions',
        'user_seats',
        'recovery_codes',
        'passkeys',
        'users',
      ]) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  },
  '0009_push': {
    // Web Push (docs/server.md "Your move"): each device's subscription, each user's choices,
    // and which notifications were sent, so one goes per game until its player acts, across
    // restarts and processes.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('endpoint', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('push_subscriptions_user')
        .on('push_subscriptions')
        .column('user_id')
        .execute();
      await db.schema
        .createTable('push_settings')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('kinds', 'text', (c) => c.notNull())
        .addColumn('quiet_from', 'integer')
        .addColumn('quiet_to', 'integer')
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('push_sent')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('push_sent_pk', ['user_id', 'game_id', 'kind'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['push_sent', 'push_settings', 'push_subscriptions']) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  },
  '0010_quick_match': {
    // The quick-match queue (docs/server.md "Quick match"): one row per waiting user, shared by
    // every process. A pairing pass claims two rows with one conditional update, so no process
    // can seat a player twice.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('match_queue')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('preset', 'text', (c) => c.notNull())
        .addColumn('rated', 'integer', (c) => c.notNull())
        .addColumn('rating', 'integer', (c) => c.notNull())
        .addColumn('joined_at', 'bigint', (c) => c.notNull())
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .addColumn('game_id', 'text')
        .addColumn('seat', 'integer')
        .addColumn('opponent', 'text')
        .addColumn('claimed_at', 'bigint')
        .execute();
      await db.schema.createIndex('match_queue_seen').on('match_queue').column('seen_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('match_queue').ifExists().execute();
    },
  },
  '0011_chat': {
    // Table chat (docs/server.md "Table chat"): messages, each seat's mutes, the tables that
    // turned the filter off (a row only for those, so older tables stay filtered), and reports.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('chat_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('seat', 'integer')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('chat_messages_game')
        .on('chat_messages')
        .columns(['game_id', 'id'])
        .execute();
      await db.schema
        .createTable('chat_mutes')
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('chat_mutes_pk', ['game_id', 'seat', 'target'])
        .execute();
      await db.schema
        .createTable('chat_unfiltered')
        .addColumn('game_id', 'text', (c) => c.primaryKey())
        .execute();
      await db.schema
        .createTable('chat_reports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('message_id', 'text', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('reporter', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('chat_reports_at').on('chat_reports').column('at').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['chat_reports', 'chat_unfiltered', 'chat_mutes', 'chat_messages']) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  },
  '0015_friends': {
    // Friends and challenges (docs/server.md "Friends and challenges"): one friendship row per
    // pair (a < b), blocks one way, challenges, and the per-day counters that cap requests.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('friendships')
        .addColumn('a', 'text', (c) => c.notNull())
        .addColumn('b', 'text', (c) => c.notNull())
        .addColumn('requester', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('friendships_pk', ['a', 'b'])
        .execute();
      await db.schema.createIndex('friendships_b').on('friendships').column('b').execute();
      await db.schema
        .createTable('blocks')
        .addColumn('blocker', 'text', (c) => c.notNull())
        .addColumn('blocked', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('blocks_pk', ['blocker', 'blocked'])
        .execute();
      await db.schema.createIndex('blocks_blocked').on('blocks').column('blocked').execute();
      await db.schema
        .createTable('challenges')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('from_user', 'text', (c) => c.notNull())
        .addColumn('to_user', 'text', (c) => c.notNull())
        .addColumn('rules', 'text', (c) => c.notNull())
        .addColumn('preset', 'text', (c) => c.notNull())
        .addColumn('rated', 'integer', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('turn_timer', 'integer')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('game_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('challenges_to')
        .on('challenges')
        .columns(['to_user', 'created_at'])
        .execute();
      await db.schema
        .createIndex('challenges_from')
        .on('challenges')
        .columns(['from_user', 'created_at'])
        .execute();
      await db.schema
        .createTable('social_daily')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('social_daily_pk', ['user_id', 'day', 'kind'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['social_daily', 'challenges', 'blocks', 'friendships']) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  },
  '0020_presence': {
    // When each account last had the app open (friends/service.ts), in the store so that a
    // friend on another process shows as online too.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('presence')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('presence').ifExists().execute();
    },
  },
  '0017_tournaments': {
    // Tournaments (docs/tournaments-module.md): the tournament, its entrants, one row per
    // (round, board) with the table it made and its result, and one row per paired round whose
    // primary key is the guard that two processes never pair a round twice.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tournaments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('creator', 'text', (c) => c.notNull())
        .addColumn('rules', 'text', (c) => c.notNull())
        .addColumn('preset', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('players', 'integer', (c) => c.notNull())
        .addColumn('rated', 'integer', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('turn_timer', 'integer')
        .addColumn('start_at', 'bigint')
        .addColumn('bots', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('round', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('finished_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('tournaments_status')
        .on('tournaments')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema
        .createTable('tournament_entrants')
        .addColumn('tournament_id', 'text', (c) => c.notNull())
        .addColumn('entrant', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('bot', 'text')
        .addColumn('rating', 'double precision', (c) => c.notNull())
        .addColumn('seed', 'integer', (c) => c.notNull())
        .addColumn('rank', 'integer')
        .addColumn('joined_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('tournament_entrants_pk', ['tournament_id', 'entrant'])
        .execute();
      await db.schema
        .createIndex('tournament_entrants_user')
        .on('tournament_entrants')
        .columns(['user_id', 'joined_at'])
        .execute();
      await db.schema
        .createTable('tournament_rounds')
        .addColumn('tournament_id', 'text', (c) => c.notNull())
        .addColumn('round', 'integer', (c) => c.notNull())
        .addColumn('node', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('tournament_rounds_pk', ['tournament_id', 'round'])
        .execute();
      await db.schema
        .createTable('tournament_games')
        .addColumn('tournament_id', 'text', (c) => c.notNull())
        .addColumn('round', 'integer', (c) => c.notNull())
        .addColumn('board', 'integer', (c) => c.notNull())
        .addColumn('a', 'text', (c) => c.notNull())
        .addColumn('b', 'text')
        .addColumn('game_id', 'text')
        .addColumn('claimed_at', 'bigint')
        .addColumn('winner', 'text')
        .addColumn('over', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('tournament_games_pk', ['tournament_id', 'round', 'board'])
        .execute();
      await db.schema
        .createIndex('tournament_games_game')
        .on('tournament_games')
        .column('game_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of [
        'tournament_games',
        'tournament_rounds',
        'tournament_entrants',
        'tournaments',
      ]) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  },
};

const ratings: Record<string, Migration> = {
  '0008_ratings': {
    // Ratings (docs/server.md): which tables are rated and whether their end was applied (the
    // exactly-once claim), each account's Glicko-2 rating per preset, and one history row per
    // player and rated game. Ratings are reals: double precision on both dialects.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rated_games')
        .addColumn('game_id', 'text', (c) => c.primaryKey())
        .addColumn('preset', 'text', (c) => c.notNull())
        .addColumn('applied_at', 'bigint')
        .addColumn('outcome', 'text')
        .execute();
      await db.schema
        .createIndex('rated_games_pending')
        .on('rated_games')
        .column('applied_at')
        .execute();
      await db.schema
        .createTable('ratings')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('preset', 'text', (c) => c.notNull())
        .addColumn('rating', 'double precision', (c) => c.notNull())
        .addColumn('rd', 'double precision', (c) => c.notNull())
        .addColumn('vol', 'double precision', (c) => c.notNull())
        .addColumn('games', 'integer', (c) => c.notNull())
        .addColumn('wins', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('ratings_pk', ['user_id', 'preset'])
        .execute();
      await db.schema
        .createIndex('ratings_board')
        .on('ratings')
        .columns(['preset', 'rating'])
        .execute();
      await db.schema
        .createTable('rating_history')
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('opponent_seat', 'integer', (c) => c.notNull())
        .addColumn('preset', 'text', (c) => c.notNull())
        .addColumn('score', 'double precision', (c) => c.notNull())
        .addColumn('rating_before', 'double precision', (c) => c.notNull())
        .addColumn('rating', 'double precision', (c) => c.notNull())
        .addColumn('rd', 'double precision', (c) => c.notNull())
        .addColumn('vol', 'double precision', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('rating_history_pk', ['game_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('rating_history_user')
        .on('rating_history')
        .columns(['user_id', 'at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['rating_history', 'ratings', 'rated_games']) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  },
};

// Game analysis (analysis/): one row per analysed game, its answer as JSON (docs/server.md, "Accuracy").
const analysis: Record<string, Migration> = {
  '0014_game_accuracy': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('game_accuracy')
        .addColumn('game_id', 'text', (c) => c.primaryKey())
        .addColumn('preset', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('game_accuracy').ifExists().execute();
    },
  },
};

// Practice games (practice/): the practising seat, its bot, and the hints it used
// (docs/server.md, "Practice"). `hinted_seq` is the decision last hinted, so asking twice counts once.
const practice: Record<string, Migration> = {
  '0019_practice': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('practice_games')
        .addColumn('game_id', 'text', (c) => c.primaryKey())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('bot', 'text', (c) => c.notNull())
        .addColumn('hints', 'integer', (c) => c.notNull())
        .addColumn('hinted_seq', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('practice_games').ifExists().execute();
    },
  },
};

// Puzzles (puzzles/, docs/puzzles.md): the bank per preset with each puzzle's Glicko-2 rating and
// its position and valued options as JSON; accounts' puzzle ratings; each account's attempts (only
// the first try at a puzzle is rated); and the daily puzzle chosen once per UTC day and preset.
const puzzles: Record<string, Migration> = {
  '0016_puzzles': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('puzzles')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('preset', 'text', (c) => c.notNull())
        .addColumn('themes', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('rating', 'double precision', (c) => c.notNull())
        .addColumn('rd', 'double precision', (c) => c.notNull())
        .addColumn('vol', 'double precision', (c) => c.notNull())
        .addColumn('plays', 'integer', (c) => c.notNull())
        .addColumn('solved', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('puzzles_preset_rating')
        .on('puzzles')
        .columns(['preset', 'rating'])
        .execute();
      await db.schema
        .createTable('puzzle_ratings')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('rating', 'double precision', (c) => c.notNull())
        .addColumn('rd', 'double precision', (c) => c.notNull())
        .addColumn('vol', 'double precision', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('solved', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('puzzle_attempts')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('puzzle_id', 'text', (c) => c.notNull())
        .addColumn('correct', 'integer', (c) => c.notNull())
        .addColumn('rating_before', 'double precision', (c) => c.notNull())
        .addColumn('rating', 'double precision', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('puzzle_attempts_pk', ['user_id', 'puzzle_id'])
        .execute();
      await db.schema
        .createTable('puzzle_daily')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('preset', 'text', (c) => c.notNull())
        .addColumn('puzzle_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('puzzle_daily_pk', ['day', 'preset'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['puzzle_daily', 'puzzle_attempts', 'puzzle_ratings', 'puzzles']) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  },
  // Puzzles cut from stored games: one row per finished game looked at, so each is mined once
  // by one process (a claim with a lease, taken over when it runs out) and retried while its
  // rules' exact solution is still being made.
  '0023_puzzle_sources': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('puzzle_sources')
        .addColumn('game_id', 'text', (c) => c.primaryKey())
        .addColumn('owner', 'text')
        .addColumn('lease_until', 'bigint', (c) => c.notNull())
        .addColumn('tries', 'integer', (c) => c.notNull())
        .addColumn('done_at', 'bigint')
        .addColumn('found', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('puzzle_sources_due')
        .on('puzzle_sources')
        .columns(['done_at', 'lease_until'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('puzzle_sources').ifExists().execute();
    },
  },
};

// The bot API (botapi/, docs/bot-api.md): accounts made bots (for good), and their API tokens,
// stored as the SHA-256 of the secret only.
const botApi: Record<string, Migration> = {
  '0018_bot_tokens': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('bot_accounts')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('since', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('bot_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull().unique())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('bot_tokens_user').on('bot_tokens').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['bot_tokens', 'bot_accounts']) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  },
};

/** The server's migrations for a dialect, in order (names sort in order). */
export function migrationProvider(dialect: 'sqlite' | 'postgres'): MigrationProvider {
  return {
    async getMigrations() {
      return migrationsFor(dialect);
    },
  };
}

/** Names of every migration this code knows for a dialect (a store with others is newer than it). */
export function knownMigrations(dialect: 'sqlite' | 'postgres'): string[] {
  return Object.keys(migrationsFor(dialect)).sort();
}
