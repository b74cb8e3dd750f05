import type { FastifyRequest } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { createHash, randomBytes } from "node:crypto";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { createPageCache, inlineScriptHashes, pickEncoding, type PageCache } from "./page-cache.js";

const BROWSER = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

function req(
  url: string,
  {
    method = "GET",
    cookie,
    authorization,
    user = null,
    ua = BROWSER,
  }: { method?: string; cookie?: string; authorization?: string; user?: object | null; ua?: string } = {},
): FastifyRequest {
  return { method, url, headers: { cookie, authorization, "user-agent": ua }, user } as unknown as FastifyRequest;
}

describe("page cache: what may be shared between visitors", () => {
  const cache = createPageCache({ ttlMs: 2000 });

  it("keys anonymous GETs of the home page, catalogue, product pages and blog by their URL", () => {
    for (const url of ["/", "/products", "/products?brand=Nike&page=2", "/products/nepal-home-jersey", "/blogs", "/blogs/how-to-spot-a-fake"]) {
      expect(cache.keyFor(req(url))).toBe(url);
    }
  });

  it("never shares a page that belongs to someone: a session cookie, a bearer token or a signed-in user", () => {
    expect(cache.keyFor(req("/", { cookie: "theme=dark; kk_session=abc" }))).toBeNull();
    expect(cache.keyFor(req("/", { authorization: "Bearer abc" }))).toBeNull();
    expect(cache.keyFor(req("/products", { user: { id: "u1" } }))).toBeNull();
    // Another cookie alone does not make a page personal.
    expect(cache.keyFor(req("/", { cookie: "theme=dark" }))).toBe("/");
  });

  it("never caches other methods, account, checkout, order, payment or admin pages", () => {
    expect(cache.keyFor(req("/products", { method: "POST" }))).toBeNull();
    expect(cache.keyFor(req("/products", { method: "HEAD" }))).toBeNull();
    for (const url of [
      "/profile",
      "/cart",
      "/checkout",
      "/orders/abc",
      "/order-success",
      "/admin",
      "/login",
      "/khalti/callback?pidx=1",
      "/products/a/b",
      "/api/products",
    ]) {
      expect(cache.keyFor(req(url)), url).toBeNull();
    }
  });

  it("gives crawlers and browsers one copy: both get the whole document (docs/decisions/139)", () => {
    expect(cache.keyFor(req("/products", { ua: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }))).toBe("/products");
    expect(cache.keyFor(req("/products"))).toBe("/products");
  });

  it("refuses overlong URLs (hostile query strings cannot fill memory) and is off with a zero TTL", () => {
    expect(cache.keyFor(req(`/products?q=${"x".repeat(600)}`))).toBeNull();
    expect(createPageCache({ ttlMs: 0 }).keyFor(req("/"))).toBeNull();
  });
});

