/**
 * A text filter read from a page's URL (search words, a category, a brand): control characters removed (a NUL byte
 * can match nothing and PostgreSQL refuses to compare it), trimmed, at most `max` characters. Pages drop a bad
 * filter rather than fail; the API refuses the same input with 400.
 */
export function urlText(raw: string | null | undefined, max: number): string {
  // eslint-disable-next-line no-control-regex
  return (raw ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, max);
}
