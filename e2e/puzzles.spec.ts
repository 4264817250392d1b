import { expect, test, type APIRequestContext } from '@playwright/test';
import { legalActions, preset, type GameState } from '@zilch/engine';
import { expectAccessible, holdToken, shoot } from './helpers.ts';

// Issue 25, item 3: from a finished game's review to "learn from your mistakes", then on from
// its end to the puzzles: a rated puzzle that fits one phone screen, its answer with every
// option's win chance and the rating change, the next one, and the daily puzzle; at 375 and
// 1280 px. The server makes its puzzle bank from self-play at start (ZILCH_PUZZLE_SECONDS).

// A small target: the server's exact solve of these rules takes seconds.
const RULES = { ...preset('serendipity-creak'), target: 1500, firstPlayer: 'seat-1' };

/** A finished game: seat 0 played the listed legal moves in turn (often poor ones) against the random bot. */
async function playedGame(request: APIRequestContext) {
  const created = await request.post('/api/games', {
    data: {
      rules: RULES,
      seats: [
        { kind: 'human', name: 'Learner' },
        { kind: 'bot', bot: 'random' },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const c = (await created.json()) as { gameId: string; seats: { token: string }[] };
  const token = c.seats[0]!.token;
  await request.post(`/api/games/${c.gameId}/claim`, { data: { token, name: 'Learner' } });
  for (let i = 0; i < 2000; i++) {
    const v = (await (await request.get(`/api/games/${c.gameId}`)).json()) as {
      status: string;
      seq: number;
      state: GameState;
    };
    if (v.status === 'over') return { gameId: c.gameId, token };
    if (v.state.current !== 0) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    const legal = legalActions(v.state);
    const { seat: _seat, ...action } = legal[v.seq % legal.length]!;
    await request.post(`/api/games/${c.gameId}/actions`, {
      data: { token, clientId: `e${v.seq}`, action },
    });
  }
  throw new Error('the game did not end');
}

/** Waits for the server's start-up bank of the default preset. */
async function bankReady(request: APIRequestContext) {
  await expect
    .poll(
      async () => {
        const b = (await (await request.get('/api/puzzles/banks')).json()) as {
          banks: { preset: string; puzzles: number }[];
        };
        return b.banks.find((x) => x.preset === 'serendipity-creak')?.puzzles ?? 0;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBeGreaterThan(0);
}

for (const width of [375, 1280]) {
  test(`review, mistakes, then puzzles at ${width} px`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const phone = width < 500;
    const { gameId, token } = await playedGame(request);
    await holdToken(page, gameId, 0, token);
    await page.setViewportSize({ width, height: phone ? 667 : 900 });

    await page.goto(`/t/${gameId}/review`);
    const learn = page.getByTestId('accuracy').getByTestId('learn-link');
    await expect(learn).toBeVisible({ timeout: 60_000 });
    await learn.click();
    await expect(page).toHaveURL(new RegExp(`/t/${gameId}/mistakes$`));
    await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible({ timeout: 60_000 });
    // Through every question to the end, where the puzzles are offered.
    const done = page.getByTestId('mistakes-done');
    for (let i = 0; i < 100 && !(await done.isVisible()); i++) {
      const q = page.getByTestId('question');
      await q.getByRole('group', { name: 'Your options' }).getByRole('button').first().click();
      await q.getByRole('button', { name: 'Next' }).click();
    }
    await expect(done).toBeVisible();
    await bankReady(request);
    await done.getByRole('link', { name: 'Try puzzles' }).click();

    await expect(page).toHaveURL(/\/puzzles$/);
    const pz = page.getByTestId('puzzle');
    await expect(pz.getByRole('heading', { name: 'What do you do?' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByTestId('puzzle-rating')).toContainText('Your rating 1500 (this device)');
    const options = pz.getByRole('group', { name: 'Your options' }).getByRole('button');
    const n = await options.count();
    expect(n).toBeGreaterThan(1);
    expect(n).toBeLessThanOrEqual(6);
    // One phone screen: the last option is in view without scrolling.
    const last = await options.last().boundingBox();
    expect(last!.y + last!.height).toBeLessThanOrEqual(phone ? 667 : 900);
    await expectAccessible(page, `a puzzle at ${width} px`);

    await options.first().click();
    const verdict = page.getByTestId('puzzle-verdict');
    await expect(verdict.getByRole('status')).toContainText(/(Right|Not quite).*Rating [+−]\d+/);
    // Every option now shows its win chance, the best marked.
    for (let i = 0; i < n; i++) await expect(options.nth(i)).toContainText('%');
    await expect(pz.getByLabel('best')).toHaveCount(1);
    // Where it comes from: this bank is self-play's, or a stored game's (the day, never a name).
    await expect(verdict.getByTestId('puzzle-source')).toHaveText(
      /^From (self-play|a game played on .+)\.$/,
    );
    const stored = await page.evaluate(() => localStorage.getItem('zilch.puzzleRating'));
    expect(JSON.parse(stored ?? 'null')?.rating).not.toBe(1500);
    const next = verdict.getByRole('button', { name: 'Next puzzle' });
    const after = await next.boundingBox();
    expect(after!.y + after!.height).toBeLessThanOrEqual(phone ? 667 : 900);
    await expectAccessible(page, `a puzzle's answer at ${width} px`);
    // The answer screen: position, every option's win chance, the rating change, "next".
    if (phone) await shoot(page, 'puzzle-375', true);
    await next.click();
    await expect(page.getByTestId('puzzle-verdict')).toHaveCount(0);
    await expect(pz.getByRole('heading', { name: 'What do you do?' })).toBeVisible();
    await expect(page.getByTestId('puzzle-rating')).not.toContainText('Your rating 1500 ');

    // The daily puzzle, the same for everyone, linked from home.
    await page.goto('/');
    await page.getByRole('link', { name: "today's puzzle" }).click();
    await expect(page).toHaveURL(/\/puzzles\/daily$/);
    await expect(page.getByRole('heading', { name: 'Daily puzzle' })).toBeVisible();
    const daily = (await (await request.get('/api/puzzles/daily')).json()) as {
      options: { label: string }[];
    };
    await expect(pz.getByRole('group', { name: 'Your options' }).getByRole('button')).toHaveText(
      daily.options.map((o) => o.label),
    );
  });
}
