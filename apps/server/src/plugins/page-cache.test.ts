import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { createPageCache, pageForRequest } from "./page-cache.js";

const BROWSER = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

function req(url: string, { method = "GET", cookie, authorization, user = null, ua = BROWSER }: { method?: string; cookie?: string; authorization?: string; user?: object | null; ua?: string } = {}): FastifyRequest {
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
    for (const url of ["/profile", "/cart", "/checkout", "/orders/abc", "/order-success", "/admin", "/login", "/khalti/callback?pidx=1", "/products/a/b", "/api/products"]) {
      expect(cache.keyFor(req(url)), url).toBeNull();
    }
  });

  it("keeps crawlers' whole-document pages apart from browsers' streamed ones", () => {
    expect(cache.keyFor(req("/products", { ua: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }))).toBe("bot /products");
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
    expect(cache.get("/")?.html).toBe("<p>hi</p>");
    clock += 1;
    expect(cache.get("/")).toBeUndefined();
  });

  it("holds at most maxEntries pages, dropping the oldest", () => {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 3 });
    for (const k of ["/a", "/b", "/c", "/d"]) cache.set(k, { status: 200, headers: [], html: k, nonce: "n" });
    expect(cache.size).toBe(3);
    expect(cache.get("/a")).toBeUndefined();
    expect(cache.get("/d")?.html).toBe("/d");
  });

  it("clear() drops everything (every administrator write calls it)", () => {
    const cache = createPageCache({ ttlMs: 60_000 });
    cache.set("/", { status: 200, headers: [], html: "x", nonce: "n" });
    cache.clear();
    expect(cache.get("/")).toBeUndefined();
  });

  it("gives each copy its own request's nonce, everywhere the rendering request's nonce appeared", () => {
    const old = "Zm9vYmFyYmF6cXV4MTIzNA==";
    const html = `<link rel="modulepreload" nonce="${old}"/><script nonce="${old}">x</script><script nonce="${old}">ctx={"cspNonce":"${old}"}</script>`;
    const page = { status: 200, headers: [], html, nonce: old, expires: Infinity };
    const fresh = "bmV3bm9uY2VuZXdub25jZQ==";
    const out = pageForRequest(page, fresh);
    expect(out).not.toContain(old);
    expect(out.match(new RegExp(fresh.replace(/[+/=]/g, "\\$&"), "g"))).toHaveLength(4);
  });
});
