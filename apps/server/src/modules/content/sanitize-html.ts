import sanitize from "sanitize-html";

/**
 * The allow-list for blog (and any other admin-written) HTML (docs/product-rules.md §12). Formatting, headings,
 * lists, tables, quotes, links and the shop's own images survive; scripts, styles, frames, forms, event handlers and
 * `javascript:`/`data:` URLs do not. Call it before storing and again before rendering.
 */
/** A path on this site: "/media/…", not "//other.site/…". */
const OWN_PATH = /^\/(?![/\\])/;

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
  // A picture must be one of the shop's own (an uploaded `/media/…` path): the pages' Content-Security-Policy loads
  // images from this site only, so another site's picture would show as a broken image (and tell that site who read
  // the post). An <img> left without a source is dropped below.
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  exclusiveFilter: (frame) => frame.tag === "img" && !OWN_PATH.test(frame.attribs.src ?? ""),
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
