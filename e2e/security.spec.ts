import { expect, test, type Page } from '@playwright/test';
import { apiGame, holdToken } from './helpers.ts';

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  // A string, not a function: the e2e files are type-checked without the DOM library.
  await page.addInitScript(`
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber);
    });
  `);
  return async () => [...console, ...((await page.evaluate('window.__csp || []')) as string[])];
}

test('every page runs under the CSP without a violation, and sends the security headers', async ({
  page,
  request,
}) => {
  const violations = await watchCsp(page);
  const home = await page.goto('/');
  const h = home?.headers() ?? {};
  expect(h['content-security-policy']).toContain("script-src 'self'");
  expect(h['content-security-policy']).toMatch(/style-src 'self'(;|$)/);
  expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('heading').first()).toBeVisible();

  for (const path of ['/new', '/rules']) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
  }

  // A table in play: dice, scores, the coach, reactions all render under the policy.
  const { gameId, token } = await apiGame(request, 'serendipity-creak', ['cautious']);
  await holdToken(page, gameId, 0, token);
  const table = await page.goto(`/t/${gameId}`);
  expect(table?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByTestId('score-0')).toBeVisible();
  await page.waitForTimeout(500);

  // The lazily loaded pages (charts, rule editor, fairness check) of a finished game.
  const bots = await request.post('/api/games', {
    data: {
      rules: 'serendipity-creak',
      seats: [
        { kind: 'bot', bot: 'bold' },
        { kind: 'bot', bot: 'random' },
      ],
    },
  });
  const done = ((await bots.json()) as { gameId: string }).gameId;
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/games/${done}`)).json()) as { status: string }).status,
      {
        timeout: 60_000,
      },
    )
    .toBe('over');
  for (const path of [`/t/${done}/review`, `/t/${done}/fairness`, '/rules/serendipity-creak']) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await page.waitForTimeout(300);
  }
  await page.goto('/new');
  await page.locator('summary', { hasText: 'House rules' }).click();
  // The rule editor is its own chunk, loaded on opening.
  await expect(page.getByText('Loading the house rules…')).toBeHidden();
  await expect(page.locator('details[open] select').first()).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the API docs run under their own policy', async ({ page }) => {
  const violations = await watchCsp(page);
  const docs = await page.goto('/api/docs/');
  expect(docs?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByText('Zilch API').first()).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('an invite link keeps its token out of every request URL; old ?token= links still work once', async ({
  page,
  request,
}) => {
  const created = await request.post('/api/games', {
    data: {
      rules: 'serendipity-creak',
      seats: [
        { kind: 'human', name: 'Host' },
        { kind: 'human', name: 'Guest' },
        { kind: 'human', name: 'Late' },
      ],
    },
  });
  const c = (await created.json()) as { gameId: string; seats: { token?: string }[] };
  const guest = c.seats[1]?.token as string;
  const late = c.seats[2]?.token as string;
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));

  await page.goto(`/t/${c.gameId}#seat=${guest}`);
  await expect(page.getByRole('heading', { name: 'Take your seat' })).toBeVisible();
  await page.getByLabel('Your name').fill('Guest');
  await page.getByRole('button', { name: 'Join the table' }).click();
  await expect(page.getByRole('heading', { name: 'Take your seat' })).toBeHidden();
  expect(page.url()).not.toContain(guest);

  // A link from before tokens moved to the fragment: read once, then gone from the address bar.
  await page.goto(`/t/${c.gameId}?token=${late}`);
  await expect(page.getByRole('heading', { name: 'Take your seat' })).toBeVisible();
  expect(page.url()).not.toContain(late);
  await page.getByLabel('Your name').fill('Late');
  await page.getByRole('button', { name: 'Join the table' }).click();
  await expect(page.getByRole('heading', { name: 'Take your seat' })).toBeHidden();

  // The only request that carried a token in its URL is the old link itself.
  const leaks = urls.filter((u) => u.includes(guest) || u.includes(late));
  expect(leaks).toEqual([expect.stringContaining(`/t/${c.gameId}?token=`)]);
});
