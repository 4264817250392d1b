import { preset } from '@zilch/engine';
import { describe, expect, it } from 'vitest';
import {
  decisionScore,
  judge,
  measureBotAccuracy,
  seatAccuracy,
  THRESHOLDS,
  type DecisionLoss,
} from '../../src/index.ts';

// A small target keeps the exact two-player solve to a few seconds.
const rules = { ...preset('serendipity-creak'), target: 1500 };

describe('accuracy', () => {
  it('grades losses at the documented thresholds', () => {
    expect(judge('win', 1.99)).toBeNull();
    expect(judge('win', THRESHOLDS.win.inaccuracy)).toBe('inaccuracy');
    expect(judge('win', THRESHOLDS.win.mistake)).toBe('mistake');
    expect(judge('win', THRESHOLDS.win.blunder)).toBe('blunder');
    expect(judge('points', THRESHOLDS.points.mistake - 1)).toBe('inaccuracy');
    expect(judge('points', THRESHOLDS.points.blunder)).toBe('blunder');
  });

  it('scores a lossless decision 1 and falls with the loss', () => {
    expect(decisionScore('win', 0)).toBe(1);
    expect(decisionScore('win', 2)).toBeLessThan(decisionScore('win', 1));
    expect(decisionScore('win', 50)).toBeLessThan(0.01);
  });

  it('averages one seat only, and counts each grade', () => {
    const l = (seat: number, loss: number): DecisionLoss => ({
      index: 0,
      seat,
      kind: 'win',
      loss,
      judgement: judge('win', loss),
    });
    const a = seatAccuracy(0, [l(0, 0), l(0, 3), l(0, 12), l(1, 40)]);
    expect(a.decisions).toBe(3);
    expect(a.inaccuracies).toBe(1);
    expect(a.mistakes).toBe(0);
    expect(a.blunders).toBe(1);
    expect(a.accuracy).toBeCloseTo(
      (100 * (1 + decisionScore('win', 3) + decisionScore('win', 12))) / 3,
      0,
    );
    expect(seatAccuracy(2, []).accuracy).toBeNull();
  });

  it('optimal scores 100 with no graded decision; random scores far lower', () => {
    const optimal = measureBotAccuracy(rules, 'optimal', 4, 3);
    expect(optimal.decisions).toBeGreaterThan(20);
    expect(optimal.accuracy).toBe(100);
    expect(optimal.inaccuracies + optimal.mistakes + optimal.blunders).toBe(0);
    const random = measureBotAccuracy(rules, 'random', 4, 3);
    expect(random.decisions).toBeGreaterThan(20);
    expect(random.accuracy).toBeLessThan(65);
    expect(random.mistakes + random.blunders).toBeGreaterThan(0);
    const cautious = measureBotAccuracy(rules, 'cautious', 4, 3);
    expect(cautious.accuracy).toBeGreaterThan(random.accuracy ?? 100);
    expect(cautious.accuracy).toBeLessThan(100);
  }, 120_000);
});
