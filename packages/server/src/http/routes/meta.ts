import {
  describeRulesText,
  parseRules,
  preset,
  PRESET_IDS,
  ruleSetJsonSchema,
} from '@zilch/engine';
import type { GameState } from '@zilch/engine';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adviceFor } from '../../bots/bot-source.ts';
import type { Metrics } from '../../metrics/metrics.ts';

const ADVICE_MODES = ['auto', 'win', 'points'] as const;

/** Rules, advice, health, readiness and metrics. */
export function metaRoutes(metrics: Metrics, ready: () => Promise<boolean>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/rules',
      { schema: { tags: ['rules'], summary: 'Presets and the rule set JSON Schema' } },
      async () => ({
        presets: PRESET_IDS.map((id) => {
          const rules = preset(id);
          return { id, rules, text: describeRulesText(rules) };
        }),
        schema: ruleSetJsonSchema(),
      }),
    );

    app.post(
      '/api/advice',
      {
        schema: {
          tags: ['coach'],
          summary: 'Rank the options of a position (from @zilch/strategy)',
          body: z.object({
            state: z.record(z.string(), z.unknown()),
            mode: z.enum(ADVICE_MODES).optional(),
          }),
        },
      },
      async (req, reply) => {
        const rules = parseRules(req.body.state.rules);
        if (!rules.ok)
          return reply.code(400).send({ code: 'BAD_STATE', message: rules.error.message });
        try {
          // The advisor validates the state it is given; a malformed one is the caller's fault.
          const state = { ...req.body.state, rules: rules.rules } as unknown as GameState;
          return adviceFor(state, req.body.mode ?? 'auto');
        } catch (e) {
          return reply.code(400).send({
            code: 'BAD_STATE',
            message: `The advisor could not read this state: ${String(e instanceof Error ? e.message : e)}`,
          });
        }
      },
    );

    app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));
    app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
      const ok = await ready().catch(() => false);
      return reply
        .code(ok ? 200 : 503)
        .send(ok ? { ok } : { code: 'NOT_READY', message: 'The server is not ready.' });
    });
    app.get('/metrics', { schema: { hide: true } }, async (_req, reply) => {
      reply.header('content-type', metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  };
}
