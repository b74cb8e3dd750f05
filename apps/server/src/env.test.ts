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

  it("listens on this machine only unless HOST says otherwise", () => {
    expect(loadConfig({}).host).toBe("127.0.0.1");
    expect(loadConfig({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
  });

  it("shows the development outbox only outside production and never with SMTP", () => {
    expect(loadConfig({}).devMailViewer).toBe(true);
    expect(loadConfig({ NODE_ENV: "production" }).devMailViewer).toBe(false);
    // It shows password-reset links: production refuses to start with it rather than serve it.
    expect(() => loadConfig({ NODE_ENV: "production", DEV_MAIL_VIEWER: "true" })).toThrow(/DEV_MAIL_VIEWER/);
    expect(loadConfig({ NODE_ENV: "production", DEV_MAIL_VIEWER: "false" }).devMailViewer).toBe(false);
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

describe("wallet configuration", () => {
  const startUpError = (env: Record<string, string>): string => {
    try {
      loadConfig(env);
    } catch (e) {
      expect(e).toBeInstanceOf(EnvError);
      return (e as Error).message;
    }
    throw new Error("loadConfig accepted the configuration");
  };

  it("turns the simulator on outside production when no provider key is set, on the shop's own origin", () => {
    const { payments } = loadConfig({ PUBLIC_URL: "http://localhost:4000" });
    expect(payments.simulator).toBe(true);
    expect(payments.simulatorBaseUrl).toBe("http://localhost:4000/_simulator");
    expect(payments.khalti?.baseUrl).toBe("http://localhost:4000/_simulator/khalti/api/v2/");
    expect(payments.esewa).toEqual({
      productCode: "EPAYTEST",
      secretKey: "8gBm/:&EnhH.1/q",
      formUrl: "http://localhost:4000/_simulator/esewa/api/epay/main/v2/form",
      statusUrl: "http://localhost:4000/_simulator/esewa/api/epay/transaction/status/",
    });
  });

  it("turns the simulator off once a provider key is set, and gives eSewa no public default key then", () => {
    const { payments } = loadConfig({ KHALTI_SECRET_KEY: "live_secret_key_1" });
    expect(payments.simulator).toBe(false);
    expect(payments.khalti).toEqual({ baseUrl: "https://dev.khalti.com/api/v2/", secretKey: "live_secret_key_1" });
    expect(payments.esewa).toBeNull();
  });

  it("uses the production hosts in production with keys", () => {
    const { payments } = loadConfig({ NODE_ENV: "production", KHALTI_SECRET_KEY: "k", ESEWA_SECRET_KEY: "s", ESEWA_PRODUCT_CODE: "NP-ES-KHELKUD" });
    expect(payments.simulator).toBe(false);
    expect(payments.khalti?.baseUrl).toBe("https://khalti.com/api/v2/");
    expect(payments.esewa).toMatchObject({ productCode: "NP-ES-KHELKUD", formUrl: "https://epay.esewa.com.np/api/epay/main/v2/form", statusUrl: "https://epay.esewa.com.np/api/epay/transaction/status/" });
  });

  it("in production without keys, offers no wallet and no simulator (cash on delivery only)", () => {
    const { payments } = loadConfig({ NODE_ENV: "production" });
    expect(payments).toEqual({ simulator: false, simulatorBaseUrl: null, khalti: null, esewa: null });
  });

  it("refuses to start in production with the simulator switched on", () => {
    expect(startUpError({ NODE_ENV: "production", PAYMENT_SIMULATOR: "on" })).toContain("PAYMENT_SIMULATOR");
  });

  it("refuses to start in production with a wallet enabled but no key", () => {
    expect(startUpError({ NODE_ENV: "production", KHALTI_ENABLED: "true" })).toContain("KHALTI_SECRET_KEY");
    expect(startUpError({ NODE_ENV: "production", ESEWA_ENABLED: "true", KHALTI_SECRET_KEY: "k" })).toContain("ESEWA_SECRET_KEY");
  });

  it("refuses to start in production with a wallet pointing at the simulator", () => {
    expect(startUpError({ NODE_ENV: "production", KHALTI_SECRET_KEY: "k", KHALTI_BASE_URL: "https://shop.example.np/_simulator/khalti/api/v2/" })).toContain("KHALTI_BASE_URL");
    expect(startUpError({ NODE_ENV: "production", ESEWA_SECRET_KEY: "s", ESEWA_STATUS_URL: "https://shop.example.np/_simulator/esewa/api/epay/transaction/status/" })).toContain(
      "ESEWA_STATUS_URL",
    );
  });

  it("switches one wallet off on request, and rejects bad URLs and switch values", () => {
    expect(loadConfig({ ESEWA_ENABLED: "false" }).payments.esewa).toBeNull();
    const message = startUpError({ KHALTI_BASE_URL: "not a url", PAYMENT_SIMULATOR: "maybe" });
    expect(message).toContain("KHALTI_BASE_URL");
    expect(message).toContain("PAYMENT_SIMULATOR");
  });
});

describe("SMS configuration (docs/decisions/091)", () => {
  const startUpError = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return "";
    } catch (e) {
      return (e as Error).message;
    }
  };

  it("outside production without a token, SMS go to the simulator on the shop's own origin", () => {
    const { notifications } = loadConfig({ PUBLIC_URL: "http://localhost:3000" });
    expect(notifications.smsSimulator).toBe(true);
    expect(notifications.sms).toEqual({ url: "http://localhost:3000/_simulator/sparrow/v2/sms/", token: expect.any(String), from: "Khelkud" });
  });

  it("with a token, SMS go to Sparrow SMS and the simulator is off", () => {
    const { notifications } = loadConfig({ SPARROW_SMS_TOKEN: "v2_live", SPARROW_SMS_FROM: "KhelkudNP" });
    expect(notifications.smsSimulator).toBe(false);
    expect(notifications.sms).toEqual({ url: "https://api.sparrowsms.com/v2/sms/", token: "v2_live", from: "KhelkudNP" });
  });

  it("in production without a token, no SMS are sent (e-mail only) and nothing is simulated", () => {
    const { notifications } = loadConfig({ NODE_ENV: "production" });
    expect(notifications.sms).toBeNull();
    expect(notifications.smsSimulator).toBe(false);
  });

  it("refuses to start in production with SMS switched on but no token, or with the simulator", () => {
    expect(startUpError({ NODE_ENV: "production", SMS_ENABLED: "true" })).toContain("SPARROW_SMS_TOKEN");
    expect(startUpError({ NODE_ENV: "production", SMS_SIMULATOR: "on", SPARROW_SMS_TOKEN: "t" })).toContain("SMS_SIMULATOR");
    expect(startUpError({ NODE_ENV: "production", SPARROW_SMS_TOKEN: "t", SPARROW_SMS_URL: "https://shop.example.np/_simulator/sparrow/v2/sms/" })).toContain("SPARROW_SMS_URL");
    expect(startUpError({ NODE_ENV: "production", SMS_ENABLED: "true", SPARROW_SMS_TOKEN: "t" })).toBe("");
  });

  it("SMS_ENABLED=false sends no SMS, and bad values are named", () => {
    expect(loadConfig({ SMS_ENABLED: "false" }).notifications.sms).toBeNull();
    const message = startUpError({ SMS_ENABLED: "maybe", NOTIFY_MAX_ATTEMPTS: "0", SPARROW_SMS_FROM: "<script>" });
    expect(message).toContain("SMS_ENABLED");
    expect(message).toContain("NOTIFY_MAX_ATTEMPTS");
    expect(message).toContain("SPARROW_SMS_FROM");
  });
});
