/**
 * What a shopper typed, turned into the words the catalogue's vocabulary is made of (docs/decisions/020-search.md).
 * The same folding runs in SQL (`khelkud_search_words` in migrations/0007_search_vocabulary.sql) for product
 * titles and category names, so a query word and a catalogue word compare as plain strings.
 */
import { devanagariToLatin } from "./devanagari.js";

export const MAX_SEARCH_TOKENS = 8;
export const MAX_TOKEN_LENGTH = 40;

/** Latin letters with diacritics and the plain letter each folds to ("Dončić" → "doncic"); the migration holds the same two strings. */
export const FOLD_FROM = "àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšţťŧùúûüũūŭůűųŵýÿŷźżž";
export const FOLD_TO = "aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzz";
const FOLD = new Map([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i]!]));

/** Lower-case, diacritics folded, split on anything but a–z and 0–9: the words of a title, as SQL makes them. */
export function catalogueWords(text: string): string[] {
  const folded = [...text.toLowerCase()].map((c) => FOLD.get(c) ?? c).join("");
  return folded.split(/[^a-z0-9]+/).filter(Boolean);
}

/**
 * Search tokens: NFKC, Devanagari written in Latin letters ("नेपाल" → "nepal"), then the catalogue's own word
 * splitting; de-duplicated and bounded so a pasted essay cannot make a query of unbounded cost. Anything that is
 * not a letter or digit (SQL and LIKE metacharacters included) separates words and never reaches SQL.
 */
export function searchTokens(q: string | undefined): string[] {
  if (!q) return [];
  const words = catalogueWords(devanagariToLatin(q.normalize("NFKC"))).map((w) => w.slice(0, MAX_TOKEN_LENGTH));
  return [...new Set(words)].slice(0, MAX_SEARCH_TOKENS);
}

/**
 * A run of Devanagari letters, signs and digits: a Devanagari word as typed. The migration's `khelkud_devanagari_words`
 * splits a Nepali name the same way; a run romanises alone as it does within the text (a letter looks only at the next).
 */
const DEVANAGARI_RUN = /[\u0900-\u0963\u0966-\u096F\u0971-\u097F]+/g;

/**
 * Each of `tokens` (searchTokens(q)) as the shopper wrote it (docs/decisions/180): the token itself for a word typed
 * in Latin letters, the Devanagari word for a romanisation ("नेपाल" for "nepal"), "" for a token neither gives (a
 * Devanagari word run into Latin letters).
 */
export function typedWords(q: string, tokens: string[]): string[] {
  const text = q.normalize("NFKC");
  const latin = new Set(catalogueWords(text).map((w) => w.slice(0, MAX_TOKEN_LENGTH)));
  const devanagari = new Map<string, string>();
  for (const run of text.match(DEVANAGARI_RUN) ?? []) {
    const words = catalogueWords(devanagariToLatin(run));
    const word = words.length === 1 ? words[0]!.slice(0, MAX_TOKEN_LENGTH) : undefined;
    if (word !== undefined && !devanagari.has(word)) devanagari.set(word, run);
  }
  return tokens.map((t) => (latin.has(t) ? t : (devanagari.get(t) ?? "")));
}

/**
 * Typos forgiven in a catalogue word, as the search engines do: none up to 4 letters, one for 5–8, two from 9.
 * Numbers match exactly. (Counted on the word meant, so "mesi" still finds "messi" and "liverpl" "liverpool".)
 */
export function allowedEdits(word: string): number {
  if (/[0-9]/.test(word)) return 0;
  if (word.length <= 4) return 0;
  return word.length <= 8 ? 1 : 2;
}

/** Whether a typed word may be a misspelling at all: letters only, at least 4 of them (one short of the shortest word forgiven a typo). */
export function mayBeMisspelt(token: string): boolean {
  return token.length >= 4 && !/[0-9]/.test(token);
}

/**
 * Optimal string alignment distance (Damerau-Levenshtein without moving a letter twice): insertions, deletions,
 * substitutions and transpositions of two neighbours each count one. Stops early and answers `max + 1` once
 * the distance must exceed `max`.
 */
export function osaDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[n]!, max + 1);
}

/** The smallest distance between `token` and a beginning of `word` (as-you-type: "barcel" → "barcelona", "jersi" → "jersey"). */
export function prefixDistance(token: string, word: string, max: number): number {
  let best = max + 1;
  for (let len = Math.max(1, token.length - max); len <= Math.min(word.length, token.length + max); len++) {
    best = Math.min(best, osaDistance(token, word.slice(0, len), max));
    if (best === 0) break;
  }
  return best;
}
