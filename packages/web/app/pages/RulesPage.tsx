import { describeRules, isPresetId, PRESET_IDS, PRESETS, type RuleSet } from '@zilch/engine';
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { StrategyCard } from '../components/StrategyCard.tsx';
import { getGame } from '../lib/api.ts';

/** Every preset, with a link to its rules. */
export function RulesIndex() {
  return (
    <div className="page narrow">
      <h1>Rules</h1>
      <p>
        Zilch is played with dice and nerve: roll, set aside scoring dice, and bank before a roll
        with nothing scoring (a zilch) wipes out the turn. Each rule set below is generated from the
        same data the game engine plays by, so the words and the game never disagree.
      </p>
      <ul className="preset-cards">
        {PRESET_IDS.map((id) => (
          <li key={id} className="card">
            <h2>
              <Link href={`/rules/${id}`}>{PRESETS[id].name}</Link>
            </h2>
            <p className="muted small">
              {PRESETS[id].dice} dice · target {PRESETS[id].target.toLocaleString('en-US')}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One rule set in plain words: a preset by id, or a game's own rules (`custom?from=gameId`). */
export function RulesPage({ preset }: { preset: string }) {
  const search = useSearch();
  const from = new URLSearchParams(search).get('from');
  const [rules, setRules] = useState<RuleSet | null>(
    isPresetId(preset) ? (PRESETS[preset] as RuleSet) : null,
  );
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (isPresetId(preset)) return setRules(PRESETS[preset] as RuleSet);
    if (!from) return setError(`There is no rule set called "${preset}".`);
    void getGame(from).then((r) => (r.ok ? setRules(r.value.rules) : setError(r.error.message)));
  }, [preset, from]);
  if (error)
    return (
      <div className="page narrow">
        <h1>Rules</h1>
        <p role="alert" className="error">
          {error} <Link href="/rules">All rule sets</Link>
        </p>
      </div>
    );
  if (!rules)
    return (
      <div className="page narrow">
        <h1>Rules</h1>
        <p className="loading">Loading…</p>
      </div>
    );
  return (
    <article className="page narrow rules">
      <h1>{rules.name}</h1>
      {describeRules(rules).map((s) => (
        <section key={s.title} className="card">
          <h2>{s.title}</h2>
          <ul>
            {s.lines.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        </section>
      ))}
      <StrategyCard rules={rules} />
      <p className="row">
        {isPresetId(preset) && (
          <Link href={`/new?preset=${preset}`} className="btn primary">
            Play with these rules
          </Link>
        )}
        <Link href="/rules" className="btn ghost">
          All rule sets
        </Link>
      </p>
    </article>
  );
}
