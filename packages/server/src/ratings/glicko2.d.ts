// Types for the `glicko2` package (plain CommonJS, no types shipped): only what ratings/glicko.ts uses.
declare module 'glicko2' {
  interface Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  interface Settings {
    tau?: number;
    rating?: number;
    rd?: number;
    vol?: number;
  }
  interface Ranking {
    makePlayer(rating?: number, rd?: number, vol?: number): Player;
    updateRatings(matches: [Player, Player, number][]): void;
  }
  const glicko2: { Glicko2: new (settings?: Settings) => Ranking };
  export default glicko2;
}
