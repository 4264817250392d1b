import { PRESETS } from '@zilch/engine';
import { expect, test, type Page } from '@playwright/test';
import { apiGame, forceDice, holdToken } from './helpers.ts';

// Sound and touch feel: each table event sounds (synthesised with Web Audio) and buzzes where the
// device can; a switch in the header turns both off, and the device remembers it.

/** Spies set before the app runs: the cues played, the Web Audio voices made, the vibrations. */
const SPY = `
  window.__cues = [];
  window.__buzz = [];
  window.__voices = 0;
  addEventListener('zilch:cue', (e) => window.__cues.push(e.detail));
  navigator.vibrate = (pattern) => { window.__buzz.push(pattern); return true; };
  const proto = AudioContext.prototype;
  for (const make of ['createOscillator', 'createBufferSource']) {
    const real = proto[make];
    proto[make] = function () { window.__voices++; return real.call(this); };
  }
`;

async function spied(page: Page): Promise<{ cues: string[]; buzz: number[][]; voices: number }> {
  return (await page.evaluate(
    '({ cues: window.__cues, buzz: window.__buzz, voices: window.__voices })',
  )) as { cues: string[]; buzz: number[][]; voices: number };
}

test('dice, keep, hot dice, zilch, your turn and bank sound and buzz; mute is remembered', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const ctx = await browser.newContext({ hasTouch: true, viewport: { width: 414, height: 860 } });
  const page = await ctx.newPage();
  await page.addInitScript(SPY);
  const { gameId, token } = await apiGame(
    request,
    { ...PRESETS['serendipity-creak'], firstPlayer: 'seat-1', offers: null },
    ['expected'],
  );
  await holdToken(page, gameId, 0, token);
  await forceDice(request, gameId, [
    [1, 1, 1, 5, 5, 5], // all six score: hot dice
    [2, 3, 4, 6, 2, 3], // then nothing: zilch
    [2, 2, 3, 4, 6, 3], // the bot zilches too: my turn again
    [1, 2, 3, 4, 6, 6],
  ]);
  await page.goto(`/t/${gameId}`);
  await expect(page.getByTestId('sound-toggle')).toHaveAttribute('aria-pressed', 'true');

  await page.getByTestId('roll').tap();
  for (let d = 1; d <= 6; d++)
    await page.getByRole('button', { name: new RegExp(`^Die ${d}:`) }).tap();
  await page.getByTestId('roll').tap();
  await expect.poll(async () => (await spied(page)).cues, { timeout: 20_000 }).toContain('turn');
  await page.getByTestId('roll').tap();
  await page.getByRole('button', { name: /^Die 1: one/ }).tap();
  await page.getByTestId('bank').tap();
  await expect.poll(async () => (await spied(page)).cues, { timeout: 10_000 }).toContain('bank');

  const { cues, buzz, voices } = await spied(page);
  for (const cue of ['dice', 'keep', 'hot', 'zilch', 'turn', 'bank'])
    expect(cues, `the ${cue} cue`).toContain(cue);
  // In the order the table shows them: the keep and hot dice, my zilch, then my turn.
  expect(cues.indexOf('hot')).toBeLessThan(cues.indexOf('zilch'));
  expect(cues.indexOf('zilch')).toBeLessThan(cues.indexOf('turn'));
  expect(voices, 'sounds made with Web Audio').toBeGreaterThan(cues.length);
  expect(buzz.length, 'a vibration with each cue').toBe(cues.length);

  await page.getByTestId('sound-toggle').click();
  await expect(page.getByTestId('sound-toggle')).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.getByTestId('sound-toggle')).toHaveAttribute('aria-pressed', 'false');
  expect(await page.evaluate("localStorage.getItem('zilch.sound')")).toBe('off');
  // My next roll, once the bot has handed back: nothing sounds, nothing buzzes.
  await expect(page.getByTestId('roll')).toBeEnabled({ timeout: 30_000 });
  await page.getByTestId('roll').tap();
  await expect(page.getByTestId('tray').getByRole('button').first()).toBeVisible();
  await page.waitForTimeout(1500);
  expect(await spied(page)).toEqual({ cues: [], buzz: [], voices: 0 });

  await page.getByTestId('sound-toggle').click();
  await expect(page.getByTestId('sound-toggle')).toHaveAttribute('aria-pressed', 'true');
  expect((await spied(page)).cues, 'switching on plays a sample').toEqual(['keep']);
  await ctx.close();
});
