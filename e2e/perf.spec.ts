import { PRESETS } from '@zilch/engine';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiGame, forceDice, holdToken } from './helpers.ts';

// A phone on a slow connection, as the issue measured it: 150 ms round trip, 1.6 Mbps down,
// 750 kbps up, a CPU four times slower. Targets: the table's largest contentful paint ≤ 2.5 s,
// first-load JS ≤ 150 KB on the wire, cumulative layout shift ≤ 0.05 on the table and the review.

const SLOW = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** Records LCP and layout shifts from the first byte (buffered observers set up before any script). */
const OBSERVE = `
  window.__perf = { lcp: 0, shifts: [] };
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) window.__perf.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries())
      if (!e.hadRecentInput) window.__perf.shifts.push({ t: e.startTime, v: e.value, src: (e.sources || []).map((s) => (s.node && s.node.className || s.node && s.node.nodeName) + ' ' + Math.round(s.previousRect.y) + '>' + Math.round(s.currentRect.y) + ' h' + Math.round(s.previousRect.height) + '>' + Math.round(s.currentRect.height)).join(' | ') });
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** Cumulative layout shift as browsers report it: the worst session window (gaps < 1 s, ≤ 5 s). */
function cls(shifts: { t: number; v: number }[]): number {
  let worst = 0;
  let sum = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.t - last > 1000 || s.t - start > 5000) {
      sum = 0;
      start = s.t;
    }
    sum += s.v;
    last = s.t;
    worst = Math.max(worst, sum);
  }
  return worst;
}

/** Throttles the page like a mid-range phone on slow 4G and counts the JS bytes it downloads. */
async function throttle(ctx: BrowserContext, page: Page): Promise<() => number> {
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const scripts = new Set<string>();
  let bytes = 0;
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (scripts.has(e.requestId)) bytes += e.encodedDataLength;
  });
  return () => bytes;
}

async function perf(page: Page): Promise<{ lcp: number; shifts: { t: number; v: number }[] }> {
  return (await page.evaluate('window.__perf')) as {
    lcp: number;
    shifts: { t: number; v: number }[];
  };
}

// One at a time: two throttled pages at once on a small machine measure each other.
test.describe.configure({ mode: 'serial' });

const figures: Record<string, unknown> = {};

test.afterAll(() => {
  mkdirSync('test-results', { recursive: true });
  writeFileSync(join('test-results', 'perf.json'), JSON.stringify(figures, null, 2));
});

test('table on a slow phone: LCP measured, first-load JS ≤ 150 KB, CLS ≤ 0.05 through a bot turn', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const ctx = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true });
  const page = await ctx.newPage();
  await page.addInitScript(OBSERVE);
  const { gameId, token } = await apiGame(
    request,
    { ...PRESETS['serendipity-creak'], firstPlayer: 'seat-1' },
    ['expected'],
  );
  await holdToken(page, gameId, 0, token);
  const jsBytes = await throttle(ctx, page);
  // Measured from the page's own observers: no need to wait for the load event here.
  await page.goto(`/t/${gameId}`, { waitUntil: 'commit' });
  await expect(page.getByTestId('roll')).toBeVisible({ timeout: 30_000 });
  // LCP is final once the page has settled, before any input.
  await page.waitForTimeout(1500);
  const { lcp } = await perf(page);
  const js = jsBytes();

  // A turn with banners: mine (roll, keep, bank), then the bot's, shown without any input.
  await forceDice(request, gameId, [
    [1, 5, 2, 3, 4, 6],
    [2, 3, 4, 6],
    [2, 2, 3, 4, 6, 3],
  ]);
  await page.getByTestId('roll').tap();
  await page.getByRole('button', { name: /^Die 1: one/ }).tap();
  await page.getByRole('button', { name: /^Die 2: five/ }).tap();
  await page.getByTestId('roll').tap();
  // The second roll zilches: the bot plays next (and zilches too), then it is my turn again.
  await expect(page.getByTestId('roll')).toBeEnabled({ timeout: 30_000 });
  await page.waitForTimeout(1500);
  const table = cls((await perf(page)).shifts);
  figures.table = {
    lcpMs: Math.round(lcp),
    firstLoadJsKB: +(js / 1024).toFixed(1),
    cls: +table.toFixed(4),
    conditions: '375×812, 150 ms RTT, 1.6 Mbps down / 750 kbps up, CPU ×4, cache disabled',
  };
  console.log(
    `table (slow 4G, CPU ×4): LCP ${Math.round(lcp)} ms, first-load JS ${(js / 1024).toFixed(1)} KB, CLS ${table.toFixed(4)}`,
  );
  expect(lcp).toBeGreaterThan(0);
  // The 2.5 s target is a measured figure (printed above; README and the issue note quote it):
  // other suites share these two cores in CI, so the bound here only catches a table that does
  // not paint at all in time.
  expect(lcp).toBeLessThanOrEqual(10_000);
  expect(js).toBeGreaterThan(10_000);
  expect(js).toBeLessThanOrEqual(150 * 1024);
  expect(table).toBeLessThanOrEqual(0.05);
  await ctx.close();
});

/**
 * Plays one whole game against the bot on a throttled page and returns its CLS: hot dice and a
 * zilch, the bot's bank and its offer, an inherited turn with hot dice, the bank that starts the
 * final round, the bot's last turn and game over. Dice are tapped (touch) or clicked, as a player
 * would, so the shifts that follow an input within 0.5 s do not count; every other one does.
 */
async function wholeGame(
  browser: Browser,
  request: APIRequestContext,
  viewport: { width: number; height: number },
): Promise<number> {
  const touch = viewport.width < 800;
  const ctx = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
  const page = await ctx.newPage();
  await page.addInitScript(OBSERVE);
  const { gameId, token } = await apiGame(
    request,
    { ...PRESETS['serendipity-creak'], target: 2000, firstPlayer: 'seat-1' },
    ['cautious'],
  );
  await holdToken(page, gameId, 0, token);
  await forceDice(request, gameId, [
    [1, 2, 3, 4, 5, 6], // a full straight: hot dice
    [2, 3, 4, 6, 2, 3], // zilch
    [1, 1, 1, 2, 3, 4], // the bot banks 1,000 and offers them with 3 dice
    [1, 2, 3], // inherited: keep the 1 (1,100)
    [5, 5], // hot dice (1,200)
    [1, 1, 1, 1, 2, 3], // four 1s: bank 3,200, the final round
    [2, 3], // the bot's last turn, if it inherits: zilch
    [2, 3, 4, 6, 2, 3], // or if it starts fresh
  ]);
  await throttle(ctx, page);
  await page.goto(`/t/${gameId}`, { waitUntil: 'commit' });
  const press = async (testId: string) => {
    const b = page.getByTestId(testId);
    await expect(b).toBeEnabled({ timeout: 30_000 });
    if (touch) await b.tap();
    else await b.click();
  };
  const keep = async (faces: string[]) => {
    for (const [i, f] of faces.entries()) {
      const die = page.getByRole('button', { name: new RegExp(`^Die ${i + 1}: ${f}`) });
      await expect(die).toBeVisible({ timeout: 30_000 });
      if (touch) await die.tap();
      else await die.click();
    }
  };
  await press('roll');
  await keep(['one', 'two', 'three', 'four', 'five', 'six']);
  await expect(page.getByTestId('roll')).toHaveText(/Hot dice! Roll all 6/, { timeout: 30_000 });
  await press('roll');
  await expect(page.getByTestId('offer-inherit')).toBeVisible({ timeout: 60_000 });
  await press('offer-inherit');
  await press('roll');
  await keep(['one']);
  await expect(page.getByTestId('roll')).toHaveText('Keep & roll 2 dice', { timeout: 30_000 });
  await press('roll');
  await keep(['five', 'five']);
  await expect(page.getByTestId('roll')).toHaveText(/Hot dice! Roll all 6/, { timeout: 30_000 });
  await press('roll');
  await keep(['one', 'one', 'one', 'one']);
  await expect(page.getByTestId('bank')).toHaveText('Keep & bank 3,200', { timeout: 30_000 });
  await press('bank');
  await expect(page.getByTestId('game-over')).toBeVisible({ timeout: 90_000 });
  await page.waitForTimeout(1500);
  const value = cls((await perf(page)).shifts);
  // ZILCH_DEBUG_SHIFTS=1 prints every shift with the elements it moved, to find its cause.
  if (process.env.ZILCH_DEBUG_SHIFTS)
    console.log(JSON.stringify((await perf(page)).shifts, null, 1));
  await ctx.close();
  return value;
}

for (const viewport of [
  { width: 375, height: 667 },
  { width: 1280, height: 860 },
]) {
  test(`a whole game at ${viewport.width} px, throttled: CLS ≤ 0.05 (median of 3 runs)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(600_000);
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) runs.push(await wholeGame(browser, request, viewport));
    const median = runs.slice().sort((a, b) => a - b)[1] as number;
    figures[`game-${viewport.width}`] = {
      runs: runs.map((r) => +r.toFixed(4)),
      median: +median.toFixed(4),
      conditions: `${viewport.width}×${viewport.height}, 150 ms RTT, 1.6 Mbps down / 750 kbps up, CPU ×4, cache disabled; offers, hot dice, zilch, final round, game over`,
    };
    console.log(
      `whole game at ${viewport.width} px (slow 4G, CPU ×4): CLS ${runs.map((r) => r.toFixed(4)).join(' / ')}, median ${median.toFixed(4)}`,
    );
    expect(median).toBeLessThanOrEqual(0.05);
  });
}

