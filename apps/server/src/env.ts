import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** The only reader of process.env. Everything else receives a typed Config. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** Named ranges proxy-addr (Fastify's trustProxy) understands, besides addresses and CIDRs. */
const PROXY_RANGES = ["loopback", "linklocal", "uniquelocal"];
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.includes(entry) || net.isIP(entry) !== 0) return true;
  const [address, bits, ...rest] = entry.split("/");
  if (rest.length > 0 || bits === undefined || !/^\d{1,3}$/.test(bits)) return false;
  const family = net.isIP(address ?? "");
  return family !== 0 && Number(bits) <= (family === 4 ? 32 : 128);
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset or empty: 127.0.0.1, so a development start is never reachable from the network by accident. */
  HOST: optionalText,
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATA_DIR: z.string().default(path.join(repoRoot, ".data")),
  DATABASE_URL: optionalUrl.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//i.test(v),
    "must start with postgres:// or postgresql:// (PostgreSQL is the only server database; leave it unset for the embedded one)",
  ),
  /** pg: how long to wait for a connection (the handshake, or a free connection of the pool). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** pg: the longest a statement may run (PostgreSQL cancels it; the client gives up shortly after if the server is silent). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  /** pg: a session left idle inside a transaction is ended by PostgreSQL after this long. */
  DATABASE_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  SEED_ON_EMPTY: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  WEB_MODE: z.enum(["build", "vite"]).default("build"),
  WEB_BUILD_DIR: z.string().default(path.join(repoRoot, "apps/web/build")),
  PAYMENT_SIMULATOR: z.enum(["auto", "on", "off", "true", "false"]).default("auto"),
  KHALTI_ENABLED: z.enum(["auto", "true", "false"]).default("auto"),
  KHALTI_SECRET_KEY: optionalText,
  KHALTI_BASE_URL: optionalUrl,
  ESEWA_ENABLED: z.enum(["auto", "true", "false"]).default("auto"),
  ESEWA_PRODUCT_CODE: optionalText,
  ESEWA_SECRET_KEY: optionalText,
  ESEWA_FORM_URL: optionalUrl,
  ESEWA_STATUS_URL: optionalUrl,
  PAYMENT_SWEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  EMBEDDED_UPKEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  SMTP_URL: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
        .optional(),
    )
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default("Khelkud <no-reply@khelkud.com.np>"),
  DEV_MAIL_VIEWER: z
    .enum(["true", "false", ""])
    .optional()
    .transform((v) => (v === "" ? undefined : v === undefined ? undefined : v === "true")),
  /** How long public catalogue reads are reused, in ms; unset: 2000, or 0 under NODE_ENV=test. */
  CATALOG_CACHE_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /** How long the search vocabulary in memory (or a query word's candidates) is reused, in ms (at most 1000; docs/decisions/097); unset: 500, or 0 under NODE_ENV=test. */
  SEARCH_WORD_CACHE_MS: z.coerce.number().int().min(0).max(1000).optional(),
  SESSION_PAGE_MEMO_MS: z.coerce.number().int().min(0).max(10_000).optional(),
  /** The page cache's budget in MB (pages, their compressed copies, signed-in templates; docs/decisions/119). */
  PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(32),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(10),
  AUTH_RATE_LIMIT_PER_ACCOUNT_TOTAL: z.coerce.number().int().min(1).max(1_000_000).default(100),
  REDIS_URL: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
        .optional(),
    )
    .optional(),
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w.:-]{1,60}$/, "letters, digits, dots, colons, dashes or underscores (at most 60)")
    .default("khelkud"),
  SERVE_WEB: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  // What one customer can hold without paying (docs/decisions/077).
  // Unset under NODE_ENV=test: high enough that the suite's own checkouts never meet them (limit tests set their own).
  ORDER_MAX_UNITS_PER_LINE: z.coerce.number().int().min(1).max(10).optional(),
  ORDER_MAX_UNITS: z.coerce.number().int().min(1).max(1000).optional(),
  ORDER_MAX_OPEN_UNPAID: z.coerce.number().int().min(1).max(1000).optional(),
  ORDER_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).optional(),
  ORDER_RATE_PER_MINUTE_PER_IP: z.coerce.number().int().min(1).max(100_000).optional(),
  // Order notifications (docs/decisions/090, 091, 092, 093): SMS through Sparrow SMS, or its local simulator outside production.
  SMS_ENABLED: z.enum(["auto", "true", "false"]).default("auto"),
  SMS_SIMULATOR: z.enum(["auto", "on", "off", "true", "false"]).default("auto"),
  SPARROW_SMS_TOKEN: optionalText,
  SPARROW_SMS_FROM: z
    .string()
    .trim()
    .regex(/^[\w .-]{1,20}$/, "letters, digits, spaces, dots, dashes (at most 20): the sender identity Sparrow SMS approved")
    .default("Khelkud"),
  SPARROW_SMS_URL: optionalUrl,
  NOTIFY_POLL_MS: z.coerce.number().int().min(0).max(600_000).default(1_000),
  NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  NOTIFY_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  COD_CONFIRM_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  /** Proxies whose X-Forwarded-For/-Proto are believed: comma-separated addresses, CIDRs or loopback|linklocal|uniquelocal. */
  TRUST_PROXY: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim())
        .filter((e) => e !== ""),
    )
    .refine(
      (entries) => entries.every(isProxyAddress),
      "a comma-separated list of proxy addresses or CIDRs (e.g. 127.0.0.1 or 10.0.0.0/8), or loopback, linklocal, uniquelocal",
    ),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  nodeEnv: Env["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  logLevel: Env["LOG_LEVEL"];
  dataDir: string;
  /** PostgreSQL connection string; undefined means embedded PGlite in dataDir/pglite. */
  databaseUrl: string | undefined;
  /** PostgreSQL timeouts (ms): connect (handshake or a free pool connection), statement, idle in a transaction. */
  databaseTimeouts: DatabaseTimeouts;
  /** PGlite location: a folder, or "memory://" for tests. */
  pgliteDir: string;
  seedOnEmpty: boolean;
  uploadsDir: string;
  cacheDir: string;
  webBuildDir: string;
  /** "build" serves apps/web/build; "vite" serves through Vite middleware with hot reload (npm run dev). */
  webMode: "build" | "vite";
  /** true when the React Router app should be served; tests of the API alone turn it off. */
  serveWeb: boolean;
  repoRoot: string;
  payments: PaymentsConfig;
  /** How often server.ts sweeps expired unpaid wallet orders (0 = never). */
  paymentSweepSeconds: number;
  /** How often server.ts vacuums and analyses the embedded database's tables that need it (0 = never; PGlite only). */
  embeddedUpkeepSeconds: number;
  /** SMTP connection string; undefined means e-mails are written to the development outbox in dataDir/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  /** Serve /dev/mail (the outbox viewer) to this machine only. Default: outside production, when no SMTP is configured; never in production. */
  devMailViewer: boolean;
  /** Session cookie carries Secure: production on any host but localhost, or an https PUBLIC_URL. */
  cookieSecure: boolean;
  /**
   * Sign-in, registration and password reset limits, per window: per IP, per account (e-mail) — for sign-in per account
   * and IP pair — and, for sign-in, an account-wide ceiling that a password reset clears (docs/decisions/079).
   */
  authRateLimit: { windowMs: number; perIp: number; perAccount: number; perAccountTotal: number };
  /** Micro-cache of public catalogue reads (0 = off). */
  catalogCacheMs: number;
  searchWordCacheMs: number;
  /** How long a shared storefront page may take a session as it was, without a query (docs/decisions/111). */
  sessionPageMemoMs: number;
  /** Bytes the page cache may hold (docs/decisions/119). */
  pageCacheMaxBytes: number;
  /** What one customer can hold without paying, and how fast they may order (docs/decisions/077). */
  orderLimits: OrderLimits;
  /**
   * Proxies trusted to say who the client is (X-Forwarded-For, X-Forwarded-Proto): addresses, CIDRs or named ranges
   * for Fastify's trustProxy. Empty: no forwarding header is believed, req.ip is the TCP peer. X-Forwarded-Host is
   * never used for the cross-site check, whoever sends it.
   */
  trustProxy: string[];
  /** Order notifications: SMS gateway (null: no SMS), its simulator, the outbox worker's pace (docs/decisions/090, 091, 092, 093). */
  notifications: NotificationsConfig;
  /** Shared Redis for several instances (live-channel adapter, rate-limit counters); null runs everything in this process. */
  redis: { url: string; prefix: string } | null;
}

