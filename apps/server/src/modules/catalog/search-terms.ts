/**
 * Turns what a shopper typed into search tokens: Unicode-aware (Devanagari letters and vowel signs are kept),
 * punctuation and SQL metacharacters dropped, lower-cased, de-duplicated and bounded so a pasted essay
 * cannot make a query of unbounded cost.
 */
export const MAX_SEARCH_TOKENS = 8;
export const MAX_TOKEN_LENGTH = 40;

export function searchTokens(q: string | undefined): string[] {
  if (!q) return [];
  const words = q
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .filter(Boolean)
    .map((w) => w.slice(0, MAX_TOKEN_LENGTH));
  return [...new Set(words)].slice(0, MAX_SEARCH_TOKENS);
}

/** Escapes LIKE wildcards so a token is matched as plain text. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
