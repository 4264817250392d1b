/** A whole-number field of the rules. */
export function NumberInput(props: {
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
