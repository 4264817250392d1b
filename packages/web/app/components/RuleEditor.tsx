import type { RuleSet } from '@zilch/engine';
import { useMemo } from 'react';
import { ruleFields, type SchemaNode } from '../lib/schemaShape.ts';

type Rules = Record<string, unknown>;

/** Labels for the fields; the explanations beside them come from the engine's schema. */
const LABELS: Record<string, string> = {
  name: 'Name',
  dice: 'Dice',
  target: 'Target score',
  end: 'End of the game',
  singles: 'Single dice',
  ofAKind: 'N of a kind',
  straights: 'Straights',
  threePairs: 'Three pairs',
  twoTriplets: 'Two triplets',
  hotDiceDoubling: 'Hot Dice doubling',
  nothingBonus: 'Nothing-scores bonus',
  openingMinimum: 'Opening minimum',
  bankMinimum: 'Bank minimum',
  zilchPenalty: 'Zilch penalty',
  offers: 'Offers (inheritance)',
  lockOnHotDice: 'Lock on hot dice',
  firstPlayer: 'First player',
  ties: 'Ties',
  afterHotDice: 'Offer after hot dice',
  points: 'Points',
  form: 'Form',
  zilches: 'Zilches in a row',
};

/**
 * Explanations in the words of the rules page, where the schema's own speak to programmers
 * (array indexes, option ids).
 */
const HELP: Record<string, string> = {
  end: 'Final round: reaching the target gives every other player one more turn. Immediate win: the first bank at or over the target wins at once.',
  singles: 'Points for a single die of each face; 0 means that face does not score on its own.',
  ofAKind:
    'Points for three or more dice of the same face, by face (rows) and by how many of them (columns); 0 means that is not a combination.',
  threePairs:
    'Three different faces; or also four of a kind plus a pair; or any three pairs, six of a kind included.',
};

/** Option ids of the choice fields, as the rules page says them. */
const OPTION_LABELS: Record<string, string> = {
  'final-round': 'Final round',
  immediate: 'Immediate win',
  random: 'A random seat',
  'roll-off': 'Roll-off: the highest throw starts',
  'seat-1': 'Seat 1',
  share: 'Tied players share the win',
  distinct: 'Three different faces',
  'four-plus-pair': 'Also four of a kind plus a pair',
  any: 'Any three pairs',
};

/** Defaults when a rule that is off (null) is switched on. */
const ON: Record<string, unknown> = {
  threePairs: { points: 1500, form: 'distinct' },
  twoTriplets: { points: 2500 },
  nothingBonus: 500,
  zilchPenalty: { zilches: 3, points: 500 },
  offers: { afterHotDice: true },
};

/** Every house rule of a RuleSet as a form control, each with the schema's explanation beside it. */
export function RuleEditor({
  rules,
  onChange,
  skip,
}: {
  rules: RuleSet;
  onChange: (r: RuleSet) => void;
  skip: string[];
}) {
  const fields = useMemo(ruleFields, []);
  const set = (key: string, value: unknown) => {
    const next = { ...(rules as unknown as Rules), [key]: value } as unknown as RuleSet;
    onChange(key === 'dice' ? resizeDice(next) : next);
  };
  return (
    <div className="rule-editor">
      {Object.entries(fields)
        .filter(([k]) => !skip.includes(k))
        .map(([key, n]) => (
          <Field
            key={key}
            id={`rule-${key}`}
            name={key}
            node={n}
            value={(rules as unknown as Rules)[key]}
            onChange={(v) => set(key, v)}
            rules={rules}
          />
        ))}
    </div>
  );
}

