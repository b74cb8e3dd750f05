import sanitize from "sanitize-html";

/**
 * The allow-list for blog (and any other admin-written) HTML (docs/product-rules.md §12). Formatting, headings,
 * lists, tables, quotes, links and images survive; scripts, styles, frames, forms, event handlers and
 * `javascript:`/`data:` URLs do not. Call it before storing and again before rendering.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    "p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "strong", "b", "em", "i", "u", "s", "del", "ins", "mark", "small", "sub", "sup",
    "blockquote", "q", "cite", "code", "pre", "kbd", "abbr", "span", "div", "figure", "figcaption",
    "ul", "ol", "li", "dl", "dt", "dd", "a", "img",
    "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    abbr: ["title"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    ol: ["start", "reversed"],
    "*": [],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Text inside these is dropped along with the tag (the default keeps text of unknown tags).
  nonTextTags: ["script", "style", "textarea", "noscript", "iframe", "object", "embed", "template", "title", "option"],
  transformTags: {
    // Links that open a new tab must not hand the opener to the other site.
    a: (tagName, attribs) => {
      if (attribs.target === "_blank") return { tagName, attribs: { ...attribs, rel: "noopener noreferrer" } };
      const { target: _target, ...rest } = attribs;
      return { tagName, attribs: rest };
    },
  },
};

export function sanitizeRichHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
