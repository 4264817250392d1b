// The profanity filter of tables that keep it on (the default): obscenity's English dataset with
// its recommended transformers, so l33t spellings, repeated letters and confusables are caught.
import {
  asteriskCensorStrategy,
  englishDataset,
  englishRecommendedTransformers,
  RegExpMatcher,
  TextCensor,
} from 'obscenity';

let matcher: RegExpMatcher | null = null;
const censor = new TextCensor().setStrategy(asteriskCensorStrategy());

/** `text` with every profane word masked by asterisks (the matcher is built on first use). */
export function maskProfanity(text: string): string {
  matcher ??= new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
  const matches = matcher.getAllMatches(text, true);
  return matches.length === 0 ? text : censor.applyTo(text, matches);
}