function Field(props: {
  id: string;
  name: string;
  node: SchemaNode;
  value: unknown;
  onChange: (v: unknown) => void;
  rules: RuleSet;
}) {
  const { id, name, node, value, onChange } = props;
  const label = LABELS[name] ?? name;
  const text = node.description === undefined ? undefined : (HELP[name] ?? node.description);
  const help = text ? (
    <p className="help" id={`${id}-help`}>
      {text}
    </p>
  ) : null;
  const described = text ? `${id}-help` : undefined;
  if (name === 'singles') return <Singles {...props} label={label} help={help} />;
  if (name === 'ofAKind') return <OfAKind {...props} label={label} help={help} />;
  if (name === 'straights') return <Straights {...props} label={label} help={help} />;
  switch (node.kind) {
    case 'nullable': {
      const on = value !== null && value !== undefined;
      const inner = node.inner as SchemaNode;
      return (
        <div className="field nullable">
          <div className="field-main">
            <label className="check">
              <input
                type="checkbox"
                id={id}
                checked={on}
                aria-describedby={described}
                onChange={(e) => onChange(e.target.checked ? (ON[name] ?? 0) : null)}
              />{' '}
              {label}
            </label>
            {on && (
              <Field
                id={`${id}-value`}
                name={inner.kind === 'object' ? name : 'points'}
                node={{ ...inner, description: undefined }}
                value={value}
                onChange={onChange}
                rules={props.rules}
              />
            )}
          </div>
          {help}
        </div>
      );
    }
    case 'object':
      return (
        <fieldset className="field object">
          <legend className="sr-only">{label}</legend>
          {Object.entries(node.shape ?? {}).map(([k, n]) => (
            <Field
              key={k}
              id={`${id}-${k}`}
              name={k}
              node={n}
              value={(value as Rules)[k]}
              onChange={(v) => onChange({ ...(value as Rules), [k]: v })}
              rules={props.rules}
            />
          ))}
        </fieldset>
      );
    case 'boolean':
      return (
        <div className="field">
          <div className="field-main">
            <label className="check">
              <input
                type="checkbox"
                id={id}
                checked={value === true}
                aria-describedby={described}
                onChange={(e) => onChange(e.target.checked)}
              />{' '}
              {label}
            </label>
          </div>
          {help}
        </div>
      );
    case 'enum':
      return (
        <div className="field">
          <div className="field-main">
            <label htmlFor={id}>{label}</label>
            <select
              id={id}
              value={String(value)}
              aria-describedby={described}
              onChange={(e) => onChange(e.target.value)}
            >
              {(node.options ?? []).map((o) => (
                <option key={o} value={o}>
                  {OPTION_LABELS[o] ?? o}
                </option>
              ))}
            </select>
          </div>
          {help}
        </div>
      );
    case 'string':
      return (
        <div className="field">
          <div className="field-main">
            <label htmlFor={id}>{label}</label>
            <input
              id={id}
              value={String(value ?? '')}
              maxLength={60}
              aria-describedby={described}
              onChange={(e) => onChange(e.target.value)}
            />
          </div>
          {help}
        </div>
      );
    default: {
      const small = name === 'dice' || name === 'zilches';
      return (
        <div className="field">
          <div className="field-main">
            <label htmlFor={id}>{label}</label>
            <NumberInput
              id={id}
              value={Number(value ?? 0)}
              step={small ? 1 : 50}
              min={name === 'dice' ? 1 : name === 'zilches' ? 2 : 0}
              max={name === 'dice' ? 10 : name === 'zilches' ? 10 : undefined}
              described={described}
              onChange={onChange}
            />
          </div>
          {help}
        </div>
      );
    }
  }
}

function NumberInput(props: {
  id: string;
  value: number;
  step: number;
  min?: number;
  max?: number;
  described?: string;
  label?: string;
  onChange: (v: number) => void;
}) {
  return (
    <input
      id={props.id}
      type="number"
      inputMode="numeric"
      value={Number.isFinite(props.value) ? props.value : 0}
      step={props.step}
      min={props.min}
      max={props.max}
      aria-describedby={props.described}
      aria-label={props.label}
      onChange={(e) => props.onChange(e.target.valueAsNumber || 0)}
    />
  );
}

