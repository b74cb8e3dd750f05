/**
 * fontaine writes its four metric-matched fallback faces before every Mukta `@font-face` it sees (eleven of them), so
 * the built stylesheet held the same eight `local()` rules four or five times each. Identical `@font-face` rules are
 * one face to the browser; this keeps the first of each and drops the copies (docs/decisions/121). `vite.config.ts`
 * runs it on the client build's stylesheets.
 */
export function dedupeFontFaces(css: string): string {
  const seen = new Set<string>();
  return css.replace(/@font-face\s*\{[^{}]*\}/g, (rule) => {
    const key = rule.replace(/\s+/g, " ");
    if (seen.has(key)) return "";
    seen.add(key);
    return rule;
  });
}
