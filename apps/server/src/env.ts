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
  /** How long public catalogue reads are reused, in ms; unset: 2000, or 0 under NODE_ENV=test. */
  CATALOG_CACHE_MS: z.coerce.number().int().min(0).max(600_000).optional(),
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
  /** Micro-cache of public catalogue reads (0 = off). */
  catalogCacheMs: number;
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
    catalogCacheMs: env.CATALOG_CACHE_MS ?? (env.NODE_ENV === "test" ? 0 : 2000),
  };
}

/** Variables the test harness reads (kept here so process.env has one reader). */
export function testDatabaseUrl(): string | undefined {
  const v = process.env.TEST_DATABASE_URL;
  return v && v.trim() !== "" ? v : undefined;
}
