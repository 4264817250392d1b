import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiGame, forceDice, holdToken, peopleGame } from './helpers.ts';

/** A small deterministic shuffle, so every run taps the same arrangements. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = items.slice();
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * Rolls in which every die scores, so keeping them all gives hot dice and the turn goes on.
 * Each arrangement is followed by its rotations, so every face shows in every position and beside
 * many different neighbours.
 */
function hotRolls(kinds: readonly (readonly number[])[], count: number): number[][] {
  const rolls: number[][] = [];
  for (let seed = 1; rolls.length < count; seed++) {
    const base = shuffled(kinds[seed % kinds.length] as readonly number[], seed * 7919);
    for (let r = 0; r < base.length && rolls.length < count; r++) {
      const roll = [...base.slice(r), ...base.slice(0, r)];
      // The test waits for the new faces, so two rolls in a row must differ.
      if (roll.join() !== rolls.at(-1)?.join()) rolls.push(roll);
    }
  }
  return rolls;
}

const SIX = [[1, 2, 3, 4, 5, 6]]; // a straight
const TEN = [
  [1, 1, 5, 5, 2, 2, 2, 3, 3, 3],
  [1, 5, 5, 1, 4, 4, 4, 6, 6, 6],
];

/** Presets' rules as the server describes them. */
async function presetRules(request: APIRequestContext, id: string) {
  const r = await request.get('/api/rules');
  const body = (await r.json()) as { presets: { id: string; rules: Record<string, unknown> }[] };
  const found = body.presets.find((p) => p.id === id);
  if (!found) throw new Error(`no preset ${id}`);
  return { ...found.rules, firstPlayer: 'seat-1' };
}

/** The tray as a test sees it: which dice are pressed, and where each die's centre is now. */
interface TrayState {
  on: number[];
  at: { x: number; y: number }[];
}

/** The tray once its pressed dice differ from `before` (or after a short wait); now if `before` is null. */
function trayAfter(page: Page, before: readonly number[] | null): Promise<TrayState> {
  // A tap's click comes a moment after the touch ends, so wait for it rather than read at once.
  // The centres are read afresh for every tap: a banner that goes away moves the tray up.
  return page.evaluate(`new Promise((resolve) => {
    const was = ${JSON.stringify(before?.join() ?? null)};
    const until = performance.now() + 2000;
    const check = () => {
      const dice = [...document.querySelectorAll('.tray button.die')];
      const on = dice.flatMap((d, i) => (d.getAttribute('aria-pressed') === 'true' ? [i] : []));
      // A die that was just kept or put back slides for 0.15 s and may pass over its neighbour
      // (in Ten Dice the row below): measure once the dice rest, as a player aims at resting dice.
      // The cubes' tumble is an animation, not a transition, so mid-spin taps are still made.
      const sliding = document.getAnimations().some(
        (a) => a instanceof CSSTransition && a.playState === 'running' &&
          a.effect && a.effect.target && a.effect.target.matches('.tray button.die'),
      );
      if (performance.now() > until || (!sliding && (was === null || on.join() !== was))) {
        const at = dice.map((d) => {
          const b = d.getBoundingClientRect();
          return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
        });
        resolve({ on, at });
      } else requestAnimationFrame(check);
    };
    check();
  })`);
}

/** The key that toggles die `i` (0-based). */
const keyOf = (i: number) => String((i + 1) % 10);