type Sub = {
  id: string;
  value: unknown;
  onChange: (v: unknown) => void;
  label: string;
  help: React.ReactNode;
  rules: RuleSet;
};

function Singles({ id, value, onChange, label, help }: Sub) {
  const arr = value as number[];
  return (
    <fieldset className="field">
      <legend>{label}</legend>
      <div className="grid6">
        {arr.map((p, i) => (
          <label key={i} className="mini">
            <span>Face {i + 1}</span>
            <NumberInput
              id={`${id}-${i}`}
              value={p}
              step={50}
              min={0}
              onChange={(v) => onChange(arr.map((x, j) => (j === i ? v : x)))}
            />
          </label>
        ))}
      </div>
      {help}
    </fieldset>
  );
}

function OfAKind({ id, value, onChange, label, help, rules }: Sub) {
  const rows = value as number[][];
  const ns = Array.from({ length: Math.max(0, rules.dice - 2) }, (_, i) => i + 3);
  return (
    <fieldset className="field">
      <legend>{label}</legend>
      <div className="scroll-x">
        <table className="kind-table">
          <caption className="sr-only">
            Points of three or more of a kind, by face and count
          </caption>
          <thead>
            <tr>
              <th scope="col">Face</th>
              {ns.map((n) => (
                <th key={n} scope="col">
                  {n} of a kind
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, f) => (
              <tr key={f}>
                <th scope="row">{f + 1}s</th>
                {row.map((p, k) => (
                  <td key={k}>
                    <NumberInput
                      id={`${id}-${f}-${k}`}
                      label={`${f + 1}s, ${k + 3} of a kind`}
                      value={p}
                      step={50}
                      min={0}
                      onChange={(v) =>
                        onChange(
                          rows.map((r, i) => (i === f ? r.map((x, j) => (j === k ? v : x)) : r)),
                        )
                      }
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {help}
    </fieldset>
  );
}

function Straights({ id, value, onChange, label, help }: Sub) {
  const list = value as { faces: number[]; points: number }[];
  return (
    <fieldset className="field">
      <legend>{label}</legend>
      <div>
        <ul className="straights">
          {list.map((s, i) => (
            <li key={i}>
              <label className="mini">
                <span>Faces</span>
                <input
                  id={`${id}-${i}-faces`}
                  value={s.faces.join('-')}
                  onChange={(e) =>
                    onChange(
                      list.map((x, j) =>
                        j === i
                          ? {
                              ...x,
                              faces: e.target.value
                                .split(/[^1-6]+/)
                                .filter(Boolean)
                                .map(Number),
                            }
                          : x,
                      ),
                    )
                  }
                />
              </label>
              <label className="mini">
                <span>Points</span>
                <NumberInput
                  id={`${id}-${i}-points`}
                  value={s.points}
                  step={50}
                  min={0}
                  onChange={(v) =>
                    onChange(list.map((x, j) => (j === i ? { ...x, points: v } : x)))
                  }
                />
              </label>
              <button
                type="button"
                className="btn small ghost"
                aria-label={`Remove straight ${s.faces.join('-')}`}
                onClick={() => onChange(list.filter((_, j) => j !== i))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="btn small"
          onClick={() => onChange([...list, { faces: [1, 2, 3, 4, 5, 6], points: 1500 }])}
        >
          Add a straight
        </button>
      </div>
      {help}
    </fieldset>
  );
}

/** Keeps ofAKind and straights consistent with a new dice count (new entries start as "not a combination"). */
function resizeDice(r: RuleSet): RuleSet {
  const len = Math.max(0, r.dice - 2);
  return {
    ...r,
    ofAKind: r.ofAKind.map((row) =>
      row.length >= len
        ? row.slice(0, len)
        : [...row, ...new Array<number>(len - row.length).fill(0)],
    ),
    straights: r.straights.filter((s) => s.faces.length <= r.dice),
  };
}