export interface OrderLimits {
  /** Units of one product size in one order (colours of one size count together: stock is per size). */
  maxUnitsPerLine: number;
  /** Units in one order. */
  maxUnitsPerOrder: number;
  /** Orders of one customer that hold stock without money: not yet shipped, payment still PENDING. */
  maxOpenUnpaid: number;
  /** Orders placed per minute, per customer and per client IP (429 with Retry-After beyond). */
  perMinutePerCustomer: number;
  perMinutePerIp: number;
  /** A cash-on-delivery order not confirmed within this time is cancelled and its stock returned. */
  codConfirmMinutes: number;
}

export interface NotificationsConfig {
  /** Sparrow SMS: the send endpoint, token and sender identity; null when SMS is off. */
  sms: { url: string; token: string; from: string } | null;
  /** The local Sparrow SMS simulator at `${publicUrl}/_simulator/sparrow` and its /dev/sms list (never in production). */
  smsSimulator: boolean;
  /** Where the simulator keeps every SMS it received (listed at /dev/sms). */
  smsOutboxDir: string;
  /** How often the outbox worker looks for due notifications (0 = never; tests drive it themselves). */
  pollMs: number;
  /** Attempts before a notification is recorded as failed for good. */
  maxAttempts: number;
  /** How long a worker's claim on a notification lasts; one still SENDING after it is in doubt (its worker stopped). */
  leaseMs: number;
}

