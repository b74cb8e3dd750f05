import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../env.js";
import { createTestApp, type TestContext } from "../test/harness.js";
import { exposedDevSurfacesWarning, isLoopbackHost } from "../plugins/dev-only.js";

/**
 * /dev/mail shows password-reset links and /_simulator/__admin marks payments paid: a request from the network
 * must find nothing there (the outside test took over the administrator's account in three requests this way).
 */
describe("development-only surfaces answer this machine only", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ devMailViewer: true });
    expect(t.config.payments.simulator).toBe(true);
    expect(t.config.notifications.smsSimulator).toBe(true);
  });
  afterAll(() => t.close());

  const surfaces: { method: "GET" | "POST"; url: string; payload?: object }[] = [
    { method: "GET", url: "/dev/mail" },
    { method: "GET", url: "/dev/mail/anything" },
    { method: "GET", url: "/dev/mail/raw/anything" },
    { method: "GET", url: "/_simulator/" },
    { method: "POST", url: "/_simulator/__admin/scenario", payload: { scenario: "outage", provider: "khalti" } },
    { method: "POST", url: "/_simulator/__admin/payments/some-pidx", payload: { status: "Completed" } },
    { method: "POST", url: "/_simulator/__admin/reset", payload: {} },
    { method: "POST", url: "/_simulator/khalti/api/v2/epayment/lookup/", payload: { pidx: "x" } },
    { method: "GET", url: "/test/esewa" },
    { method: "GET", url: "/dev/sms" },
    { method: "GET", url: "/dev/sms.json" },
    { method: "POST", url: "/_simulator/sparrow/v2/sms/", payload: { token: "x", from: "Khelkud", to: "9841000001", text: "Hi" } },
    { method: "POST", url: "/_simulator/sparrow/__admin/scenario", payload: { scenario: "outage" } },
  ];

  it.each(surfaces)("refuses $method $url from another machine with the 404 of a route that does not exist", async ({ method, url, payload }) => {
    for (const remoteAddress of ["203.0.113.7", "10.0.0.5", "::ffff:192.0.2.1", "2001:db8::1"]) {
      const res = await t.app.inject({ method, url, payload, remoteAddress });
      expect(res.statusCode, `${remoteAddress}`).toBe(404);
      expect(res.json()).toEqual({ success: false, error: `Route not found: ${method} ${url}` });
    }
  });

  it.each(surfaces)("refuses $method $url from this machine when it came through a proxy, or claims to", async ({ method, url, payload }) => {
    for (const headers of [{ "x-forwarded-for": "127.0.0.1" }, { "x-forwarded-for": "198.51.100.4" }, { forwarded: "for=127.0.0.1" }, { "x-real-ip": "127.0.0.1" }]) {
      const res = await t.app.inject({ method, url, payload, headers, remoteAddress: "127.0.0.1" });
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
    }
  });

  it("serves them to this machine (IPv4 and IPv6 loopback)", async () => {
    for (const remoteAddress of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      expect((await t.app.inject({ url: "/dev/mail", remoteAddress })).statusCode).toBe(200);
      expect((await t.app.inject({ url: "/test/esewa", remoteAddress })).statusCode).toBe(200);
      expect((await t.app.inject({ url: "/dev/sms", remoteAddress })).statusCode).toBe(200);
      const reset = await t.app.inject({ method: "POST", url: "/_simulator/__admin/reset", payload: {}, remoteAddress });
      expect(reset.statusCode).toBeLessThan(300);
    }
  });

  it("the rest of the shop answers everyone", async () => {
    expect((await t.app.inject({ url: "/api/health", remoteAddress: "203.0.113.7" })).statusCode).toBe(200);
  });
});

describe("the start-up warning for development surfaces on the network", () => {
  it("names every surface when HOST reaches beyond this machine in development", () => {
    const warning = exposedDevSurfacesWarning(loadConfig({ HOST: "0.0.0.0" }));
    expect(warning).toContain("HOST=0.0.0.0");
    expect(warning).toContain("/dev/mail");
    expect(warning).toContain("/_simulator/__admin");
    expect(warning).toContain("/test/esewa");
    expect(warning).toContain("/dev/sms");
    expect(exposedDevSurfacesWarning(loadConfig({ HOST: "::" }))).toContain("/dev/mail");
    expect(exposedDevSurfacesWarning(loadConfig({ HOST: "192.168.1.20", SMTP_URL: "smtp://mail.example.com" }))).not.toContain("/dev/mail");
  });

  it("stays quiet on the default loopback address and in production", () => {
    expect(exposedDevSurfacesWarning(loadConfig({}))).toBeNull();
    expect(exposedDevSurfacesWarning(loadConfig({ HOST: "localhost" }))).toBeNull();
    expect(exposedDevSurfacesWarning(loadConfig({ HOST: "::1" }))).toBeNull();
    expect(exposedDevSurfacesWarning(loadConfig({ HOST: "0.0.0.0", NODE_ENV: "production" }))).toBeNull();
    expect(isLoopbackHost("127.0.0.2")).toBe(true);
    expect(isLoopbackHost("0.0.0.0")).toBe(false);
  });
});
