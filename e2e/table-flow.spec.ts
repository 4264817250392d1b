import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { apiGame, expectAccessible, forceDice, holdToken, peopleGame, SHOTS } from './helpers.ts';

// Issue 11, items 2, 4, 5 and 8: a turn you can watch, the final round, neutral choices and the
// table's smaller promises (one message, the phone scoreboard, the end of the game).

const ZILCH6 = [2, 3, 4, 6, 2, 3];
const BOT = 'Cautious bot 2';

/** A preset's rules as the server describes them, with changes. */
async function presetRules(
  request: APIRequestContext,
  id: string,
  change: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const r = await request.get('/api/rules');
  const body = (await r.json()) as { presets: { id: string; rules: Record<string, unknown> }[] };
  const found = body.presets.find((p) => p.id === id);
  if (!found) throw new Error(`no preset ${id}`);
  return { ...found.rules, firstPlayer: 'seat-1', ...change };
}

/** A game against the cautious bot, seat 1 (this page's) starting, with its rolls forced. */
async function botGame(
  page: Page,
  request: APIRequestContext,
  rules: Record<string, unknown>,
  rolls: number[][],
  query = '',
): Promise<string> {
  const { gameId, token } = await apiGame(request, rules, ['cautious']);
  await forceDice(request, gameId, rolls);
  await holdToken(page, gameId, 0, token);
  await page.goto(`/t/${gameId}${query}`);
  await expect(page.getByRole('heading', { name: 'Your turn', exact: true })).toBeVisible();
  // Joined over the socket: the updates that follow this page's moves arrive as they happen.
  await expect(page.getByText('● connected')).toBeVisible();
  return gameId;
}

/** One sample of what the table shows, taken every animation frame by `record`. */
interface Sample {
  t: number;
  heading: string;
  banner: string;
  tumbling: number;
  highlighted: number;
  rolling: boolean;
  log: string;
}

