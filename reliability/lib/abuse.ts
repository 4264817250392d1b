// What the abuse run's two processes share: the attacker's address, the rules the solvers find
// expensive, and the attacker's account of what it got.
import { preset } from '@zilch/engine';

/** The attacking client address, as the trusted proxy on loopback reports it. */
export const ATTACKER = { 'x-forwarded-for': '198.51.100.66' };

/** A rule set the solvers find expensive: ten dice, a zilch penalty after ten zilches. */
export function costlyRules(name: string): Record<string, unknown> {
  const base = preset('serendipity-creak');
  const grow = (row: number[]) => {
    const top = row[row.length - 1] as number;
    return [...row, top * 2, top * 4, top * 8, top * 16];
  };
  return {
    ...base,
    name,
    dice: 10,
    zilchPenalty: { zilches: 10, points: 500 },
    ofAKind: base.ofAKind.map(grow),
  };
}

/** What the attacker sent and what it got back, by kind and answer. */
export interface AttackCounts {
  socketMessages: number;
  rateLimitedAcks: number;
  byes: number;
  refusedConnections: number;
  advice: Record<number, number>;
  tables: Record<number, number>;
  bypass: Record<number, number>;
  chat: Record<string, number>;
  reports: Record<string, number>;
  queue: Record<number, number>;
}

/** What the abuse run tells its attacker process (through the environment, as JSON). */
export interface AttackPlan {
  readonly base: string;
  /** The probe table the sockets flood and the spectators spam. */
  readonly gameId: string;
  /** A started game's state under the costly rules: the position the advice requests ask about. */
  readonly adviceState: Record<string, unknown>;
  readonly attacks: readonly string[];
  readonly flooders: number;
}

/** The attacker's last message to the abuse run. */
export interface AttackReport {
  readonly counts: AttackCounts;
  /** Bot tables the server accepted (watched for frozen games). */
  readonly botTables: readonly string[];
}
