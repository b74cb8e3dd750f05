import type { FastifyRequest } from "fastify";
import { gunzipSync, crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { PublicUser } from "@khelkud/contracts";
import { createPageCache, acceptsGzip } from "./page-cache.js";
import {
  ACCOUNT_BLOCK_OPEN,
  accountPlaceholders,
  crcShift,
  escapeLikeReact,
  fillTemplate,
  gzipCopy,
  jsonForDataBlock,
  makeTemplate,
} from "./shared-signed-in.js";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

function user(name: string, avatar: string | null = null): PublicUser {
  return {
    id: `u-${name.length}`,
    name,
    email: `${name.length}@example.com`,
    phone: null,
    role: "USER",
    status: "ACTIVE",
    avatar,
    address: { street: null, landmark: null, city: null, district: null, state: null, postalCode: null, country: "Nepal" },
    locale: null,
    createdAt: "2026-01-01T00:00:00.000Z",
  };
}

/** A page as entry.server renders it for every signed-in shopper (the same shape as root.tsx and account-menu.tsx). */
function sharedRender(withAvatar: boolean, { extra = "" } = {}) {
  const p = accountPlaceholders(withAvatar);
  const avatar = p.avatar ? `<img src="${p.avatar}" alt=""/>` : `<span aria-hidden="true">${p.initial}</span>`;
  const html =
    `<!DOCTYPE html><html><head><script nonce="N">start()</script></head><body>${ACCOUNT_BLOCK_OPEN}${p.json}</script>` +
    `<header><button>${avatar}<span>${p.firstName}</span><span class="sr-only">Account menu for <!-- -->${p.name}</span></button></header>` +
    `<main>${"<p>Nepal home jersey, Rs. 2,499</p>".repeat(3000)}</main>${extra}<script nonce="N">window.__rr={}</script></body></html>`;
  return { p, html };
}

function template(withAvatar: boolean, options?: { extra?: string }) {
  const { p, html } = sharedRender(withAvatar, options);
  return makeTemplate({ status: 200, headers: [["content-type", "text/html; charset=utf-8"]], html, scriptHashes: [] }, p, Date.now() + 2000);
}

describe("signed-in copies of a shared page", () => {
  it("fills each shopper's own name, letter and account block, escaped as React escapes text", () => {
    const t = template(false)!;
    const hostile = user(`</script><b>Hari</b> "O'Neil" & co`);
    const html = fillTemplate(t, hostile).toString("utf8");
    expect(html).toContain(`<span aria-hidden="true">&lt;</span><span>&lt;/script&gt;&lt;b&gt;Hari&lt;/b&gt;</span>`);
    expect(html).toContain(`Account menu for <!-- -->${escapeLikeReact(hostile.name)}`);
    expect(html).toContain(`${ACCOUNT_BLOCK_OPEN}${jsonForDataBlock(hostile)}</script>`);
    expect(html).not.toContain("</script><b>");
    expect(JSON.parse(jsonForDataBlock(hostile))).toEqual(hostile);
    expect(html).not.toMatch(/kk[0-9a-f]{16}x/);

    const other = fillTemplate(t, user("Sita Sharma")).toString("utf8");
    expect(other).toContain("<span>Sita</span>");
    expect(other).not.toContain("Hari");
    expect(other).not.toContain(hostile.email);
  });

  it("draws the picture for shoppers with one, from a template of its own", () => {
    const t = template(true)!;
    const html = fillTemplate(t, user("Ram Thapa", '/media/avatars/a.webp?"x')).toString("utf8");
    expect(html).toContain('<img src="/media/avatars/a.webp?&quot;x" alt=""/>');
  });

  it("sends gzip made from parts compressed once that unpacks to exactly the filled page", async () => {
    const t = template(false)!;
    const deflated = (await t.deflated())!;
    for (const who of [user("Sita Sharma"), user(`</script><b>Hari</b> "O'Neil" & co`), user("सीता शर्मा")]) {
      const gz = gzipCopy(t, deflated, who);
      expect(gunzipSync(gz).equals(fillTemplate(t, who))).toBe(true);
      expect(gz.length).toBeLessThan(fillTemplate(t, who).length / 20);
    }
  });

  it("computes CRC-32 shifts that agree with zlib", () => {
    const a = Buffer.from("Khelkud ".repeat(1000));
    const b = Buffer.from("jerseys ".repeat(777));
    const shift = crcShift(b.length);
    let combined = 0;
    for (let i = 0; i < 32; i++) if ((crc32(a) >>> i) & 1) combined ^= shift[i]!;
    expect(((combined ^ crc32(b)) >>> 0).toString(16)).toBe(crc32(Buffer.concat([a, b])).toString(16));
  });

  it("refuses a render where a placeholder sits inside a script that runs, or the account block is missing", () => {
    const p = accountPlaceholders(false);
    expect(template(false, { extra: `<script nonce="N">var n="${p.name}"</script>` })).toBeNull();
    const { html } = sharedRender(false);
    expect(makeTemplate({ status: 200, headers: [], html: html.replace(ACCOUNT_BLOCK_OPEN, "<script>"), scriptHashes: [] }, p, 0)).toBeNull();
    // A template for letters is no template for pictures.
    expect(makeTemplate({ status: 200, headers: [], html, scriptHashes: [] }, accountPlaceholders(true), 0)).toBeNull();
  });
});

describe("page cache: shared signed-in pages", () => {
  const cache = createPageCache({ ttlMs: 2000 });
  const req = (url: string, extra: { user?: object | null; authorization?: string; ua?: string; method?: string } = {}) =>
    ({
      method: extra.method ?? "GET",
      url,
      headers: { "user-agent": extra.ua ?? BROWSER, authorization: extra.authorization },
      user: "user" in extra ? extra.user : { id: "u1" },
    }) as unknown as FastifyRequest;

  it("shares only the public pages, only for cookie sessions in browsers, apart for pictures and letters", () => {
    expect(cache.signedInKeyFor(req("/products?brand=Nike"), false)).toBe("letter /products?brand=Nike");
    expect(cache.signedInKeyFor(req("/products/nepal-home"), true)).toBe("picture /products/nepal-home");
    expect(cache.signedInKeyFor(req("/products", { user: null }), false)).toBeNull();
    expect(cache.signedInKeyFor(req("/products", { authorization: "Bearer x" }), false)).toBeNull();
    expect(cache.signedInKeyFor(req("/products", { ua: "Googlebot/2.1" }), false)).toBeNull();
    expect(cache.signedInKeyFor(req("/products", { method: "POST" }), false)).toBeNull();
    for (const url of ["/profile", "/cart", "/checkout", "/orders/abc", "/admin", "/products/a/b"])
      expect(cache.signedInKeyFor(req(url), false), url).toBeNull();
    expect(createPageCache({ ttlMs: 0 }).signedInKeyFor(req("/"), false)).toBeNull();
  });

  it("keeps a template until it expires and drops it on every administrator write", () => {
    let now = 1000;
    const c = createPageCache({ ttlMs: 2000, now: () => now });
    const t = { ...template(false)!, expires: now + 2000 };
    c.setSignedIn("letter /", t);
    expect(c.getSignedIn("letter /")).toBe(t);
    now += 2000;
    expect(c.getSignedIn("letter /")).toBeUndefined();
    c.setSignedIn("letter /", { ...t, expires: now + 2000 });
    c.clear();
    expect(c.getSignedIn("letter /")).toBeUndefined();
  });

  it("counts templates and their deflated parts in the page cache's byte budget", async () => {
    const t = template(false)!;
    const size = t.parts.reduce((sum, part) => sum + part.text.length, 0);
    const c = createPageCache({ ttlMs: 2000, maxBytes: size * 2 });
    c.setSignedIn("letter /", t);
    expect(c.bytes).toBe(size);
    const deflated = (await c.getSignedIn("letter /")!.deflated())!;
    await new Promise((r) => setImmediate(r));
    expect(c.bytes).toBe(size + deflated.reduce((sum, part) => sum + part.length, 0));
    // A second template does not fit beside the first and its copy: the older one goes.
    const other = template(true)!;
    c.setSignedIn("picture /", other);
    expect(c.getSignedIn("letter /")).toBeUndefined();
    expect(c.getSignedIn("picture /")).toBe(other);
    expect(c.bytes).toBeLessThanOrEqual(size * 2);
  });

  it("sends gzip to clients that take it, as Accept-Encoding's q-values say", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1, gzip;q=0")).toBe(false);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
