import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PRESETS } from '@zilch/engine';
import { apiGame, forceDice, holdToken } from './helpers.ts';

// Issue 22, items 3 and 5: the turn log and the header's "Your move" badge follow what the table
// shows (a roll's line comes when its dice land; the badge lights when the player's turn is on
// screen, not while the bot's turn before it is still played back), and a tap on the dice while
// they tumble is kept, marked, and applied when they land.

const ZILCH6 = [2, 3, 4, 6, 2, 3];
const BOT = 'Cautious bot 2';

interface Sample {
  t: number;
  heading: string;
  rolling: boolean;
  log: string;
  badge: boolean;
  early: number;
}

/** Samples the table every frame into `window.__samples`. */
async function record(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__samples = [];
    const take = () => {
      window.__samples.push({
        t: performance.now(),
        heading: document.querySelector('main h1')?.textContent ?? '',
        rolling: document.querySelector('[data-rolling=true]') !== null,
        log: document.querySelector('.log')?.textContent ?? '',
        badge: document.querySelector('[data-testid=your-move-badge]') !== null,
        early: document.querySelectorAll('.tray .die.early').length,
      });
      requestAnimationFrame(take);
    };
    take();
  })()`);
}

const samples = (page: Page) => page.evaluate('window.__samples') as Promise<Sample[]>;

/** The longest run of consecutive samples (in ms) for which `bad` holds. */
function longest(rec: Sample[], bad: (s: Sample) => boolean): number {
  let worst = 0;
  let from: number | null = null;
  for (const s of rec) {
    if (bad(s)) {
      from ??= s.t;
      worst = Math.max(worst, s.t - from);
    } else from = null;
  }
  return worst;
}

test("the log tells a roll when its dice land; the badge lights when the player's turn shows", async ({
  page,
  request,
}) => {
  const { gameId, token } = await apiGame(request, { ...PRESETS.classic, firstPlayer: 'seat-1' }, [
    'cautious',
  ]);
  // This page zilches; the bot rolls, keeps the 1 and the 5, rolls again and zilches.
  await forceDice(request, gameId, [ZILCH6, [1, 5, 2, 3, 4, 6], [2, 3, 4, 6]]);
  await holdToken(page, gameId, 0, token);
  await page.goto(`/t/${gameId}`);
  await expect(page.getByRole('heading', { name: 'Your turn', exact: true })).toBeVisible();
  await expect(page.getByText('● connected')).toBeVisible();
  await expect(page.getByTestId('your-move-badge')).toBeVisible();
  await record(page);
  await page.getByTestId('roll').click();
  await expect(page.getByText(new RegExp(`${BOT} rolled 1 5 2 3 4 6.*zilch`))).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('heading', { name: 'Your turn', exact: true })).toBeVisible();
  await expect(page.getByTestId('your-move-badge')).toBeVisible();
  const rec = await samples(page);

  // Each roll's line shows only once no die is tumbling.
  for (const roll of ['You rolled 2 3 4 6 2 3', `${BOT} rolled 1 5 2 3 4 6`]) {
    const first = rec.findIndex((s) => s.log.includes(roll));
    expect(first, `"${roll}" logged`).toBeGreaterThan(0);
    expect(rec[first]?.rolling, `"${roll}" logged after its dice landed`).toBe(false);
    expect(
      rec.slice(0, first).some((s) => s.rolling),
      `the dice of "${roll}" tumbled before it was logged`,
    ).toBe(true);
  }
  // The bot's turn was on show without the badge (a frame or two of lag allowed), and the badge
  // never lit while the table showed anyone else's turn.
  expect(rec.some((s) => s.heading === `${BOT}'s turn` && !s.badge)).toBe(true);
  expect(
    longest(rec, (s) => s.badge && s.heading !== 'Your turn'),
    "ms the badge lit during the bot's turn",
  ).toBeLessThanOrEqual(100);
  expect(
    longest(rec, (s) => !s.badge && s.heading === 'Your turn'),
    'ms the badge lagged behind the turn',
  ).toBeLessThanOrEqual(300);
});

