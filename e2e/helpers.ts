import { AxeBuilder } from '@axe-core/playwright';
import { expect, type APIRequestContext, type CDPSession, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Where the screenshots of the main screens go: docs/screenshots (shown in the README) when
 * ZILCH_UPDATE_SCREENSHOTS=1 asks to refresh them, else the run's sandbox, so `npm test` leaves the
 * clone as it was.
 */
export const SHOTS =
  process.env.ZILCH_UPDATE_SCREENSHOTS === '1'
    ? join(import.meta.dirname, '..', 'docs', 'screenshots')
    : join(process.env.ZILCH_TEST_SANDBOX ?? 'test-results', 'screenshots');

/** Saves a screenshot under SHOTS: the full page, or only the screen with `screen`. */
export async function shoot(page: Page, name: string, screen = false): Promise<void> {
  const path = join(SHOTS, `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  // Let the dice finish their tumble so the picture shows the faces that landed.
  await page.waitForTimeout(900);
  await page.screenshot({ path, fullPage: !screen });
}

/** Fails on any serious or critical axe-core finding on the page as it is now. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(bad, `axe findings on ${what}`).toEqual([]);
}

/** Queues the next rolls of a game (the server runs with ZILCH_TEST_DICE=1). */
export async function forceDice(
  request: APIRequestContext,
  gameId: string,
  rolls: number[][],
): Promise<void> {
  const r = await request.post(`/api/test/games/${gameId}/dice`, { data: { rolls } });
  expect(r.ok(), await r.text()).toBe(true);
}

/** The game id in a table URL. */
export function gameIdOf(url: string): string {
  const m = /\/t\/([^/?#]+)/.exec(url);
  if (!m?.[1]) throw new Error(`no game id in ${url}`);
  return m[1];
}

/** Creates a game over the API with one human seat and bots, claims the seat, and returns its token. */
export async function apiGame(
  request: APIRequestContext,
  rules: unknown,
  bots: string[],
  name = 'Tester',
  table: { turnTimerSeconds?: number } = {},
): Promise<{ gameId: string; token: string }> {
  const created = await request.post('/api/games', {
    data: {
      rules,
      seats: [{ kind: 'human', name }, ...bots.map((bot) => ({ kind: 'bot', bot }))],
      ...table,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const c = (await created.json()) as { gameId: string; seats: { seat: number; token?: string }[] };
  const token = c.seats[0]?.token as string;
  const claim = await request.post(`/api/games/${c.gameId}/claim`, { data: { token, name } });
  expect(claim.ok(), await claim.text()).toBe(true);
  return { gameId: c.gameId, token };
}

/**
 * Creates a table of people only, one seat per name, and returns every seat's token; each seat in
 * `claimed` (default: all) is taken under its name, the rest are left for the test to take.
 */
export async function peopleGame(
  request: APIRequestContext,
  rules: unknown,
  names: string[],
  claimed: number = names.length,
): Promise<{ gameId: string; tokens: string[] }> {
  const created = await request.post('/api/games', {
    data: { rules, seats: names.map((name) => ({ kind: 'human', name })) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const c = (await created.json()) as { gameId: string; seats: { token: string }[] };
  const tokens = c.seats.map((s) => s.token);
  for (const [i, name] of names.slice(0, claimed).entries()) {
    const claim = await request.post(`/api/games/${c.gameId}/claim`, {
      data: { token: tokens[i], name },
    });
    expect(claim.ok(), await claim.text()).toBe(true);
  }
  return { gameId: c.gameId, tokens };
}

/** Puts a seat token in the page's localStorage before any script runs, as the app stores it. */
export async function holdToken(page: Page, gameId: string, seat: number, token: string) {
  const value = JSON.stringify({ [gameId]: { id: gameId, tokens: { [seat]: token }, savedAt: 1 } });
  await page.addInitScript(`localStorage.setItem('zilch.games', ${JSON.stringify(value)});`);
}

/** A virtual platform authenticator (resident keys, user verification) on a page's browser. */
export async function authenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

/** Full-page screenshots at phone (375 px) and desktop width into `dir` (none when unset): for looking at by hand. */
export async function shootWidths(
  dir: string | undefined,
  page: Page,
  name: string,
): Promise<void> {
  if (!dir) return;
  for (const [w, h, tag] of [
    [375, 740, 'phone'],
    [1280, 900, 'desktop'],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${dir}/${name}-${tag}.png`, fullPage: true });
  }
}