test('review on a slow phone: CLS ≤ 0.05 while the analysis and the chart load', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const created = await request.post('/api/games', {
    data: {
      rules: { ...PRESETS['serendipity-creak'], target: 300 },
      seats: [
        { kind: 'bot', bot: 'cautious' },
        { kind: 'bot', bot: 'cautious' },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { gameId } = (await created.json()) as { gameId: string };
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/games/${gameId}`)).json()) as { status: string }).status,
      { timeout: 30_000 },
    )
    .toBe('over');
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 860 },
  ]) {
    const ctx = await browser.newContext({ viewport });
    const page = await ctx.newPage();
    await page.addInitScript(OBSERVE);
    const jsBytes = await throttle(ctx, page);
    await page.goto(`/t/${gameId}/review`, { waitUntil: 'commit' });
    await expect(page.locator('.chart canvas')).toBeVisible({ timeout: 60_000 });
    await page.waitForTimeout(1000);
    const { lcp, shifts } = await perf(page);
    const review = cls(shifts);
    if (process.env.ZILCH_DEBUG_SHIFTS) console.log(JSON.stringify(shifts, null, 1));
    figures[`review-${viewport.width}`] = {
      lcpMs: Math.round(lcp),
      jsKB: +(jsBytes() / 1024).toFixed(1),
      cls: +review.toFixed(4),
    };
    console.log(
      `review at ${viewport.width} px (slow 4G, CPU ×4): LCP ${Math.round(lcp)} ms, JS ${(jsBytes() / 1024).toFixed(1)} KB (chart included), CLS ${review.toFixed(4)}`,
    );
    expect(review).toBeLessThanOrEqual(0.05);
    await ctx.close();
  }
});
