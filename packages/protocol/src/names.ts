// The plain lists of the contract, apart from their zod schemas (bots.ts): a bundle that needs
// only the lists, like the web table, then leaves zod out of its first download.

/** Bot levels the server knows, weakest to strongest (@zilch/strategy BOT_IDS less `card`, a simulation bot). */
export const BOT_IDS = ['random', 'cautious', 'bold', 'expected', 'optimal'] as const;

/** Built-in bots take challenges as accounts named `zilch-<level>` (the account id is the name). */
export const HOUSE_BOT_PREFIX = 'zilch-';

/** The account id (and name) of a built-in bot level, e.g. `zilch-expected`. */
export function houseBotAccount(bot: string): string {
  return `${HOUSE_BOT_PREFIX}${bot}`;
}

/** The quick reactions a player may send. */
export const REACTIONS = ['👍', '😂', '😮', '😬', '🎉', '😢'] as const;

/** Dice styles a player may choose: pips, big numerals (low vision), and two colour sets. */
export const DICE_STYLES = ['classic', 'numerals', 'ruby', 'midnight'] as const;

/** Table felts a player may choose. */
export const FELTS = ['green', 'blue', 'wine'] as const;
