import { describe, expect, it } from "vitest";
import { EnvError, loadConfig } from "./env.js";

describe("loadConfig", () => {
  it("works with no variables at all (zero configuration)", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedOnEmpty).toBe(true);
  });

  it("lists every bad variable in one readable error", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "not a url", NODE_ENV: "staging" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toContain("PORT");
    expect(message).toContain("DATABASE_URL");
    expect(message).toContain("NODE_ENV");
  });

  it("never seeds demo data in production", () => {
    expect(loadConfig({ NODE_ENV: "production", SEED_ON_EMPTY: "true" }).seedOnEmpty).toBe(false);
  });

  it("shows the development outbox only outside production and never with SMTP", () => {
    expect(loadConfig({}).devMailViewer).toBe(true);
    expect(loadConfig({ NODE_ENV: "production" }).devMailViewer).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", DEV_MAIL_VIEWER: "true" }).devMailViewer).toBe(true);
    expect(loadConfig({ SMTP_URL: "smtp://mail.example.com:587", DEV_MAIL_VIEWER: "true" }).devMailViewer).toBe(false);
    expect(() => loadConfig({ SMTP_URL: "http://mail.example.com" })).toThrow(EnvError);
  });

  it("marks the session cookie Secure in production except on localhost, and always behind https", () => {
    expect(loadConfig({ NODE_ENV: "production", PUBLIC_URL: "http://localhost:3000" }).cookieSecure).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", PUBLIC_URL: "http://shop.example.com" }).cookieSecure).toBe(true);
    expect(loadConfig({ PUBLIC_URL: "https://khelkud.com.np" }).cookieSecure).toBe(true);
    expect(loadConfig({}).cookieSecure).toBe(false);
  });
});
