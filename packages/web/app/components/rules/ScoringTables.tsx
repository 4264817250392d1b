import type { RuleSet } from '@zilch/engine';
import type { ReactNode } from 'react';
import { NumberInput } from './NumberInput.tsx';

/** What each scoring table is given by the editor. */
export type Sub = {
  id: string;
  value: unknown;
  onChange: (v: unknown) => void;
  label: string;
  help: ReactNode;
  rules: RuleSet;
};

/** The points of a single 1 and a single 5. */
export function Singles({ id, value, onChange, label, help }: Sub) {
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

/** Points of three, four, five … of a kind, per face. */
export function OfAKind({ id, value, onChange, label, help, rules }: Sub) {
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

/** The straights that score, their faces and points. */
export function Straights({ id, value, onChange, label, help }: Sub) {
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
export function resizeDice(r: RuleSet): RuleSet {
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
