/** Wilson score interval for a proportion (z = 1.96 gives 95%); successes may be fractional. */
export function wilson(successes: number, trials: number, z = 1.96): [number, number] {
  if (trials <= 0) return [0, 1];
  const p = successes / trials;
  const z2 = z * z;
  const den = 1 + z2 / trials;
  const mid = (p + z2 / (2 * trials)) / den;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / den;
  return [Math.max(0, mid - half), Math.min(1, mid + half)];
}
