import type { RuleSet } from '@zilch/engine';
import { useMemo } from 'react';
import { ruleFields, type SchemaNode } from '../lib/schemaShape.ts';
import { NumberInput } from './rules/NumberInput.tsx';
import { EXCLUDES, HELP, LABELS, NESTED_HELP, ON, OPTION_LABELS } from './rules/ruleText.ts';
import { OfAKind, resizeDice, Singles, Straights } from './rules/ScoringTables.tsx';

type Rules = Record<string, unknown>;

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