export const SMS_SIMULATOR_PREFIX = "/_simulator/sparrow";
/** The token the SMS simulator accepts when SPARROW_SMS_TOKEN is not set (development only). */
export const SIMULATOR_SMS_TOKEN = "test_token_khelkud_sms_simulator";
export const SPARROW_SMS_URL = "https://api.sparrowsms.com/v2/sms/";

export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
  idleInTransactionMs: number;
}

/** Wallet settings. A provider that is null is switched off: the shop must not offer it. */
export interface PaymentsConfig {
  /** The local provider simulator is mounted at `${publicUrl}/_simulator` (never in production). */
  simulator: boolean;
  /** Browser-reachable simulator base, e.g. http://localhost:3000/_simulator; null when off. */
  simulatorBaseUrl: string | null;
  khalti: { baseUrl: string; secretKey: string } | null;
  esewa: { productCode: string; secretKey: string; formUrl: string; statusUrl: string } | null;
}

export const SIMULATOR_PREFIX = "/_simulator";
/** The key the simulator's Khalti accepts when KHALTI_SECRET_KEY is not set (development only). */
export const SIMULATOR_KHALTI_KEY = "test_secret_key_khelkud_simulator";
/** eSewa's published UAT merchant; used by default only while the simulator is on. */
export const ESEWA_UAT = { productCode: "EPAYTEST", secretKey: "8gBm/:&EnhH.1/q" } as const;

const PROVIDER_HOSTS = {
  production: {
    khalti: "https://khalti.com/api/v2/",
    esewaForm: "https://epay.esewa.com.np/api/epay/main/v2/form",
    esewaStatus: "https://epay.esewa.com.np/api/epay/transaction/status/",
  },
  sandbox: {
    khalti: "https://dev.khalti.com/api/v2/",
    esewaForm: "https://rc-epay.esewa.com.np/api/epay/main/v2/form",
    esewaStatus: "https://rc.esewa.com.np/api/epay/transaction/status/",
  },
} as const;

