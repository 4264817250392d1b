import { preset, lean, seededDice, applyAction } from '@zilch/engine';
import { createBot } from './packages/strategy/src/bots/index.ts';
import { playGame } from './packages/strategy/src/simulate/play-game.ts';
import { lockRace } from './packages/strategy/src/solver/lock-race.ts';
const rules = preset('ten-dice');
let t0 = performance.now();
lockRace(rules);
console.log('race ms', performance.now() - t0);
const opt = createBot('optimal', rules, 1);
const exp = createBot('expected', rules, 2);
let n = 0, ms = 0;
const timed = { id: opt.id, decide(s: any) { const a = performance.now(); const r = opt.decide(s); ms += performance.now() - a; n++; return r; } };
const dice = seededDice(5);
t0 = performance.now();
for (let g = 0; g < 3; g++) { const out = playGame(rules, g % 2 ? [timed as any, exp] : [exp, timed as any], dice, 0); console.log(out.scores, out.winners); }
console.log('decisions', n, 'ms/decision', ms / n, 'total', performance.now() - t0);
