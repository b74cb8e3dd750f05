/** Escapes LIKE / ILIKE wildcards (and the escape character itself) so user text is matched as plain text. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%text%` for a "contains" search, with the text's own wildcards escaped; undefined for blank text. */
export function containsPattern(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? `%${escapeLike(trimmed)}%` : undefined;
}
