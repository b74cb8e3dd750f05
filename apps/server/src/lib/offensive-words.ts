import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from "obscenity";

/**
 * Offensive words in text a customer asks the shop to print (docs/decisions/100), from the `obscenity` package's
 * English word list with its false-positive allowances ("Scunthorpe") and its look-alike folding (leetspeak,
 * repeated letters, accents). The name is read as written and with its spaces, hyphens and apostrophes removed, so
 * "F-U-C-K" is seen too.
 */
const dataset = englishDataset.build();
/** Real surnames the list would otherwise refuse (a player's or a customer's own name must print). */
const SURNAMES = ["dickson", "dickinson", "cummings", "kanal", "hancock"];
const matcher = new RegExpMatcher({ ...dataset, whitelistedTerms: [...(dataset.whitelistedTerms ?? []), ...SURNAMES], ...englishRecommendedTransformers });

export function isOffensive(text: string): boolean {
  const squeezed = text.replace(/[\s'-]+/g, "");
  return matcher.hasMatch(text) || (squeezed !== text && matcher.hasMatch(squeezed));
}
