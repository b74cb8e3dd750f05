import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "@khelkud/contracts";
import { createTestApp, type TestContext } from "../test/harness.js";
import { insertUser } from "../test/factories.js";
import { hashPassword } from "../lib/password.js";
import { loadConfig } from "../env.js";
import { formActionSources } from "../plugins/security-headers.js";

const SAME_SITE = { origin: "http://localhost:3000" };

function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe("security headers (development configuration)", () => {
  let t: TestContext;
  beforeAll(async () => {
    // Two stand-ins for the page renderer (plugins/ssr.ts): a page reading its nonce, and a cached page sent with its scripts' hashes.
    t = await createTestApp({}, (app) => {
      app.get("/test-page", async (req, reply) => reply.type("text/html").send(`<script nonce="${req.cspNonce}">1</script><script nonce="${req.cspNonce}">2</script>`));
      app.get("/test-cached-page", async (_req, reply) => reply.allowScriptHashes(["'sha256-a'", "'sha256-b'"]).type("text/html").send("<p>cached</p>"));
    });
  });
  afterAll(() => t.close());

  it("every response carries a CSP with no inline or eval scripts and no framing; an API answer allows no inline script at all", async () => {
    const a = await t.app.inject({ method: "GET", url: "/api/health" });
    const b = await t.app.inject({ method: "GET", url: "/api/products" });
    for (const res of [a, b]) {
      const d = directives(String(res.headers["content-security-policy"]));
      expect(d["default-src"]).toEqual(["'self'"]);
      expect(d["script-src"]).toEqual(["'self'"]);
      expect(d["script-src-attr"]).toEqual(["'none'"]);
      expect(d["object-src"]).toEqual(["'none'"]);
      expect(d["frame-ancestors"]).toEqual(["'none'"]);
      expect(d["base-uri"]).toEqual(["'self'"]);
      expect(d["form-action"]).toContain("'self'");
    }
    expect(a.headers["x-content-type-options"]).toBe("nosniff");
    expect(a.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(a.headers["x-frame-options"]).toBe("DENY");
    // Fetches and the manifest fall back to default-src; headers for old browsers and DNS-prefetch control are not sent on any answer.
    expect(directives(String(a.headers["content-security-policy"]))["connect-src"]).toBeUndefined();
    expect(directives(String(a.headers["content-security-policy"]))["manifest-src"]).toBeUndefined();
    for (const name of ["x-xss-protection", "x-download-options", "x-permitted-cross-domain-policies", "x-dns-prefetch-control"]) expect(a.headers[name]).toBeUndefined();
  });

  it("a page allows the inline scripts carrying its own fresh nonce, one nonce per request", async () => {
    const a = await t.app.inject({ method: "GET", url: "/test-page" });
    const b = await t.app.inject({ method: "GET", url: "/test-page" });
    const da = directives(String(a.headers["content-security-policy"]));
    const db = directives(String(b.headers["content-security-policy"]));
    expect(da["script-src"]).toHaveLength(2);
    expect(da["script-src"]![0]).toBe("'self'");
    expect(da["script-src"]![1]).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/);
    // The nonce the page shows is the one its policy names, read twice within the request and the same both times.
    const shown = [...a.body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
    expect(shown).toEqual([shown[0], shown[0]]);
    expect(da["script-src"]![1]).toBe(`'nonce-${shown[0]}'`);
    expect(db["script-src"]![1]).not.toBe(da["script-src"]![1]);
    expect(da["script-src"]).not.toContain("'unsafe-inline'");
    expect(da["script-src"]).not.toContain("'unsafe-eval'");
  });

  it("a cached page allows its scripts' hashes and no nonce, with every other directive as for any answer", async () => {
    const res = await t.app.inject({ method: "GET", url: "/test-cached-page" });
    const plain = await t.app.inject({ method: "GET", url: "/api/health" });
    const d = directives(String(res.headers["content-security-policy"]));
    expect(d["script-src"]).toEqual(["'self'", "'sha256-a'", "'sha256-b'"]);
    const { "script-src": _a, ...rest } = d;
    const { "script-src": _b, ...plainRest } = directives(String(plain.headers["content-security-policy"]));
    expect(rest).toEqual(plainRest);
  });

  it("sends no HSTS outside production (plain-http localhost must keep working)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("error answers carry the headers too", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/no-such-route" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("the session cookie is httpOnly, SameSite=Lax, path / and not Secure on http://localhost", async () => {
    const user = await insertUser(t.database.db, { passwordHash: await hashPassword("Secret123") });
    const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password: "Secret123" }, headers: SAME_SITE, remoteAddress: "10.9.9.1" });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.path).toBe("/");
    expect(cookie.secure).toBeFalsy();
  });
});

describe("security headers (production configuration)", () => {
  let t: TestContext;
  beforeAll(async () => {
    const prod = loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://shop.khelkud.com.np", LOG_LEVEL: "silent", PAYMENT_SIMULATOR: "off", ESEWA_ENABLED: "true", ESEWA_SECRET_KEY: "live-secret", ESEWA_PRODUCT_CODE: "KHELKUD" });
    t = await createTestApp({ nodeEnv: "production", isProduction: true, publicUrl: prod.publicUrl, cookieSecure: prod.cookieSecure, payments: prod.payments });
  });
  afterAll(() => t.close());

  it("sends HSTS for a year, upgrades insecure requests, and lets forms post to the eSewa origin only besides the shop", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    const d = directives(String(res.headers["content-security-policy"]));
    expect(d["form-action"]).toEqual(["'self'", "https://epay.esewa.com.np"]);
    expect(d["upgrade-insecure-requests"]).toEqual([]);
  });

  it("the session cookie is Secure on an https shop", async () => {
    const user = await insertUser(t.database.db, { passwordHash: await hashPassword("Secret123") });
    const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password: "Secret123" }, headers: { origin: "https://shop.khelkud.com.np" }, remoteAddress: "10.9.9.2" });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.secure).toBe(true);
    expect(cookie.httpOnly).toBe(true);
  });
});

describe("form-action sources", () => {
  it("names the configured eSewa form origin, and nothing extra when the form is on the shop's own origin (simulator)", () => {
    const dev = loadConfig({ NODE_ENV: "development", PORT: "3000", LOG_LEVEL: "silent" });
    expect(dev.payments.esewa?.formUrl).toContain("http://localhost:3000/_simulator/");
    expect(formActionSources(dev)).toEqual(["'self'"]);
    const custom = loadConfig({ NODE_ENV: "development", LOG_LEVEL: "silent", PAYMENT_SIMULATOR: "off", ESEWA_SECRET_KEY: "k", ESEWA_FORM_URL: "https://rc-epay.esewa.com.np/api/epay/main/v2/form" });
    expect(formActionSources(custom)).toEqual(["'self'", "https://rc-epay.esewa.com.np"]);
  });
});
