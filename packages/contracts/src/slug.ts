/**
 * docs/product-rules.md §11: lower-case, commas to spaces, drop characters other than word characters,
 * spaces and hyphens, collapse spaces, spaces to hyphens. Devanagari letters are kept
 * (Unicode-aware \p{L}\p{N}) so a Nepali title still gives a usable slug.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/,/g, " ")
    .replace(/[^\p{L}\p{M}\p{N}_\s-]/gu, "")
    .trim()
    .replace(/\s+/g, " ")
    .replace(/ /g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}
