import { describe, expect, it } from 'vitest';
import { freePort, percentile, pool, sleep, summarize, until } from '../src/index.ts';

describe('pool', () => {
  it('runs every item with at most `limit` in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const done: number[] = [];
    await pool([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await sleep(5);
      done.push(n);
      inFlight -= 1;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });
});

describe('until', () => {
  it('resolves with the first truthy value', async () => {
    let n = 0;
    expect(await until(() => (++n >= 3 ? n : null), 1000, 1)).toBe(3);
  });

  it('throws once the time is up', async () => {
    await expect(until(() => false, 30, 5)).rejects.toThrow(/timed out after 30 ms/);
  });
});

describe('latency summaries', () => {
  it('percentiles of a sorted list, NaN when empty', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 50)).toBe(51);
    expect(percentile(xs, 99)).toBe(100);
    expect(percentile([], 50)).toBeNaN();
    expect(summarize([3, 1, 2])).toEqual({ n: 3, p50: 2, p90: 3, p99: 3, max: 3 });
  });
});

describe('freePort', () => {
  it('gives a loopback port nobody listens on', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});
