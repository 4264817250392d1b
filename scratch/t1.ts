import { preset } from '@zilch/engine';
import { cardRegret, diskSolutions, strategyCard } from '@zilch/strategy/node';
const rules = preset('farkle-2017');
const solutions = diskSolutions('/tmp/card-cache');
const t = performance.now();
const r = cardRegret(rules, strategyCard(rules).params, { games: Number(process.argv[2] ?? 200), seed: 5, solutions });
console.log(r.loss * 100, r.se * 196, JSON.stringify(r.byKind), (performance.now() - t) / 1000);
