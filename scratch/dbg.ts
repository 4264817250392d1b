import { preset } from '@zilch/engine';
import { strategyCard } from '@zilch/strategy/node';
import { readFileSync } from 'node:fs';
const rules = preset('farkle-2017');
const p = JSON.parse(readFileSync(process.argv[2]!, 'utf8'));
const c = strategyCard(rules, p);
console.log(c.thresholds, c.lines);
