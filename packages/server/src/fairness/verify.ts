import { replay } from '@zilch/engine';
import { GameExportSchema, type Verification } from '@zilch/protocol';
import { commitmentOf, fairDice } from './dice-stream.ts';

/** Everything needed to check a finished game's dice: the wire shape lives in @zilch/protocol. */
export type { GameExport } from '@zilch/protocol';

/** The outcome of checking an export (the `GET /api/games/:id/verify` answer). */
export type VerifyResult = Verification;

/** Recomputes every roll of an export from its revealed seeds and checks the log replays. */
export function verifyExport(data: unknown): VerifyResult {
  const parsed = GameExportSchema.safeParse(data);
  if (!parsed.success) {
    const why = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    return { ok: false, rollsChecked: 0, message: `Not a game export: ${why}` };
  }
  const x = parsed.data;
  if (x.serverSeed === null) {
    return {
      ok: false,
      rollsChecked: 0,
      message: 'The server seed is revealed only when the game is over.',
    };
  }
  if (commitmentOf(x.serverSeed) !== x.commitment) {
    return {
      ok: false,
      rollsChecked: 0,
      message: `The revealed seed does not match the commitment ${x.commitment}.`,
    };
  }
  const source = fairDice(x.serverSeed, x.playerSeeds);
  const rolls: { where: string; dice: number[] }[] = [
    ...x.setupDice.map((d, i) => ({ where: `setup roll #${i + 1}`, dice: d })),
    ...x.entries.flatMap((e, i) =>
      e.dice.map((d, j) => ({ where: `action #${i + 1} roll #${j + 1}`, dice: d })),
    ),
  ];
  let checked = 0;
  for (const r of rolls) {
    const expected = source.roll(r.dice.length);
    if (expected.some((v, i) => v !== r.dice[i])) {
      return {
        ok: false,
        rollsChecked: checked,
        message: `Mismatch at ${r.where} (roll ${checked + 1}): the seeds give [${expected.join(',')}], the log has [${r.dice.join(',')}].`,
      };
    }
    checked += 1;
  }
  try {
    replay({ rules: x.rules, players: x.players, setupDice: x.setupDice, entries: x.entries });
  } catch (e) {
    return { ok: false, rollsChecked: checked, message: `The log does not replay: ${String(e)}` };
  }
  return { ok: true, rollsChecked: checked, message: `verified ${checked} rolls` };
}