describe("page cache: storage", () => {
  it("serves a page until it expires, then renders again", () => {
    let clock = 1000;
    const cache = createPageCache({ ttlMs: 2000, now: () => clock });
    cache.set("/", { status: 200, headers: [["content-type", "text/html"]], html: "<p>hi</p>", nonce: "n1" });
    clock += 1999;
    expect(cache.get("/")?.body.toString()).toBe("<p>hi</p>");
    clock += 1;
    expect(cache.get("/")).toBeUndefined();
  });

  it("lets go of pages expired for 30 s when the next page is kept (until then their next render may find them the same)", () => {
    let clock = 0;
    const cache = createPageCache({ ttlMs: 2000, now: () => clock });
    for (const k of ["/a", "/b", "/c"]) cache.set(k, { status: 200, headers: [], html: k, nonce: "n" });
    clock = 2500;
    cache.set("/d", { status: 200, headers: [], html: "/d", nonce: "n" });
    expect(cache.size).toBe(4);
    expect(cache.get("/a")).toBeUndefined();
    // /a–/c expired at 2,000 and /d at 4,500: 30 s after the last of them, only the page kept then is left.
    clock = 4500 + 30_000;
    cache.set("/e", { status: 200, headers: [], html: "/e", nonce: "n" });
    expect(cache.size).toBe(1);
  });

  it("holds at most maxEntries pages, dropping the oldest", () => {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 3 });
    for (const k of ["/a", "/b", "/c", "/d"]) cache.set(k, { status: 200, headers: [], html: k, nonce: "n" });
    expect(cache.size).toBe(3);
    expect(cache.get("/a")).toBeUndefined();
    expect(cache.get("/d")?.body.toString()).toBe("/d");
  });

  it("holds at most maxBytes of pages and their compressed copies, dropping the oldest first", async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxBytes: 100_000 });
    // Pages of 30,000 bytes that compress poorly (random text): three fit, a fourth pushes the oldest out.
    const page = () => randomBytes(22_500).toString("base64");
    for (const k of ["/a", "/b", "/c"]) cache.set(k, { status: 200, headers: [], html: page(), nonce: "n" });
    expect([cache.size, cache.bytes]).toEqual([3, 90_000]);
    cache.set("/d", { status: 200, headers: [], html: page(), nonce: "n" });
    expect(cache.size).toBe(3);
    expect(cache.get("/a")).toBeUndefined();
    // A compressed copy counts too: made for /b, it pushes /b itself out as the oldest (the copy is still sent).
    const copy = await cache.get("/b")!.encoded("gzip");
    expect(gunzipSync(copy!).length).toBe(30_000);
    await new Promise((r) => setImmediate(r));
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.get("/c")?.body.length).toBe(30_000);
    expect(cache.get("/d")?.body.length).toBe(30_000);
    // Filling it with many small pages never goes past the budget, and the newest are the ones kept.
    for (let i = 0; i < 500; i++) cache.set(`/products?page=${i}`, { status: 200, headers: [], html: "x".repeat(1_000 + i), nonce: "n" });
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.get("/products?page=499")?.body.length).toBe(1_499);
    expect(cache.get("/products?page=100")).toBeUndefined();
    // A page larger than the whole budget is not kept (it is still rendered for its request).
    cache.set("/huge", { status: 200, headers: [], html: "y".repeat(100_001), nonce: "n" });
    expect(cache.get("/huge")).toBeUndefined();
    cache.clear();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });

  it("clear() drops everything (every administrator write calls it)", () => {
    const cache = createPageCache({ ttlMs: 60_000 });
    cache.set("/", { status: 200, headers: [], html: "x", nonce: "n" });
    cache.clear();
    expect(cache.get("/")).toBeUndefined();
  });

  it("never keeps a page or template whose render began before an administrator write: it may show what the write changed", () => {
    const cache = createPageCache({ ttlMs: 60_000 });
    const began = cache.generation;
    cache.clear();
    expect(cache.set("/", { status: 200, headers: [], html: "old price", nonce: "n" }, began)).toBeNull();
    expect(cache.get("/")).toBeUndefined();
    const template = { status: 200, headers: [], parts: [], scriptHashes: [], expires: Date.now() + 60_000, deflated: async () => null } as unknown as Parameters<typeof cache.setSignedIn>[1];
    cache.setSignedIn("letter /", template, began);
    expect(cache.getSignedIn("letter /")).toBeUndefined();
    // A render that began after the write is kept.
    expect(cache.set("/", { status: 200, headers: [], html: "new price", nonce: "n" }, cache.generation)?.body.toString()).toBe("new price");
    cache.setSignedIn("letter /", template, cache.generation);
    expect(cache.getSignedIn("letter /")).toBe(template);
  });

  it("compresses a page once per encoding and gives every copy the same bytes", async () => {
    const cache = createPageCache({ ttlMs: 60_000 });
    const html = `<!DOCTYPE html><html><body>${"<p>खेलकुद jersey</p>".repeat(500)}</body></html>`;
    cache.set("/", {
      status: 200,
      headers: [
        ["content-type", "text/html"],
        ["content-length", "1"],
        ["Vary", "Cookie"],
      ],
      html,
      nonce: "n",
    });
    const page = cache.get("/")!;
    expect(page.headers).toEqual([["content-type", "text/html"]]);
    const br = await page.encoded("br");
    expect(await page.encoded("br")).toBe(br);
    expect(brotliDecompressSync(br!).toString()).toBe(html);
    expect(gunzipSync((await page.encoded("gzip"))!).toString()).toBe(html);
    expect(br!.length).toBeLessThan(html.length / 10);
  });
});

/** A catalogue-like page rendered with `nonce`: the nonce is on its scripts and in its data, as React Router writes them. */
function renderWith(nonce: string, price = 1799) {
  const cards = Array.from({ length: 200 }, (_, i) => `<article class="card"><a href="/products/jersey-${(i * 7919) % 1000}">Jersey ${i} ${(i * 31) % 97}</a><span>Rs. ${price + i}</span></article>`).join("");
  return `<!DOCTYPE html><html><head><script nonce="${nonce}">window.ctx={"cspNonce":"${nonce}"}</script></head><body>${cards}<script nonce="${nonce}">hydrate()</script></body></html>`;
}

