/** The row of a band table: how many of the ascending cut points `v` reaches. */
export function bandOf(cuts: readonly number[] | undefined, v: number): number {
  return (cuts ?? []).filter((c) => v >= c).length;
}
