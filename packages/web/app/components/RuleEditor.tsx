import type { RuleSet } from '@zilch/engine';
import { useMemo } from 'react';
import { ruleFields, type SchemaNode } from '../lib/schemaShape.ts';

type Rules = Record<string, unknown>;

/** Labels for the fields, named as the rules page (describeRules) speaks of them. */
const LABELS: Record<string, string> = {
  name: 'Name of these rules',
  dice: 'Dice',
  target: 'Target score',
  end: 'When someone reaches the target',
  singles: 'Single dice',
  ofAKind: 'Three or more of a kind',
  straights: 'Straights',
  threePairs: 'Three pairs',
  twoTriplets: 'Two triplets',
  hotDiceDoubling: 'Hot Dice extensions',
  nothingBonus: 'Nothing scores: bonus',
  openingMinimum: 'Minimum first bank',
  bankMinimum: 'Minimum bank',
  zilchPenalty: 'Penalty for zilches in a row',
  offers: 'Inheritance',
  lockOnHotDice: 'Hot dice locks the running total',
  firstPlayer: 'Who starts',
  ties: 'Ties',
  afterHotDice: 'Offer after hot dice',
  points: 'Points',
  form: 'Which three pairs count',
  zilches: 'Zilches in a row',
  turnTimerSeconds: 'Seconds per decision',
  sixOfAKind: 'Six of a kind counts as two triplets',
  keepSetsWhole: 'Keep a set whole',
  bonusFloor: 'Bonus as a floor over all the dice',
  rounds: 'A fixed number of rounds',
  setDoubling: 'Growing sets: a later die doubles its set',
  firstRollMercy: 'First-roll mercy',
};

/**
 * Explanations in the words of the rules page: the schema's own descriptions speak to
 * programmers (array indexes, option ids), so every field a player sees has one here.
 */
const HELP: Record<string, string> = {
  name: 'The name players see for these rules.',
  dice: 'How many dice a turn starts with (1 to 10).',
  target: 'The game ends once someone reaches this score.',
  end: 'Final round: every other player gets exactly one more turn, then the highest score wins. Immediate win: the first player to bank the target or more wins at once.',
  singles:
    'What one die of each face scores on its own; 0 means that face scores only in a combination.',
  ofAKind:
    'What three or more dice of the same face score in one roll, by face (rows) and by how many dice (columns); 0 means it is not a combination.',
  straights:
    'A straight needs one die of each of its faces in the same roll, for example 1-2-3-4-5-6.',
  threePairs:
    'Three pairs in one roll. Choose which count: three different faces only; also four of a kind plus a pair; or any three pairs, six of a kind included.',
  twoTriplets: 'Two sets of three dice of different faces in one roll.',
  hotDiceDoubling:
    'Three or more of a face set aside from one roll form a held set; while it is held, every further die of that face doubles the running total.',
  nothingBonus:
    'Rolling all the dice with nothing scoring pays these points instead of a zilch, and all the dice count as kept.',
  openingMinimum: 'Your first bank of the game needs at least this many points (0: no minimum).',
  bankMinimum: 'Every bank needs at least this many points (0: no minimum).',
  zilchPenalty: 'This many zilches in a row cost these points; the count then starts again.',
  offers:
    'When you bank, the next player may start fresh with all the dice, or inherit your running total and roll only the dice you left.',
  afterHotDice:
    'On: a bank right after hot dice offers your total with all the dice. Off: it makes no offer.',
  lockOnHotDice:
    'The Ten Dice rule: hot dice secures the running total, so a later zilch in the same turn still banks the locked points.',
  firstPlayer: 'Who takes the first turn of the game.',
  ties: 'Share: players tied on the highest score share the win. Play-off: the tied players play further rounds, one turn each in seat order starting after the player who took the last turn, until one leads (with offers, a bank in it offers to the next tied player).',
  sixOfAKind: 'Six dice of one face score as two triplets (or their of-a-kind points, if more).',
  keepSetsWhole:
    'When a roll shows three or more of a face (or, with growing sets, any dice of a face held as a set), keeping any die of that face means keeping all of them.',
  bonusFloor:
    'Three pairs, two triplets or a straight using every die rolled score at least the bonus, or what the best selection from that roll (all of it or any part) scores if more, and every die counts as kept (hot dice).',
  rounds:
    'The game lasts this many rounds (a turn for every seat each) and the highest score wins; the target does not end it.',
  setDoubling:
    'Three or more of a face set aside from one roll form a held set; each further die of that face kept in a later roll doubles that set’s points (not the running total). Hot dice ends the set. Not with Hot Dice extensions.',
  firstRollMercy:
    'A zilch on the first roll of a fresh turn scores these points (50 or more) and you roll every die once more; a zilch after that loses them with the rest, unless a Ten Dice lock has banked them.',
  turnTimerSeconds: 'Time for each decision; when it runs out the turn ends as a zilch.',
};

/** Fields inside another field that still need their own explanation. */
const NESTED_HELP = new Set(['afterHotDice']);

/** Option ids of the choice fields, as the rules page says them. */
const OPTION_LABELS: Record<string, string> = {
  'final-round': 'Final round',
  immediate: 'Immediate win',
  random: 'A random seat',
  'roll-off': 'Roll-off: the highest throw starts',
  'seat-1': 'Seat 1',
  share: 'Tied players share the win',
  'play-off': 'Tied players play off',
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
  rounds: 10,
  firstRollMercy: { points: 50 },
};

/** Rules that exclude each other: switching one on switches the other off. */
const EXCLUDES: Record<string, string> = {
  setDoubling: 'hotDiceDoubling',
  hotDiceDoubling: 'setDoubling',
};

/** Every house rule of a RuleSet as a form control, each explained in the words of the rules page. */
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
    const changed: Rules = { ...(rules as unknown as Rules), [key]: value };
    const other = EXCLUDES[key];
    if (other && value === true && changed[other] === true) changed[other] = false;
    const next = changed as unknown as RuleSet;
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
  // The inner control of an optional rule (description cleared) shares its parent's explanation.
  const text =
    node.description === undefined && !NESTED_HELP.has(name)
      ? undefined
      : (HELP[name] ?? node.description);
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
    case 'optional':
      // A house rule that is off when absent: the control of the rule itself.
      return (
        <Field {...props} node={{ ...(node.inner as SchemaNode), description: node.description }} />
      );
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
