// Web Push (issue 12, item 3) in Chromium: an account turns notifications on, its subscription
// points at a push service this test runs (a browser's own push service is out of reach here),
// the opponent moves in another browser context, and the "your move" push arrives there,
// VAPID-signed and decrypted (RFC 8291). Then the app's service worker gets a push through CDP
// and shows the notification, and the open page's header counts the game at once.
import { PRESETS } from '@zilch/engine';
import { PushEndpoint } from '@zilch/testkit';
import { expect, test, type BrowserContext } from '@playwright/test';
import { authenticator, expectAccessible, forceDice, holdToken } from './helpers.ts';

// WebAuthn needs a host name (not an IP) for its RP ID.
const origin = `http://localhost:${process.env.ZILCH_E2E_PORT}`;
/** Seat 0 (Bob) starts; no offers, so his bank hands the turn straight to Ada. */
const RULES = { ...PRESETS['serendipity-creak'], firstPlayer: 'seat-1', offers: null };

test('the "your move" push reaches the player, and the service worker shows it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const push = await PushEndpoint.start();
  const contexts: BrowserContext[] = [];
  try {
    const created = await request.post(`${origin}/api/games`, {
      data: { rules: RULES, seats: [{ kind: 'human' }, { kind: 'human' }] },
    });
    expect(created.status()).toBe(201);
    const { gameId, seats } = (await created.json()) as {
      gameId: string;
      seats: { token: string }[];
    };
    const [bobToken, adaToken] = [seats[0]!.token, seats[1]!.token];
    for (const [token, name] of [
      [bobToken, 'Bob'],
      [adaToken, 'Ada'],
    ] as const) {
      const r = await request.post(`${origin}/api/games/${gameId}/claim`, {
        data: { token, name },
      });
      expect(r.ok(), await r.text()).toBe(true);
    }
    await forceDice(request, gameId, [[1, 5, 2, 3, 4, 6]]);

    // Ada: her seat on this device, made an account with a passkey (a virtual authenticator).
    const one = await browser.newContext();
    contexts.push(one);
    await one.grantPermissions(['notifications'], { origin });
    const ada = await one.newPage();
    const { cdp } = await authenticator(ada);
    await holdToken(ada, gameId, 1, adaToken);
    await ada.goto(`${origin}/me`);
    await ada.getByRole('button', { name: 'Create a passkey' }).click();
    await ada.getByRole('button', { name: 'I have saved them' }).click();
    const card = ada.locator('.notifications');
    await expect(card.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Turn on for this device' })).toBeVisible();
    // Choices save at once; quiet hours show their times in this browser's zone.
    await card.getByRole('checkbox', { name: 'Game over' }).uncheck();
    await expect(card.getByRole('status')).toHaveText('Saved.');
    await card.getByRole('checkbox', { name: 'No notifications at night' }).check();
    await expect(card.getByRole('textbox', { name: 'From' })).toHaveValue('22:00');
    await card.getByRole('checkbox', { name: 'No notifications at night' }).uncheck();
    await expectAccessible(ada, 'the notification settings');
    for (const width of [375, 1280]) {
      await ada.setViewportSize({ width, height: 800 });
      expect(await ada.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      // Looked at by hand (not committed): ZILCH_PUSH_SHOTS=/some/dir.
      if (process.env.ZILCH_PUSH_SHOTS)
        await card.screenshot({
          path: `${process.env.ZILCH_PUSH_SHOTS}/notifications-${width}.png`,
        });
    }

    // The subscription a browser would make, but pointing at the test's push service.
    const sub = push.subscription();
    const subscribed = await ada.evaluate(async (subscription) => {
      const r = await fetch('/api/account/push/subscriptions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ subscription }),
      });
      return { status: r.status, body: (await r.json()) as { devices: number } };
    }, sub);
    expect(subscribed).toMatchObject({ status: 200, body: { devices: 1 } });
    await expect(ada.getByTestId('your-move-badge')).toHaveCount(0);

    // Bob, in another browser context, plays his turn at the table.
    const two = await browser.newContext();
    contexts.push(two);
    const bob = await two.newPage();
    await holdToken(bob, gameId, 0, bobToken);
    await bob.goto(`${origin}/t/${gameId}`);
    await bob.getByTestId('roll').click();
    await bob.getByRole('button', { name: /^Die 1: one/ }).click();
    await bob.getByTestId('bank').click();

    await expect.poll(() => push.for(sub.endpoint).length, { timeout: 15_000 }).toBe(1);
    const got = push.for(sub.endpoint)[0]!;
    expect(got.payload).toEqual({
      kind: 'your-move',
      gameId,
      title: 'Your move',
      body: 'Against Bob: you have 0 points.',
      url: `/t/${gameId}`,
    });
    expect(push.refused).toEqual([]);

    // The app's service worker shows a push it is given (CDP stands in for the push service).
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) =>
      registrations.push(...e.registrations),
    );
    await cdp.send('ServiceWorker.enable');
    await ada.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await expect.poll(() => registrations.some((r) => !r.isDeleted)).toBe(true);
    const reg = registrations.find((r) => !r.isDeleted)!;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: reg.registrationId,
      data: JSON.stringify(got.payload),
    });
    await expect
      .poll(() =>
        ada.evaluate(
          `navigator.serviceWorker.ready
            .then((r) => r.getNotifications())
            .then((ns) => ns.map((n) => ({ title: n.title, body: n.body, tag: n.tag })))`,
        ),
      )
      .toEqual([
        { title: 'Your move', body: 'Against Bob: you have 0 points.', tag: `zilch-${gameId}` },
      ]);
    // The page hears of it from the worker: the header counts the game, the icon wears the badge.
    await expect(ada.getByTestId('your-move-badge')).toHaveText('Your move (1)');
    await expect(ada.locator('link[rel~="icon"]')).toHaveAttribute('href', '/icon-your-move.svg');
  } finally {
    for (const c of contexts) await c.close();
    await push.close();
  }
});