/**
 * One attempt: rolls, taps dice 1 and 2 and presses 3 as soon as the dice start to tumble, and
 * checks the three are chosen once they land. Says whether all three inputs came in the tumble
 * and were shown there (a loaded machine may be too slow for that within the 0.95 s tumble).
 */
async function tapDuringTumble(
  page: Page,
  request: APIRequestContext,
): Promise<{ inTumble: boolean; line: string }> {
  const { gameId, token } = await apiGame(request, { ...PRESETS.classic, firstPlayer: 'seat-1' }, [
    'cautious',
  ]);
  await forceDice(request, gameId, [[1, 5, 5, 3, 4, 6]]);
  await holdToken(page, gameId, 0, token);
  await page.goto(`/t/${gameId}`);
  await expect(page.getByRole('heading', { name: 'Your turn', exact: true })).toBeVisible();
  await record(page);
  // Aimed straight at the dice's centres, found by a watcher set before the roll that answers as
  // the tumble starts, and the three inputs sent together: on a loaded machine each round trip
  // to the browser can take a few hundred ms, and one after another they outlasted the 0.95 s
  // tumble. A watcher that saw no tumble in 5 s answers null: this attempt is lost.
  const seen = page.evaluate(`new Promise((done) => {
    const until = Date.now() + 5000;
    const look = () => {
      const dice = [...document.querySelectorAll('[data-rolling=true] button.die')];
      if (dice.length === 0) return Date.now() > until ? done(null) : requestAnimationFrame(look);
      done(dice.map((d) => {
        const b = d.getBoundingClientRect();
        return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      }));
    };
    look();
  })`) as Promise<{ x: number; y: number }[] | null>;
  await page.getByTestId('roll').tap();
  const at = await seen;
  if (!at) return { inTumble: false, line: '' };
  await Promise.all([
    page.touchscreen.tap(at[0]?.x ?? 0, at[0]?.y ?? 0),
    page.touchscreen.tap(at[1]?.x ?? 0, at[1]?.y ?? 0),
    page.keyboard.press('3'),
  ]);
  const during = (await page.evaluate(`({
    rolling: document.querySelector('[data-rolling=true]') !== null,
    line: document.querySelector('[data-testid=selection]')?.textContent ?? '',
  })`)) as { rolling: boolean; line: string };
  // Landed: the three dice are chosen and scored, whenever the inputs came.
  await expect(page.getByTestId('selection')).toContainText('+200');
  for (const i of [1, 2, 3])
    await expect(page.getByRole('button', { name: new RegExp(`^Die ${i}:`) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  await expect(page.getByTestId('roll')).toHaveText('Keep & roll 3 dice');
  const rec = await samples(page);
  // Marked while they tumbled: the three dice apart from a chosen one, and the line says so.
  const marked = rec.some((s) => s.rolling && s.early === 3);
  return { inTumble: during.rolling && marked, line: during.line };
}

test('a tap while the dice tumble is kept, marked, and applied when they land', async ({
  browser,
  request,
}) => {
  // Up to eight attempts: on a loaded machine an attempt's inputs may all come after the tumble.
  test.setTimeout(200_000);
  const ctx = await browser.newContext({
    viewport: { width: 375, height: 667 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await ctx.newPage();
  // A tumble of 4 s, not 0.95 s: on loaded cores a round trip to the browser alone can take a
  // few hundred ms, and the inputs must come while the dice tumble.
  await page.addInitScript('window.__zilchTumbleMs = 4000');
  let shown: { inTumble: boolean; line: string } = { inTumble: false, line: '' };
  for (let attempt = 0; attempt < 8 && !shown.inTumble; attempt++)
    shown = await tapDuringTumble(page, request);
  expect(shown.inTumble, 'the inputs came, and showed, while the dice tumbled').toBe(true);
  expect(shown.line).toMatch(/3 dice chosen as they land/);
  await ctx.close();
});