/** Starts sampling the table every frame into `window.__samples`. */
async function record(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__samples = [];
    const take = () => {
      window.__samples.push({
        t: performance.now(),
        heading: document.querySelector('h1')?.textContent ?? '',
        banner: document.querySelector('[data-testid=banner]')?.textContent ?? '',
        tumbling: document.getAnimations().filter(
          (a) => a.animationName === 'tumble' && a.playState === 'running',
        ).length,
        highlighted: document.querySelectorAll('.tray .die.selected').length,
        rolling: document.querySelector('[data-rolling=true]') !== null,
        log: document.querySelector('.log')?.textContent ?? '',
      });
      requestAnimationFrame(take);
    };
    take();
  })()`);
}

const samples = (page: Page) => page.evaluate('window.__samples') as Promise<Sample[]>;

test("a bot's turn plays at a human pace: its dice land, its keep shows, then it rolls or banks", async ({
  page,
  request,
}) => {
  // This page zilches; the bot then rolls 1 5 …, keeps and banks (cautious), all within ~0.1 s
  // on the server (ZILCH_BOT_DELAY_MS=60): the table has to pace it.
  await botGame(page, request, await presetRules(request, 'classic'), [
    ZILCH6,
    [1, 5, 2, 3, 4, 6],
    [2, 3, 4, 6],
  ]);
  await record(page);
  await page.getByTestId('roll').click();

  // The bot's keep is shown as its selection before it is set aside: take the pictures then.
  const highlight = page.locator('.tray .die.selected').first();
  await expect(highlight).toBeVisible();
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'bot-keep.png') });
  await expect(page.getByTestId('play-line')).toContainText(/keeps/);
  await expect(page.getByText(new RegExp(`${BOT} (rolled|kept).*(banked|zilch)`))).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('heading', { name: 'Your turn', exact: true })).toBeVisible();
  const rec = await samples(page);

  // The zilch and the turn change came only once the dice had landed.
  const zilch = rec.findIndex((s) => s.banner.includes('Zilch!'));
  expect(zilch, 'the zilch banner showed').toBeGreaterThan(0);
  expect(
    rec.slice(0, zilch).some((s) => s.tumbling > 0),
    'the dice tumbled first',
  ).toBe(true);
  expect(rec[zilch]?.tumbling, 'no die still tumbling when "Zilch!" shows').toBe(0);
  const turned = rec.findIndex((s) => s.heading.includes(BOT));
  expect(turned).toBeGreaterThan(0);
  expect(rec[turned]?.tumbling, 'the turn passes once the dice are down').toBe(0);

  // The keep stayed highlighted at least 0.7 s, after the bot's roll had landed and before its
  // next move (the log shows no bank or next roll while the keep is on show).
  const lit = rec.filter((s) => s.highlighted > 0);
  expect(lit.length).toBeGreaterThan(0);
  const first = lit[0] as Sample;
  const last = lit[lit.length - 1] as Sample;
  expect(last.t - first.t, 'keep highlighted ≥ 0.7 s').toBeGreaterThanOrEqual(700);
  expect(lit.every((s) => s.tumbling === 0)).toBe(true);
  expect(first.log).not.toMatch(new RegExp(`${BOT}.*kept`));
  // Everything was said in the live play-by-play line too (screen readers).
  await expect(page.getByTestId('play-line')).toHaveAttribute('aria-live', 'polite');
});

test('375 px, reduced motion: the scoreboard above the fold, a bot keep shown (screenshot), no step skipped', async ({
  browser,
  request,
}) => {
  const ctx = await browser.newContext({
    viewport: { width: 375, height: 667 },
    hasTouch: true,
    isMobile: true,
    reducedMotion: 'reduce',
  });
  const page = await ctx.newPage();
  await botGame(page, request, await presetRules(request, 'classic'), [
    ZILCH6,
    [1, 5, 2, 3, 4, 6],
    [2, 3, 4, 6],
  ]);
  // The scores are on screen without scrolling on a phone.
  for (const seat of ['seat-0', 'seat-1']) {
    const box = await page.getByTestId(seat).boundingBox();
    expect(box, `${seat} laid out`).not.toBeNull();
    expect((box?.y ?? 999) + (box?.height ?? 0), `${seat} above the fold`).toBeLessThanOrEqual(667);
  }
  await record(page);
  await page.getByTestId('roll').tap();
  await expect(page.locator('.tray .die.selected').first()).toBeVisible();
  // Mid-turn, the fast-forward is offered (its use is checked on the desktop below).
  await expect(page.getByTestId('fast-forward')).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'bot-keep-375.png') });
  await expect(page.getByRole('heading', { name: 'Your turn', exact: true })).toBeVisible({
    timeout: 20_000,
  });
  // Reduced motion: no tumble, but the rolling moment is still shown, and the keep still stays.
  const rec = await samples(page);
  expect(rec.some((s) => s.rolling)).toBe(true);
  expect(rec.every((s) => s.tumbling === 0)).toBe(true);
  const lit = rec.filter((s) => s.highlighted > 0);
  expect((lit[lit.length - 1]?.t ?? 0) - (lit[0]?.t ?? 0)).toBeGreaterThanOrEqual(700);
  await expectAccessible(page, 'table after a bot turn at 375 px');
  await ctx.close();
});

test('final round: the last-turn line, a confirm before a losing bank, then a clear game over', async ({
  page,
  request,
}) => {
  // Target 1,000: this page zilches, the bot keeps four 1s (2,000) and banks: final round.
  await botGame(page, request, await presetRules(request, 'classic', { target: 1000 }), [
    ZILCH6,
    [1, 1, 1, 1, 2, 3],
    [1, 2, 3, 4, 6, 6],
  ]);
  await page.getByTestId('roll').click();
  await expect(page.getByRole('heading', { name: 'Your turn', exact: true })).toBeVisible({
    timeout: 20_000,
  });
  const line = page.getByTestId('last-turn');
  await expect(line).toHaveText(/Last turn: you need 2,050 to win \(2,000 to tie\)\./);
  await page.getByTestId('roll').click();
  await expect(page.getByRole('button', { name: 'Die 1: one' })).toBeEnabled();
  await page.keyboard.press('1');
  await expect(page.getByTestId('bank')).toHaveText('Keep & bank 100');
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(SHOTS, 'final-round.png') });

  // A bank that cannot win asks first; Escape (the keyboard) keeps playing.
  await page.keyboard.press('b');
  const dialog = page.getByRole('dialog', { name: 'Bank and lose?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("short of the leader's 2,000");
  await expect(dialog.getByRole('button', { name: 'Keep playing' })).toBeFocused();
  await expectAccessible(page, 'confirm a losing bank');
  await page.screenshot({ path: test.info().outputPath('confirm-bank.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('game-over')).toHaveCount(0);
  await page.getByTestId('bank').click();
  await dialog.getByRole('button', { name: 'Bank anyway' }).click();

  // Game over: the winner, every score, rematch and review; no turn total left on show.
  const over = page.getByTestId('game-over');
  await expect(over).toContainText(`${BOT} wins`);
  await expect(page.getByTestId('final-scores')).toContainText('2,000');
  await expect(page.getByTestId('final-scores')).toContainText('100');
  await expect(over.getByRole('button', { name: 'Rematch' })).toBeVisible();
  await expect(over.getByRole('link', { name: 'Review the game' })).toBeVisible();
  await expect(page.getByTestId('running-total')).toHaveCount(0);
  await expect(page.getByText(/Running total/)).toHaveCount(0);
  await expect(page.getByTestId('last-turn')).toHaveCount(0);
  await expectAccessible(page, 'game over');
  await page.screenshot({ path: join(SHOTS, 'game-over.png') });
});

test('the final-round line at 375 px (screenshot)', async ({ browser, request }) => {
  const ctx = await browser.newContext({
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await ctx.newPage();
  await botGame(page, request, await presetRules(request, 'classic', { target: 1000 }), [
    ZILCH6,
    [1, 1, 1, 1, 2, 3],
  ]);
  await page.getByTestId('roll').tap();
  await expect(page.getByTestId('last-turn')).toHaveText(/you need 2,050 to win/, {
    timeout: 20_000,
  });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(SHOTS, 'final-round-375.png') });
  await ctx.close();
});

test("the offer's two choices look alike; with the coach on, its pick is marked", async ({
  page,
  request,
}) => {
  // This page zilches; the bot keeps three 1s (1,000) and banks, offering 1,000 with 3 dice.
  await botGame(page, request, await presetRules(request, 'serendipity-creak'), [
    ZILCH6,
    [1, 1, 1, 2, 3, 4],
  ]);
  await page.getByTestId('roll').click();
  const offer = page.getByTestId('offer');
  await expect(offer).toContainText('1,000 points with 3 dice', { timeout: 20_000 });
  const fresh = page.getByTestId('offer-fresh');
  const inherit = page.getByTestId('offer-inherit');
  await expect(fresh).not.toHaveClass(/primary/);
  await expect(inherit).not.toHaveClass(/primary/);
  const look = (el: typeof fresh) =>
    el.evaluate(
      '(b) => { const c = getComputedStyle(b); return [c.backgroundColor, c.color, c.borderColor, c.fontWeight].join(); }',
    ) as Promise<string>;
  expect(await look(fresh)).toBe(await look(inherit));
  await expect(page.getByTestId('coach-pick')).toHaveCount(0);

  await page.getByRole('checkbox', { name: /Coach/ }).check();
  await expect(page.getByTestId('coach-pick')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId('coach-pick')).toHaveText("★ Coach's pick");
  // The pick is the coach's best option.
  const best = (await page.locator('.advice li.best .advice-label').textContent()) ?? '';
  const picked = (await page.locator('.offer .btn.picked').textContent()) ?? '';
  expect(/fresh/i.test(best)).toBe(/fresh/i.test(picked));
  // The coach never says it is unavailable when its win % is only being prepared.
  await expect(page.getByTestId('coach-unavailable')).toHaveCount(0);
});

test('fast-forward shows the queued moves of the other players at once', async ({
  page,
  request,
}) => {
  // The guided game's zilch tip holds the bot's whole turn in the queue: skip it all.
  await botGame(
    page,
    request,
    await presetRules(request, 'classic'),
    [ZILCH6, [1, 5, 2, 3, 4, 6], [2, 3, 4, 6]],
    '?guide=1',
  );
  await page.getByTestId('roll').click();
  await expect(page.getByTestId('tip')).toContainText('Zilch');
  const skip = page.getByTestId('fast-forward');
  await expect(skip).toBeVisible();
  await skip.click({ timeout: 5_000 });
  await expect(page.getByRole('heading', { name: 'Your turn', exact: true })).toBeVisible({
    timeout: 1_500,
  });
  await expect(page.locator('.log')).toContainText(`${BOT} rolled 1 5 2 3 4 6`);
  await expect(skip).toBeHidden();
});

test('guided game: a tip stays until dismissed, and the bot waits for it', async ({
  page,
  request,
}) => {
  await botGame(
    page,
    request,
    await presetRules(request, 'classic'),
    [ZILCH6, [1, 5, 2, 3, 4, 6], [2, 3, 4, 6]],
    '?guide=1',
  );
  const tip = page.getByTestId('tip');
  await expect(tip).toContainText('Your turn');
  await page.getByTestId('roll').click();
  await expect(tip).toContainText('Zilch');
  // Long after the zilch, the tip is still up and the bot has not rolled.
  await page.waitForTimeout(3000);
  await expect(tip).toContainText('Zilch');
  await expect(page.locator('.log')).not.toContainText(`${BOT} rolled`);
  await tip.getByRole('button', { name: 'Got it' }).click();
  await expect(page.locator('.log')).toContainText(`${BOT} rolled`, { timeout: 20_000 });
});

test('an illegal selection is explained once, not under every button', async ({
  page,
  request,
}) => {
  await botGame(page, request, await presetRules(request, 'classic'), [[1, 2, 3, 4, 6, 6]]);
  await page.getByTestId('roll').click();
  await expect(page.getByRole('button', { name: 'Die 2: two, does not score' })).toBeEnabled();
  await page.keyboard.press('2');
  const selection = page.getByTestId('selection');
  await expect(selection).toContainText('Not a scoring selection:');
  const why = ((await selection.textContent()) ?? '').split('Not a scoring selection:')[1]?.trim();
  expect(why).toBeTruthy();
  const body = (await page.locator('body').innerText()).split(why as string).length - 1;
  expect(body, `"${why}" shown once`).toBe(1);
  await expect(page.getByTestId('roll')).toBeDisabled();
  await expect(page.getByTestId('bank')).toBeDisabled();
});

test('two people: the one who sat down first sees every turn in the log, without a reload', async ({
  page,
  request,
}) => {
  const { gameId, tokens } = await peopleGame(
    request,
    await presetRules(request, 'classic'),
    ['Ann', 'Ben'],
    1,
  );
  const [ann, ben] = [tokens[0] as string, tokens[1] as string];
  const claim = (token: string, name: string) =>
    request.post(`/api/games/${gameId}/claim`, { data: { token, name } });
  await forceDice(request, gameId, [ZILCH6, [1, 2, 3, 4, 6, 6], [2, 3, 4, 6, 6]]);
  await holdToken(page, gameId, 0, ann);
  await page.goto(`/t/${gameId}`);
  await expect(page.getByRole('heading', { name: 'Waiting for players' })).toBeVisible();
  await expect(page.getByText('● connected')).toBeVisible();
  // Ben sits down while Ann watches: the game starts (its first events come at seq 0).
  expect((await claim(ben, 'Ben')).ok()).toBe(true);
  await expect(page.getByRole('heading', { name: 'Your turn', exact: true })).toBeVisible();
  await page.getByTestId('roll').click();
  await expect(page.getByRole('heading', { name: "Ben's turn" })).toBeVisible();
  // Ben plays from elsewhere: a roll, a keep of the 1, a roll of five dice and a zilch.
  const act = async (action: Record<string, unknown>, id: string) => {
    const r = await request.post(`/api/games/${gameId}/actions`, {
      data: { token: ben, clientId: id, action },
    });
    expect(r.ok(), await r.text()).toBe(true);
  };
  await act({ type: 'roll' }, 'ben-1');
  await act({ type: 'keep', dice: [0], then: 'roll' }, 'ben-2');
  const log = page.locator('.log');
  // Ann's own turns read "You" on her page, as on the felt.
  await expect(log).toContainText('You rolled 2 3 4 6 2 3 — zilch');
  await expect(log).toContainText('Ben rolled 1 2 3 4 6 6, kept 1 for 100', { timeout: 15_000 });
  await expect(log).toContainText('rolled 2 3 4 6 6 — zilch, lost 100');
  await expect(page.getByRole('heading', { name: 'Your turn', exact: true })).toBeVisible();
});

test('a turn timer that runs out says so', async ({ page, request }) => {
  const { gameId, token } = await apiGame(
    request,
    await presetRules(request, 'classic'),
    ['cautious'],
    'Tester',
    { turnTimerSeconds: 5 },
  );
  await forceDice(request, gameId, [ZILCH6]);
  await holdToken(page, gameId, 0, token);
  await page.goto(`/t/${gameId}`);
  await expect(page.getByRole('heading', { name: 'Your turn', exact: true })).toBeVisible();
  // Tester is this page's seat, so the banner speaks to them (issue 22).
  await expect(page.getByTestId('banner')).toHaveText('Time ran out — your turn passed.', {
    timeout: 15_000,
  });
  await expect(page.locator('.log')).toContainText('You — ran out of time');
});

test('hot-seat: every seat held on this device shows as present, none "offline"', async ({
  page,
  request,
}) => {
  const { gameId, tokens } = await peopleGame(request, await presetRules(request, 'classic'), [
    'Ann',
    'Ben',
  ]);
  const held = JSON.stringify({ [gameId]: { id: gameId, tokens: { ...tokens }, savedAt: 1 } });
  await page.addInitScript(`localStorage.setItem('zilch.games', ${JSON.stringify(held)});`);
  await page.goto(`/t/${gameId}`);
  await expect(page.getByRole('heading', { name: "Ann's turn — pass the device" })).toBeVisible();
  for (const seat of ['seat-0', 'seat-1'])
    await expect(page.getByTestId(seat)).toContainText('on this device');
  await expect(page.getByText('offline')).toHaveCount(0);
});
