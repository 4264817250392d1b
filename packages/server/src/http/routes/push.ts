import {
  PushSettingsSchema,
  PushStatusSchema,
  PushSubscribeBodySchema,
  PushUnsubscribeBodySchema,
} from '@zilch/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PushService } from '../../push/service.ts';
import { accountOnly, type CurrentUser } from '../account-only.ts';
import { refusals, refused } from './games.ts';

/**
 * Web Push routes under /api/account/push (registered inside the account routes, so they ride on
 * the session cookie and its same-origin check). Accounts only: a guest's device identity is
 * not worth waking a phone for, and signing in moves its seats to the account anyway.
 */
export function pushRoutes(push: PushService, current: CurrentUser): FastifyPluginAsyncZod {
  return async (app) => {
    const account = (req: FastifyRequest, reply: FastifyReply) =>
      accountOnly(current, req, reply, 'Notifications');

    app.get(
      '/api/account/push',
      {
        schema: {
          tags: ['push'],
          summary: "The server's VAPID key, this account's notification settings and devices",
          response: { 200: PushStatusSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const row = await account(req, reply);
        return row ? push.status(row.id) : reply;
      },
    );

    app.post(
      '/api/account/push/settings',
      {
        schema: {
          tags: ['push'],
          summary: 'Which notifications to send, and quiet hours in a time zone',
          body: PushSettingsSchema,
          response: { 200: PushStatusSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const row = await account(req, reply);
        return row ? push.saveSettings(row.id, req.body) : reply;
      },
    );

    app.post(
      '/api/account/push/subscriptions',
      {
        schema: {
          tags: ['push'],
          summary: "Receive notifications on this device (the browser's PushSubscription)",
          body: PushSubscribeBodySchema,
          response: { 200: PushStatusSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const row = await account(req, reply);
        if (!row) return reply;
        const r = await push.subscribe(row.id, req.body);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    app.post(
      '/api/account/push/unsubscribe',
      {
        schema: {
          tags: ['push'],
          summary: 'Stop notifications on this device',
          body: PushUnsubscribeBodySchema,
          response: { 200: PushStatusSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const row = await account(req, reply);
        return row ? push.unsubscribe(row.id, req.body.endpoint) : reply;
      },
    );
  };
}
