import { createHash, timingSafeEqual } from 'node:crypto';
import {
  describeRulesText,
  parseRules,
  preset,
  PRESET_IDS,
  ruleSetJsonSchema,
} from '@zilch/engine';
import type { GameState } from '@zilch/engine';
import {
  AdviceBodySchema,
  AdviceSchema,
  CardAnswerSchema,
  CardBodySchema,
  ErrorBodySchema,
  HealthSchema,
  RulesAnswerSchema,
  type Advice,
} from '@zilch/protocol';
import type { Advice as Ranked } from '@zilch/strategy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adviceFor, cardFor } from '../../bots/bot-source.ts';
import type { Config } from '../../config/config.ts';
import type { Metrics } from '../../metrics/metrics.ts';
import type { RouteConfig } from './games.ts';

const refusals = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema } as const;

/**
 * The advisor's ranking as the protocol sends it. Its moves are typed as any seatless action, but
 * it only ranks moves a player may send: `timeout`, `forfeit` and `abort` (the server's alone) never
 * occur and are dropped.
 */
function wireAdvice(ranked: Ranked): Advice {
  return {
    kind: ranked.kind,
    options: ranked.options.flatMap(({ move, ...o }) =>
      move.type === 'timeout' || move.type === 'forfeit' || move.type === 'abort'
        ? []
        : [{ ...o, move }],
    ),
  };
}

/** Whether an `Authorization` header holds the metrics token (compared in constant time). */
function holdsToken(header: string | undefined, token: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${token}`));
}

/** Rules, advice, health, readiness and metrics. */
export function metaRoutes(
  metrics: Metrics,
  ready: () => Promise<boolean>,
  access: Config['metrics'],
  costly: RouteConfig,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/rules',
      {
        schema: {
          tags: ['rules'],
          summary: 'Presets and the rule set JSON Schema',
          response: { 200: RulesAnswerSchema, ...refusals },
        },
      },
      async () => ({
        presets: PRESET_IDS.map((id) => {
          const rules = preset(id);
          return { id, rules, text: describeRulesText(rules) };
        }),
        schema: ruleSetJsonSchema() as Record<string, unknown>,
      }),
    );

    app.post(
      '/api/advice',
      {
        config: costly,
        schema: {
          tags: ['coach'],
          summary: 'Rank the options of a position (from @zilch/strategy)',
          body: AdviceBodySchema,
          response: { 200: AdviceSchema, ...refusals },
        },
      },
      async (req, reply) => {
        // The state of a game already played: its rules are read as stored (a mercy of 0 included).
        const rules = parseRules(req.body.state.rules, { stored: true });
        if (!rules.ok)
          return reply.code(400).send({ code: 'BAD_STATE', message: rules.error.message });
        try {
          // The advisor validates the state it is given; a malformed one is the caller's fault.
          const state = { ...req.body.state, rules: rules.rules } as unknown as GameState;
          const r = await adviceFor(state, req.body.mode ?? 'auto');
          if (r.ok)
            return {
              ...wireAdvice(r.value),
              ...(r.note ? { note: r.note } : {}),
              ...(r.winEtaSeconds ? { winEtaSeconds: r.winEtaSeconds } : {}),
            };
          if (r.code === 'BUSY')
            return reply
              .code(503)
              .header('retry-after', '5')
              .send({ code: 'BUSY', message: r.message });
          return reply.code(400).send({
            code: 'BAD_STATE',
            message: `The advisor could not read this state: ${r.message}`,
          });
        } catch (e) {
          return reply.code(400).send({
            code: 'BAD_STATE',
            message: `The advisor could not read this state: ${String(e instanceof Error ? e.message : e)}`,
          });
        }
      },
    );

    app.post(
      '/api/rules/card',
      {
        config: costly,
        schema: {
          tags: ['rules'],
          summary:
            'A strategy card for a rule set, and its measured win rate (from @zilch/strategy)',
          body: CardBodySchema,
          response: { 200: CardAnswerSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const rules = parseRules(req.body.rules);
        if (!rules.ok)
          return reply.code(400).send({ code: 'BAD_RULES', message: rules.error.message });
        // A turn solve (up to a second on Ten Dice): a strategy thread does it, never this loop.
        const r = await cardFor(rules.rules);
        if (!r.ok) {
          if (r.code === 'BUSY')
            return reply
              .code(503)
              .header('retry-after', '5')
              .send({ code: 'BUSY', message: r.message });
          return reply.code(400).send({ code: 'BAD_RULES', message: r.message });
        }
        const figure = r.value.figure;
        const short = r.value.short;
        const figureOf = (f: typeof figure) =>
          f && { against: f.against, games: f.games, winRate: f.winRate, ci95: [...f.ci95] };
        // Cards change only with a release: let browsers and proxies keep them for an hour.
        void reply.header('cache-control', 'public, max-age=3600');
        return {
          short: {
            lines: [...short.lines],
            numbers: short.numbers.length,
            tuned: short.tuned,
            figure: figureOf(short.figure),
          },
          lines: [...r.value.lines],
          grids: r.value.grids.map((g) => ({
            line: g.line,
            lead: g.lead,
            grids: g.grids.map((x) => ({
              caption: x.caption,
              rowsBy: x.rowsBy,
              dice: [...x.dice],
              rows: x.rows.map((row) => ({
                label: row.label,
                short: row.short,
                cells: [...row.cells],
              })),
            })),
          })),
          tuned: r.value.tuned,
          figure: figureOf(figure),
        };
      },
    );

    const health = { hide: true, response: { 200: HealthSchema, 503: ErrorBodySchema } };
    app.get('/healthz', { schema: health }, async () => ({ ok: true as const }));
    app.get('/readyz', { schema: health }, async (_req, reply) => {
      const ok = await ready().catch(() => false);
      if (ok) return reply.code(200).send({ ok });
      return reply.code(503).send({ code: 'NOT_READY', message: 'The server is not ready.' });
    });
    // Metrics tell an outsider how busy the server is and which games run: off unless configured.
    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      if (access.mode === 'off') {
        return reply
          .code(404)
          .send({ code: 'NOT_FOUND', message: 'Metrics are off (set ZILCH_METRICS).' });
      }
      if (access.mode === 'token' && !holdsToken(req.headers.authorization, access.token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ code: 'UNAUTHORIZED', message: 'Metrics need `Authorization: Bearer <token>`.' });
      }
      reply.header('content-type', metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  };
}
