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

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATA_DIR: z.string().default(path.join(repoRoot, ".data")),
  DATABASE_URL: optionalUrl,
  SEED_ON_EMPTY: z.enum(["true", "false"]).default("true").transform((v) => v === "true"),
  WEB_MODE: z.enum(["build", "vite"]).default("build"),
  WEB_BUILD_DIR: z.string().default(path.join(repoRoot, "apps/web/build")),
  SMTP_URL: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://").optional())
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default("Khelkud <no-reply@khelkud.com.np>"),
  DEV_MAIL_VIEWER: z.enum(["true", "false", ""]).optional().transform((v) => (v === "" ? undefined : v === undefined ? undefined : v === "true")),
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
  /** SMTP connection string; undefined means e-mails are written to the development outbox in dataDir/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  /** Serve /dev/mail (the outbox viewer). Default: outside production, when no SMTP is configured. */
  devMailViewer: boolean;
  /** Session cookie carries Secure: production on any host but localhost, or an https PUBLIC_URL. */
  cookieSecure: boolean;
  /** Sign-in, registration and password reset limits, per window, per IP and per account (e-mail). */
  authRateLimit: { windowMs: number; perIp: number; perAccount: number };
}

export class EnvError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}\nSee .env.example for every variable and its default.`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    logLevel: env.LOG_LEVEL,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(dataDir, "pglite"),
    seedOnEmpty: env.SEED_ON_EMPTY && env.NODE_ENV !== "production",
    uploadsDir: path.join(dataDir, "uploads"),
    cacheDir: path.join(dataDir, "cache"),
    webBuildDir: path.resolve(env.WEB_BUILD_DIR),
    webMode: env.WEB_MODE,
    serveWeb: true,
    repoRoot,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    outboxDir: path.join(dataDir, "outbox"),
    devMailViewer: !env.SMTP_URL && (env.DEV_MAIL_VIEWER ?? env.NODE_ENV !== "production"),
    cookieSecure: isSecureOrigin(env.PUBLIC_URL, env.NODE_ENV === "production"),
    authRateLimit: { windowMs: 15 * 60_000, perIp: 30, perAccount: 10 },
  };
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
