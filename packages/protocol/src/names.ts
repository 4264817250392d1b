// The plain lists of the contract, apart from their zod schemas (bots.ts): a bundle that needs
// only the lists, like the web table, then leaves zod out of its first download.

/** Bot levels the server knows, weakest to strongest (@zilch/strategy BOT_IDS less `card`, a simulation bot). */
export const BOT_IDS = ['random', 'cautious', 'bold', 'expected', 'optimal'] as const;

/** The quick reactions a player may send. */
export const REACTIONS = ['👍', '😂', '😮', '😬', '🎉', '😢'] as const;

/** Dice styles a player may choose: pips, big numerals (low vision), and two colour sets. */
export const DICE_STYLES = ['classic', 'numerals', 'ruby', 'midnight'] as const;

/** Table felts a player may choose. */
export const FELTS = ['green', 'blue', 'wine'] as const;