/** Taps the centre of each die of `order` once; returns the taps that toggled anything but that die. */
async function tapInTurn(page: Page, order: readonly number[], what: string): Promise<string[]> {
  const wrong: string[] = [];
  let tray = await trayAfter(page, null);
  for (const i of order) {
    const { on, at } = tray;
    const point = at[i] as { x: number; y: number };
    await page.touchscreen.tap(point.x, point.y);
    tray = await trayAfter(page, on);
    const now = tray.on;
    const moved = tray.at[i] as { x: number; y: number };
    if (now.join() === on.join() && Math.hypot(moved.x - point.x, moved.y - point.y) > 2) {
      // The tray moved between measuring and tapping (the banner above it went away) and the tap
      // met no die: not a die taking another's tap, so tap again where the die is now.
      await page.touchscreen.tap(moved.x, moved.y);
      tray = await trayAfter(page, on);
    }
    const expected = on.includes(i) ? on.filter((d) => d !== i) : [...on, i].sort((a, b) => a - b);
    if (tray.on.join() !== expected.join()) {
      const got = tray.on;
      const toggled = [...at.keys()].filter((d) => got.includes(d) !== on.includes(d));
      wrong.push(`${what}: a tap on die ${i + 1} toggled [${toggled.map((d) => d + 1).join()}]`);
      // Put the dice right with the keys, so the next tap is judged on its own.
      for (const d of at.keys()) {
        if (got.includes(d) !== expected.includes(d)) await page.keyboard.press(keyOf(d));
      }
      await expect.poll(async () => (await trayAfter(page, null)).on).toEqual(expected);
      tray = await trayAfter(page, null);
    }
  }
  return wrong;
}

/** What `waitForFunction` below reads of the page's document (the dice buttons). */
interface PageDocument {
  querySelectorAll(selector: string): ArrayLike<{
    dataset: Record<string, string | undefined>;
    disabled: boolean;
  }>;
}

/**
 * Plays `rolls` in one hot-dice turn. On each roll taps every die to keep it (left to right, or
 * right to left on odd rolls), on every third roll also taps each again to put it back; returns the
 * taps that toggled anything but exactly the die tapped, and how many taps there were. With
 * `spinning`, every fourth roll is tapped while its cubes still tumble.
 */
async function tapEveryDie(
  page: Page,
  rolls: number[][],
  spinning: boolean,
): Promise<{ wrong: string[]; taps: number }> {
  const wrong: string[] = [];
  let taps = 0;
  for (const [r, roll] of rolls.entries()) {
    // Most rolls land at once (reduced motion), as the dice rest when most taps come; every fourth
    // tumbles, and its first taps come while the cubes still spin above the buttons.
    const tumble = spinning && r % 4 === 3;
    await page.emulateMedia({ reducedMotion: tumble ? 'no-preference' : 'reduce' });
    // The key, not the button: only taps on dice are measured here.
    await expect(page.getByTestId('roll')).toBeEnabled();
    await page.keyboard.press('r');
    // The new roll has arrived when the faces match and the dice can be chosen.
    // A function, not a string: the page's CSP (no unsafe-eval) blocks string predicates.
    await page.waitForFunction((faces) => {
      // Runs in the page; the e2e sources are typed without the DOM, so its shape is named here.
      const { document } = globalThis as unknown as { document: PageDocument };
      const dice = Array.from(document.querySelectorAll('.tray button.die'));
      return dice.map((d) => d.dataset.face).join() === faces && dice.every((d) => !d.disabled);
    }, roll.join());
    // The kept dice above the tray grow over the turn, pushing it down the page.
    await page.getByTestId('tray').scrollIntoViewIfNeeded();
    const ltr = [...roll.keys()];
    const order = r % 2 === 0 ? ltr : ltr.slice().reverse();
    const what = `roll ${r + 1} (${roll.join('')})`;
    wrong.push(...(await tapInTurn(page, order, what)));
    taps += order.length;
    if (r % 3 === 1) {
      // Kept dice sit higher; tapping them again must put back exactly the die tapped.
      wrong.push(...(await tapInTurn(page, order.slice().reverse(), `${what}, back`)));
      taps += order.length;
      for (const i of ltr) await page.keyboard.press(keyOf(i));
    }
    // Every die kept: hot dice, and the turn goes on with the next queued roll.
    await expect(page.getByTestId('roll')).toHaveText(/Hot dice! Roll all/);
  }
  return { wrong, taps };
}

