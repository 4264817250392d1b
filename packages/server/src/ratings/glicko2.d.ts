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
  class Glicko2 {
    constructor(settings?: Settings);
    makePlayer(rating?: number, rd?: number, vol?: number): Player;
    updateRatings(matches: [Player, Player, number][]): void;
  }
  const glicko2: { Glicko2: typeof Glicko2 };
  export default glicko2;
}
