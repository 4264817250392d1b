import { expect, test, type Locator, type Page } from '@playwright/test';
import type { GameState } from '@zilch/engine';
import { pickMove } from '@zilch/testkit';
import { expectAccessible, gameIdOf } from './helpers.ts';

// Issue 25, item 5: practice against a chosen bot, started in one tap from the home page; "Hint"
// shows the coach for one decision (a tap on a phone, the H key at a desk), the server counts it,
// and the game-over card shows the accuracy and the hints used. At 375×667 the table, its Hint
// button and the hint lie on one screen. ZILCH_PRACTICE_SHOTS=<dir> keeps screenshots.

const SHOTS = process.env.ZILCH_PRACTICE_SHOTS;

/** Fails unless every element is seen and wholly inside the viewport, the page unscrolled. */
async function onScreen(page: Page, what: string, parts: Record<string, Locator>) {
  const size = page.viewportSize() as { width: number; height: number };
  expect(await page.evaluate('window.scrollY'), `${what}: not scrolled`).toBe(0);
  const out: string[] = [];
  for (const [name, el] of Object.entries(parts)) {
    await expect(el, `${what}: ${name} shown`).toBeVisible();
    const b = await el.boundingBox();
    if (!b || b.x < -0.5 || b.y < -0.5 || b.x + b.width > size.width + 0.5)
      out.push(`${name} off screen`);
    else if (b.y + b.height > size.height + 0.5) out.push(`${name} below the fold`);
  }
  expect(out, `${what} at ${size.width}×${size.height}`).toEqual([]);
}

for (const width of [375, 1280]) {
  test(`practice: start, a hint, the end with accuracy and hints at ${width} px`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const phone = width < 500;
    await page.setViewportSize(phone ? { width: 375, height: 667 } : { width: 1280, height: 900 });
    await page.goto('/');
    await page.getByTestId('home-practice-bot').selectOption('optimal');
    await page.getByTestId('home-practice-preset').selectOption('serendipity-creak');
    await page.getByTestId('home-practice-start').click();
    await expect(page).toHaveURL(/\/t\/[^/]+$/);
    const gameId = gameIdOf(page.url());

    // The bot may start: the Hint button waits for the player's turn.
    const hintButton = page.getByTestId('hint');
    await expect(hintButton).toBeEnabled({ timeout: 30_000 });
    await expect(page.getByTestId('hints-used')).toHaveText('0 hints');
    if (phone)
      await onScreen(page, 'practice turn', {
        heading: page.locator('main h1'),
        hint: hintButton,
        'hints used': page.getByTestId('hints-used'),
        // The felt whole: the dice and Roll and Bank, or the offer laid over them.
        table: page.getByTestId('table'),
      });

    if (phone) await hintButton.click();
    else await page.keyboard.press('h');
    const strip = page.getByTestId('hint-strip');
    await expect(strip).toContainText('Hint');
    await expect(strip).toContainText(/% to win|expected points/);
    await expect(page.getByTestId('hints-used')).toHaveText('1 hint');
    // One hint per decision: asked, the button rests until the next one.
    await expect(hintButton).toBeDisabled();
    if (phone)
      await onScreen(page, 'practice hint', { hint: strip, table: page.getByTestId('table') });
    else await expect(page.locator('.coach .advice li.best')).toBeVisible();
    await expectAccessible(page, 'practice table with a hint');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/practice-hint-${width}.png` });

    // The rest of the game is played over the API with this device's seat token.
    const token = await page.evaluate((id) => {
      const held = JSON.parse(localStorage.getItem('zilch.games') ?? '{}') as Record<
        string,
        { tokens: Record<string, string> }
      >;
      return held[id]?.tokens['0'] ?? '';
    }, gameId);
    expect(token).not.toBe('');
    let over = false;
    for (let i = 0; i < 4000 && !over; i++) {
      const v = (await (await request.get(`/api/games/${gameId}`)).json()) as {
        status: string;
        seq: number;
        state: GameState;
      };
      over = v.status === 'over';
      if (over) break;
      const move = v.state.current === 0 ? pickMove(v.state) : null;
      if (!move) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      await request.post(`/api/games/${gameId}/actions`, {
        data: { token, clientId: `p${v.seq}`, action: move },
      });
    }
    expect(over, 'the game ended').toBe(true);

    // The table would play every step of the bot's game back; opened again, it shows the end.
    await page.reload();
    const card = page.getByTestId('game-over');
    await expect(card).toBeVisible({ timeout: 60_000 });
    await expect(card.getByTestId('practice-result')).toContainText('1 hint used');
    await expect(card.getByTestId('practice-result')).toContainText('unrated');
    const accuracy = card.getByTestId('accuracy');
    await expect(accuracy.locator('.accuracy-figure').first()).toHaveText(/^\d+\.\d$/, {
      timeout: 90_000,
    });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/practice-over-${width}.png` });
    // The server's count, which the page only shows.
    const kept = await (await request.get(`/api/games/${gameId}/practice`)).json();
    expect(kept).toMatchObject({ gameId, seat: 0, bot: 'optimal', hints: 1 });
  });
}
