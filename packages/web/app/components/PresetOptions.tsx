import { PRESET_IDS, PRESETS } from '@zilch/engine';

/** The `<option>`s of a rule-set picker: every preset by its name. */
export function PresetOptions() {
  return (
    <>
      {PRESET_IDS.map((id) => (
        <option key={id} value={id}>
          {PRESETS[id].name}
        </option>
      ))}
    </>
  );
}