const CASES = [
  { width: 320, height: 640, preset: 'classic', mobile: true, rolls: 22, spinning: true },
  { width: 375, height: 812, preset: 'classic', mobile: true, rolls: 22, spinning: true },
  { width: 414, height: 896, preset: 'classic', mobile: true, rolls: 22, spinning: true },
  { width: 768, height: 1024, preset: 'classic', mobile: true, rolls: 22, spinning: true },
  // Ten Dice is tapped at rest: a tap while ten cubes tumble used to land on another die now and
  // then (1 in 160). A tap in a tumble is now kept and applied when the dice land (issue 22), so
  // the spinning taps of the other cases are judged by the dice chosen once they land.
  { width: 1280, height: 800, preset: 'ten-dice', mobile: false, rolls: 12, spinning: false },
] as const;

for (const c of CASES) {
  test(`taps keep the die tapped: ${c.preset} at ${c.width} px`, async ({ browser, request }) => {
    // About 170 taps, each checked with a round trip to the page: on a loaded 2-core machine a
    // case has taken up to 20 s a roll (240 s ran out at roll 16 of 22), far over the default 90 s.
    test.setTimeout(420_000);
    const ctx = await browser.newContext({
      viewport: { width: c.width, height: c.height },
      hasTouch: true,
      isMobile: c.mobile,
      deviceScaleFactor: c.mobile ? 2 : 1,
    });
    const page = await ctx.newPage();
    const { gameId, token } = await apiGame(request, await presetRules(request, c.preset), [
      'cautious',
    ]);
    const rolls = hotRolls(
      c.preset === 'ten-dice' ? TEN : SIX,
      Number(process.env.TAPS_ROLLS ?? c.rolls),
    );
    await forceDice(request, gameId, rolls);
    await holdToken(page, gameId, 0, token);
    await page.goto(`/t/${gameId}`);
    await expect(page.getByRole('heading', { name: 'Your turn' })).toBeVisible();
    const { wrong, taps } = await tapEveryDie(page, rolls, c.spinning);
    console.log(
      `${c.preset} at ${c.width} px: ${wrong.length} wrong of ${taps} taps, ${rolls.length} rolls`,
    );
    expect(wrong, `${wrong.length} taps toggled the wrong die`).toEqual([]);
    await ctx.close();
  });
}

test('words: a player named You, a count of one die, the house rules in plain words', async ({
  page,
  request,
}) => {
  // Two people and no bot, so nothing else happens to replace the banner being checked.
  const { gameId, tokens } = await peopleGame(request, await presetRules(request, 'classic'), [
    'You',
    'Ann',
  ]);
  const token = tokens[0] as string;
  // Keep five dice, roll the last one and zilch.
  await forceDice(request, gameId, [[1, 1, 1, 5, 5, 2], [3]]);
  await holdToken(page, gameId, 0, token);
  await page.goto(`/t/${gameId}`);
  await page.getByTestId('roll').click();
  await expect(page.getByRole('button', { name: /^Die 6:/ })).toBeEnabled();
  for (const key of ['1', '2', '3', '4', '5']) await page.keyboard.press(key);
  await expect(page.getByTestId('roll')).toHaveText('Keep & roll 1 die');
  await page.getByTestId('roll').click();
  await expect(page.getByTestId('banner')).toHaveText(
    'Zilch! Nothing scored. You lose 1,100 points this turn.',
  );

  await page.goto('/new');
  await page.locator('summary', { hasText: 'House rules' }).click();
  await expect(page.getByLabel('2s, 4 of a kind')).toBeVisible();
  await expect(page.getByText(/What three or more dice of the same face score/)).toBeVisible();
  await expect(page.locator('body')).not.toContainText('ofAKind');
  await expect(page.getByLabel('Who starts').locator('option[value="roll-off"]')).toHaveText(
    'Roll-off: the highest throw starts',
  );
});
