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
});
