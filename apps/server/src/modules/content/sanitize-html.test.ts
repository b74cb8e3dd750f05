import { describe, expect, it } from "vitest";
import { sanitizeRichHtml } from "./sanitize-html.js";

describe("sanitizeRichHtml", () => {
  it("removes script elements together with their code", () => {
    const out = sanitizeRichHtml(`<p>Hello</p><script>fetch("/steal?c="+document.cookie)</script><SCRIPT src="//evil.example/x.js"></SCRIPT>`);
    expect(out).toBe("<p>Hello</p>");
  });

  it("removes event handler attributes but keeps the element", () => {
    const out = sanitizeRichHtml(`<img src="/media/blog/a.png" alt="Kit" onerror="alert(1)"><p onclick="alert(2)" onmouseover='x()'>Text</p>`);
    expect(out).toBe(`<img src="/media/blog/a.png" alt="Kit" /><p>Text</p>`);
    expect(out).not.toMatch(/on\w+=/i);
  });

  it("drops javascript:, vbscript: and data: links while keeping the link text", () => {
    const out = sanitizeRichHtml(
      `<a href="javascript:alert(1)">one</a><a href="JaVaScRiPt&colon;alert(1)">two</a><a href=" javascript:alert(1)">three</a><a href="vbscript:msgbox(1)">four</a><img src="data:image/svg+xml;base64,PHN2Zz4=">`,
    );
    expect(out).not.toMatch(/javascript|vbscript|data:/i);
    expect(out).toContain(">one</a>");
    expect(out).toContain(">four</a>");
  });

  it("removes iframes, styles, forms and inline styles", () => {
    const out = sanitizeRichHtml(`<iframe src="https://evil.example"></iframe><style>body{display:none}</style><form action="/x"><input name="p"></form><p style="background:url(javascript:alert(1))">ok</p>`);
    expect(out).toBe("<p>ok</p>");
  });

  it("keeps formatting, headings, lists, quotes, safe links and images", () => {
    const html = `<h2>Care</h2><p><strong>Wash</strong> <em>cold</em>, <u>inside out</u>.</p><ul><li>One</li></ul><ol><li>Two</li></ol><blockquote>Quote</blockquote><p><a href="https://khelkud.com.np/products" title="Shop">shop</a> <a href="/size-guide">sizes</a> <a href="mailto:support@khelkud.com.np">mail</a></p><img src="/media/blog/a.webp" alt="A" width="600" height="315">`;
    expect(sanitizeRichHtml(html)).toBe(html.replace('height="315">', 'height="315" />'));
  });

  it("keeps only the shop's own pictures: another site's would be blocked by the pages' policy and learn who read the post", () => {
    const out = sanitizeRichHtml(
      `<p>Kit<img src="https://tracker.example/pixel.png" alt="x"><img src="//tracker.example/p.png"><img src="/\\tracker.example/p.png"><img src="media/a.png"><img alt="no source">!</p><img src="/media/blog/kit.webp" alt="Kit">`,
    );
    expect(out).toBe(`<p>Kit!</p><img src="/media/blog/kit.webp" alt="Kit" />`);
  });

  it("makes links that open a new tab safe for the opener", () => {
    expect(sanitizeRichHtml(`<a href="https://example.com" target="_blank">x</a>`)).toBe(`<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>`);
  });
});