/** Renders `key` twice, 2.5 s apart, the same but for the nonce, and waits for its quality-11 copy: the page has settled. */
async function settle(cache: PageCache, key: string, advance: (ms: number) => void, price = 1799) {
  cache.set(key, { status: 200, headers: [], html: renderWith("n1", price), nonce: "n1" });
  advance(2500);
  const settled = cache.set(key, { status: 200, headers: [], html: renderWith("n2", price), nonce: "n2" })!;
  const quick = brotliCompressSync(settled.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  await vi.waitFor(async () => expect((await settled.encoded("br"))!.length).toBeLessThan(quick.length), { timeout: 20_000 });
  return { settled, best: (await settled.encoded("br"))! };
}

describe("page cache: a page that stays the same (docs/decisions/141)", () => {
  it("renders again to the same page: keeps serving the first render's bytes and scripts, and its Brotli copy gets smaller", async () => {
    let clock = 0;
    const cache = createPageCache({ ttlMs: 2000, now: () => clock });
    const first = cache.set("/products", { status: 200, headers: [], html: renderWith("n1"), nonce: "n1" })!;
    const quick = (await first.encoded("br"))!;
    clock = 2500;
    expect(cache.get("/products")).toBeUndefined();
    // The next render differs only in its nonce: the kept page serves another period, with the hashes of the scripts it holds.
    const again = cache.set("/products", { status: 200, headers: [], html: renderWith("n2"), nonce: "n2" })!;
    expect(again).toBe(first);
    expect(cache.get("/products")).toBe(first);
    expect(again.body.toString()).toBe(renderWith("n1"));
    expect(again.scriptHashes).toEqual(inlineScriptHashes(renderWith("n1"), "n1"));
    await vi.waitFor(async () => expect((await again.encoded("br"))!.length).toBeLessThan(quick.length), { timeout: 20_000 });
    expect(brotliDecompressSync((await again.encoded("br"))!).toString()).toBe(renderWith("n1"));
    // The page, its best copy, and that copy kept for after the page has gone (docs/decisions/154).
    expect(cache.bytes).toBe(again.body.length + 2 * (await again.encoded("br"))!.length);
  });

  it("makes the best copy for a page no Brotli client had asked for yet, and for many pages settling at once", async () => {
    let clock = 0;
    const cache = createPageCache({ ttlMs: 2000, now: () => clock });
    const keys = Array.from({ length: 20 }, (_, i) => `/products?page=${i}`);
    for (const k of keys) cache.set(k, { status: 200, headers: [], html: renderWith("n1", 1000 + keys.indexOf(k)), nonce: "n1" });
    clock = 2500;
    const pages = keys.map((k) => cache.set(k, { status: 200, headers: [], html: renderWith("n2", 1000 + keys.indexOf(k)), nonce: "n2" })!);
    const quick = brotliCompressSync(pages[0]!.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
    await vi.waitFor(async () => expect((await pages[0]!.encoded("br"))!.length).toBeLessThan(quick), { timeout: 20_000 });
    // Every page, settled or left at quality 5 (at most a few wait their turn), sends Brotli of its own HTML.
    for (const [i, page] of pages.entries()) expect(brotliDecompressSync((await page.encoded("br"))!).toString()).toBe(renderWith("n1", 1000 + i));
    expect(cache.size).toBe(20);
  });

  it("renders again to a different page (a price changed): the new render replaces it", () => {
    let clock = 0;
    const cache = createPageCache({ ttlMs: 2000, now: () => clock });
    const first = cache.set("/products", { status: 200, headers: [], html: renderWith("n1"), nonce: "n1" })!;
    clock = 2500;
    const changed = cache.set("/products", { status: 200, headers: [], html: renderWith("n2", 1499), nonce: "n2" })!;
    expect(changed).not.toBe(first);
    expect(cache.get("/products")?.body.toString()).toBe(renderWith("n2", 1499));
    expect(cache.get("/products")?.scriptHashes).toEqual(inlineScriptHashes(renderWith("n2", 1499), "n2"));
  });

  it("sends a page rendered the same after a quiet spell in its best copy at once, though the page itself had gone (docs/decisions/154)", async () => {
    let clock = 0;
    const cache = createPageCache({ ttlMs: 2000, now: () => clock });
    const { settled, best } = await settle(cache, "/products", (ms) => (clock += ms));
    // Nobody asks for it for a minute: it expires, and goes when another page is kept.
    clock = 60_000;
    cache.set("/", { status: 200, headers: [], html: renderWith("n3", 7), nonce: "n3" });
    expect(cache.size).toBe(1);
    // The next visitor's render is the same but for its nonce: the best copy goes out at once, with its scripts' hashes.
    // It comes back as it settled: the first render's HTML and the hashes of its scripts, whatever the encoding.
    const back = cache.set("/products", { status: 200, headers: [], html: renderWith("n4"), nonce: "n4" })!;
    expect(back).not.toBe(settled);
    expect(await back.encoded("br")).toBe(best);
    expect(brotliDecompressSync(best).toString()).toBe(renderWith("n1"));
    expect(back.body.toString()).toBe(renderWith("n1"));
    expect(gunzipSync((await back.encoded("gzip"))!).toString()).toBe(renderWith("n1"));
    expect(back.scriptHashes).toEqual(inlineScriptHashes(renderWith("n1"), "n1"));
    // A render that changed (a price) after the next quiet spell gets a copy of its own HTML, not the old one.
    clock = 120_000;
    cache.set("/", { status: 200, headers: [], html: renderWith("n5", 7), nonce: "n5" });
    const changed = cache.set("/products", { status: 200, headers: [], html: renderWith("n6", 1499), nonce: "n6" })!;
    expect(brotliDecompressSync((await changed.encoded("br"))!).toString()).toBe(renderWith("n6", 1499));
  });

  it("keeps the best copies of the pages asked for most the longest: a page found the same again keeps its copy as the newest", async () => {
    let clock = 0;
    const cache = createPageCache({ ttlMs: 2000, maxEntries: 3, now: () => clock });
    const advance = (ms: number) => (clock += ms);
    const { best } = await settle(cache, "/a", advance, 100);
    await settle(cache, "/b", advance, 200);
    // /a is asked for again and comes out the same: its copy is now newer than /b's.
    advance(2500);
    cache.set("/a", { status: 200, headers: [], html: renderWith("n3", 100), nonce: "n3" });
    await settle(cache, "/c", advance, 300);
    // A fourth settled page: the oldest copy (/b's) goes, not /a's.
    await settle(cache, "/d", advance, 400);
    advance(60_000);
    cache.set("/x", { status: 200, headers: [], html: renderWith("n4", 7), nonce: "n4" });
    const back = cache.set("/a", { status: 200, headers: [], html: renderWith("n5", 100), nonce: "n5" })!;
    expect(await back.encoded("br")).toBe(best);
    const b = cache.set("/b", { status: 200, headers: [], html: renderWith("n5", 200), nonce: "n5" })!;
    expect(brotliDecompressSync((await b.encoded("br"))!).toString()).toBe(renderWith("n5", 200));
  });

  it("forgets settled pages' best copies on an administrator write, and counts them in its byte budget", async () => {
    let clock = 0;
    const cache = createPageCache({ ttlMs: 2000, now: () => clock });
    const { settled, best } = await settle(cache, "/", (ms) => (clock += ms));
    // The page, its best copy, and that copy kept apart.
    expect(cache.bytes).toBe(settled.body.length + 2 * best.length);
    cache.clear();
    expect(cache.bytes).toBe(0);
    const after = cache.set("/", { status: 200, headers: [], html: renderWith("n3"), nonce: "n3" }, cache.generation)!;
    expect(brotliDecompressSync((await after.encoded("br"))!).toString()).toBe(renderWith("n3"));
  });

  it("never brings a page back after an administrator write", () => {
    const cache = createPageCache({ ttlMs: 2000 });
    const first = cache.set("/", { status: 200, headers: [], html: renderWith("n1"), nonce: "n1" })!;
    cache.clear();
    const after = cache.set("/", { status: 200, headers: [], html: renderWith("n2"), nonce: "n2" }, cache.generation)!;
    expect(after).not.toBe(first);
    expect(after.body.toString()).toBe(renderWith("n2"));
  });
});

const sha = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;

describe("page cache: the policy of a cached copy", () => {
  const nonce = "Zm9vYmFyYmF6cXV4MTIzNA==";

  it("hashes exactly the inline scripts that carried the rendering request's nonce", () => {
    const html = [
      `<script nonce="${nonce}">globalThis.a=1</script>`,
      `<link rel="modulepreload" nonce="${nonce}" href="/assets/x.js"/>`,
      `<script type="module" nonce="${nonce}">import "/assets/entry.js";\nrun("</p>")</script>`,
      `<script nonce="${nonce}" src="/assets/y.js"></script>`,
      `<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>`,
      `<script>alert("no nonce")</script>`,
      `<script nonce="someone-else">alert("wrong nonce")</script>`,
      `<script nonce="${nonce}">globalThis.a=1</script>`,
    ].join("");
    expect(inlineScriptHashes(html, nonce)).toEqual([sha("globalThis.a=1"), sha('import "/assets/entry.js";\nrun("</p>")')]);
    expect(inlineScriptHashes(html, "")).toEqual([]);
  });

  it("sends Brotli or gzip as the client's Accept-Encoding allows, preferring Brotli", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip, deflate")).toBe("gzip");
    expect(pickEncoding("br;q=0.5, gzip;q=0.9")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("*;q=0, identity")).toBeNull();
    expect(pickEncoding("deflate")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding("br;q=abc, ,;;,gzip;q=")).toBeNull();
  });
});
