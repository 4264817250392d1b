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
  ErrorBodySchema,
  HealthSchema,
  RulesAnswerSchema,
  type Advice,
} from '@zilch/protocol';
import type { Advice as Ranked } from '@zilch/strategy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adviceFor } from '../../bots/bot-source.ts';
import type { Metrics } from '../../metrics/metrics.ts';

const refusals = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema } as const;

/**
 * The advisor's ranking as the protocol sends it. Its moves are typed as any seatless action, but
 * it only ranks moves a player may send: `timeout` (the server's alone) never occurs and is dropped.
 */
function wireAdvice(ranked: Ranked): Advice {
  return {
    kind: ranked.kind,
    options: ranked.options.flatMap(({ move, ...o }) =>
      move.type === 'timeout' ? [] : [{ ...o, move }],
    ),
  };
}

/** Rules, advice, health, readiness and metrics. */
export function metaRoutes(metrics: Metrics, ready: () => Promise<boolean>): FastifyPluginAsyncZod {
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
        schema: {
          tags: ['coach'],
          summary: 'Rank the options of a position (from @zilch/strategy)',
          body: AdviceBodySchema,
          response: { 200: AdviceSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const rules = parseRules(req.body.state.rules);
        if (!rules.ok)
          return reply.code(400).send({ code: 'BAD_STATE', message: rules.error.message });
        try {
          // The advisor validates the state it is given; a malformed one is the caller's fault.
          const state = { ...req.body.state, rules: rules.rules } as unknown as GameState;
          return wireAdvice(adviceFor(state, req.body.mode ?? 'auto'));
        } catch (e) {
          return reply.code(400).send({
            code: 'BAD_STATE',
            message: `The advisor could not read this state: ${String(e instanceof Error ? e.message : e)}`,
          });
        }
      },
    );

    const health = { hide: true, response: { 200: HealthSchema, 503: ErrorBodySchema } };
    app.get('/healthz', { schema: health }, async () => ({ ok: true as const }));
    app.get('/readyz', { schema: health }, async (_req, reply) => {
      const ok = await ready().catch(() => false);
      if (ok) return reply.code(200).send({ ok });
      return reply.code(503).send({ code: 'NOT_READY', message: 'The server is not ready.' });
    });
    app.get('/metrics', { schema: { hide: true } }, async (_req, reply) => {
      reply.header('content-type', metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  };
}
