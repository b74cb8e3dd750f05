/**
 * The text a reader sees in a post's stored HTML (sanitised when saved): tags dropped, the entities sanitize-html
 * writes decoded, white space collapsed. For card excerpts and the editor's "content is empty" check.
 */
export function visibleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
