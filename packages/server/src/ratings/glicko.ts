// Glicko-2 through the `glicko2` library (docs/ARCHITECTURE.md says why that one), on plain
// numbers so the store and the tests never see the library's player objects.
import glicko2 from 'glicko2';

type LibPlayer = ReturnType<InstanceType<typeof glicko2.Glicko2>['makePlayer']>;

/** A rating on the Glicko scale: rating, deviation (RD) and volatility σ. */
export interface Glicko {
  readonly rating: number;
  readonly rd: number;
  readonly vol: number;
}

/** Where a new player starts (Glickman's suggested values). */
export const NEW_PLAYER: Glicko = { rating: 1500, rd: 350, vol: 0.06 };

/** The system constant τ: how fast volatility may change (Glickman suggests 0.3–1.2). */
const TAU = 0.5;

/** A player's rating after one rating period with these games (score 1 win, 0 loss, 0.5 draw). */
export function ratePeriod(
  player: Glicko,
  games: readonly { opponent: Glicko; score: number }[],
  tau = TAU,
): Glicko {
  const system = new glicko2.Glicko2({ tau, ...NEW_PLAYER });
  const me = system.makePlayer(player.rating, player.rd, player.vol);
  system.updateRatings(
    games.map((g): [LibPlayer, LibPlayer, number] => [
      me,
      system.makePlayer(g.opponent.rating, g.opponent.rd, g.opponent.vol),
      g.score,
    ]),
  );
  return { rating: me.getRating(), rd: me.getRd(), vol: me.getVol() };
}

/** Both ratings after one game between `a` and `b`, as its own rating period; `score` is a's. */
export function rateGame(a: Glicko, b: Glicko, score: number, tau = TAU): [Glicko, Glicko] {
  return [
    ratePeriod(a, [{ opponent: b, score }], tau),
    ratePeriod(b, [{ opponent: a, score: 1 - score }], tau),
  ];
}