export class EnvError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}\nSee .env.example for every variable and its default.`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === "production" && env.DEV_MAIL_VIEWER === true) {
    throw new EnvError(
      "Invalid environment configuration:\n  - DEV_MAIL_VIEWER: the outbox viewer cannot run in production (it shows password-reset links)\nSee .env.example for every variable and its default.",
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return {
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST ?? "127.0.0.1",
    publicUrl,
    logLevel: env.LOG_LEVEL,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databaseTimeouts: {
      connectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: env.DATABASE_IDLE_TIMEOUT_MS,
    },
    pgliteDir: path.join(dataDir, "pglite"),
    seedOnEmpty: env.SEED_ON_EMPTY && env.NODE_ENV !== "production",
    uploadsDir: path.join(dataDir, "uploads"),
    cacheDir: path.join(dataDir, "cache"),
    webBuildDir: path.resolve(env.WEB_BUILD_DIR),
    webMode: env.WEB_MODE,
    serveWeb: env.SERVE_WEB,
    repoRoot,
    payments: paymentsConfig(env, publicUrl),
    paymentSweepSeconds: env.PAYMENT_SWEEP_SECONDS,
    embeddedUpkeepSeconds: env.EMBEDDED_UPKEEP_SECONDS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    outboxDir: path.join(dataDir, "outbox"),
    devMailViewer: !env.SMTP_URL && (env.DEV_MAIL_VIEWER ?? env.NODE_ENV !== "production"),
    cookieSecure: isSecureOrigin(env.PUBLIC_URL, env.NODE_ENV === "production"),
    authRateLimit: {
      windowMs: 15 * 60_000,
      perIp: env.AUTH_RATE_LIMIT_PER_IP,
      perAccount: env.AUTH_RATE_LIMIT_PER_ACCOUNT,
      perAccountTotal: env.AUTH_RATE_LIMIT_PER_ACCOUNT_TOTAL,
    },
    catalogCacheMs: env.CATALOG_CACHE_MS ?? (env.NODE_ENV === "test" ? 0 : 2000),
    searchWordCacheMs: env.SEARCH_WORD_CACHE_MS ?? (env.NODE_ENV === "test" ? 0 : 500),
    sessionPageMemoMs: env.SESSION_PAGE_MEMO_MS ?? (env.NODE_ENV === "test" ? 0 : 2000),
    pageCacheMaxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024,
    redis: env.REDIS_URL ? { url: env.REDIS_URL, prefix: env.REDIS_PREFIX } : null,
    orderLimits: orderLimits(env),
    notifications: notificationsConfig(env, publicUrl, dataDir),
    trustProxy: env.TRUST_PROXY,
  };
}

/**
 * SMS: on with a Sparrow SMS token, or through the simulator outside production when no token is set. Production refuses
 * to start with SMS switched on but no token, or with the simulator (it would "send" nothing).
 */
function notificationsConfig(env: Env, publicUrl: string, dataDir: string): NotificationsConfig {
  const production = env.NODE_ENV === "production";
  const problems: string[] = [];
  const explicit = env.SMS_SIMULATOR === "on" || env.SMS_SIMULATOR === "true";
  const smsSimulator = explicit || (env.SMS_SIMULATOR === "auto" && env.SPARROW_SMS_TOKEN === undefined && !production && env.SMS_ENABLED !== "false");
  if (production && explicit) problems.push("SMS_SIMULATOR: the SMS simulator cannot run in production (no SMS would reach a customer)");
  let sms: NotificationsConfig["sms"] = null;
  const token = env.SPARROW_SMS_TOKEN ?? (smsSimulator ? SIMULATOR_SMS_TOKEN : undefined);
  if (env.SMS_ENABLED === "true" || (env.SMS_ENABLED === "auto" && token !== undefined)) {
    if (token === undefined) problems.push("SPARROW_SMS_TOKEN: required when SMS_ENABLED=true");
    else
      sms = { url: env.SPARROW_SMS_URL ?? (smsSimulator ? `${publicUrl}${SMS_SIMULATOR_PREFIX}/v2/sms/` : SPARROW_SMS_URL), token, from: env.SPARROW_SMS_FROM };
    if (production && sms && new URL(sms.url).pathname.startsWith(`${SMS_SIMULATOR_PREFIX}/`))
      problems.push("SPARROW_SMS_URL: points at the SMS simulator, which production must not use");
  }
  if (problems.length > 0) throw new EnvError(`Invalid SMS configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}\nSee .env.example (SMS variables).`);
  return {
    sms,
    smsSimulator,
    smsOutboxDir: path.join(dataDir, "sms-outbox"),
    pollMs: env.NOTIFY_POLL_MS,
    maxAttempts: env.NOTIFY_MAX_ATTEMPTS,
    leaseMs: env.NOTIFY_LEASE_MS,
  };
}

function orderLimits(env: Env): OrderLimits {
  const test = env.NODE_ENV === "test";
  return {
    maxUnitsPerLine: env.ORDER_MAX_UNITS_PER_LINE ?? 10,
    maxUnitsPerOrder: env.ORDER_MAX_UNITS ?? (test ? 1000 : 20),
    maxOpenUnpaid: env.ORDER_MAX_OPEN_UNPAID ?? (test ? 1000 : 5),
    perMinutePerCustomer: env.ORDER_RATE_PER_MINUTE ?? (test ? 100_000 : 5),
    perMinutePerIp: env.ORDER_RATE_PER_MINUTE_PER_IP ?? (test ? 100_000 : 20),
    codConfirmMinutes: env.COD_CONFIRM_MINUTES,
  };
}

/**
 * Wallet configuration. The simulator is on by default outside production when no provider key is
 * set. In production the server refuses to start with a wallet that has no key or that points at
 * the simulator: a shop must never take orders it cannot get paid for, or "pay" with fake money.
 */
function paymentsConfig(env: Env, publicUrl: string): PaymentsConfig {
  const production = env.NODE_ENV === "production";
  const problems: string[] = [];
  const anyKey = env.KHALTI_SECRET_KEY !== undefined || env.ESEWA_SECRET_KEY !== undefined;
  const explicit = env.PAYMENT_SIMULATOR === "on" || env.PAYMENT_SIMULATOR === "true";
  const simulator = explicit || (env.PAYMENT_SIMULATOR === "auto" && !anyKey && !production);
  if (production && explicit) problems.push("PAYMENT_SIMULATOR: the payment simulator cannot run in production (it accepts fake payments)");

  const simulatorBaseUrl = simulator ? `${publicUrl}${SIMULATOR_PREFIX}` : null;
  const hosts = production ? PROVIDER_HOSTS.production : PROVIDER_HOSTS.sandbox;
  const pointsAtSimulator = (url: string) => new URL(url).pathname.startsWith(`${SIMULATOR_PREFIX}/`);

  let khalti: PaymentsConfig["khalti"] = null;
  const khaltiKey = env.KHALTI_SECRET_KEY ?? (simulator ? SIMULATOR_KHALTI_KEY : undefined);
  if (env.KHALTI_ENABLED === "true" || (env.KHALTI_ENABLED === "auto" && khaltiKey !== undefined)) {
    const baseUrl = env.KHALTI_BASE_URL ?? (simulatorBaseUrl ? `${simulatorBaseUrl}/khalti/api/v2/` : hosts.khalti);
    if (khaltiKey === undefined) problems.push("KHALTI_SECRET_KEY: required when KHALTI_ENABLED=true");
    else khalti = { baseUrl, secretKey: khaltiKey };
    if (production && pointsAtSimulator(baseUrl)) problems.push("KHALTI_BASE_URL: points at the payment simulator, which production must not use");
  }

  let esewa: PaymentsConfig["esewa"] = null;
  const esewaKey = env.ESEWA_SECRET_KEY ?? (simulator ? ESEWA_UAT.secretKey : undefined);
  if (env.ESEWA_ENABLED === "true" || (env.ESEWA_ENABLED === "auto" && esewaKey !== undefined)) {
    const formUrl = env.ESEWA_FORM_URL ?? (simulatorBaseUrl ? `${simulatorBaseUrl}/esewa/api/epay/main/v2/form` : hosts.esewaForm);
    const statusUrl = env.ESEWA_STATUS_URL ?? (simulatorBaseUrl ? `${simulatorBaseUrl}/esewa/api/epay/transaction/status/` : hosts.esewaStatus);
    if (esewaKey === undefined) problems.push("ESEWA_SECRET_KEY: required when ESEWA_ENABLED=true");
    else esewa = { productCode: env.ESEWA_PRODUCT_CODE ?? ESEWA_UAT.productCode, secretKey: esewaKey, formUrl, statusUrl };
    if (production && (pointsAtSimulator(formUrl) || pointsAtSimulator(statusUrl))) {
      problems.push("ESEWA_FORM_URL / ESEWA_STATUS_URL: point at the payment simulator, which production must not use");
    }
  }

  if (problems.length > 0) {
    throw new EnvError(`Invalid payment configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}\nSee .env.example (wallet variables).`);
  }
  return { simulator, simulatorBaseUrl, khalti, esewa };
}

function isSecureOrigin(publicUrl: string | undefined, production: boolean): boolean {
  if (publicUrl?.startsWith("https://")) return true;
  if (!production) return false;
  // Browsers drop Secure cookies over plain http except on localhost; a production demo on localhost still works.
  const host = publicUrl ? new URL(publicUrl).hostname : "localhost";
  return !["localhost", "127.0.0.1", "[::1]"].includes(host);
}

/** Variables the test harness reads (kept here so process.env has one reader). */
export function testDatabaseUrl(): string | undefined {
  const v = process.env.TEST_DATABASE_URL;
  return v && v.trim() !== "" ? v : undefined;
}

/** Redis for the multi-instance tests (CI sets it); without it those tests are not registered. */
export function testRedisUrl(): string | undefined {
  const v = process.env.TEST_REDIS_URL;
  return v && v.trim() !== "" ? v : undefined;
}

/** The environment a test gives to a child server process: this one's, plus the test's own settings. */
export function childProcessEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}
