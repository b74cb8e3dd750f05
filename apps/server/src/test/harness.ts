import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { inject } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp, type BuildOptions } from "../app.js";
import { loadConfig, type Config } from "../env.js";
import { DEFAULT_DATABASE_TIMEOUTS, openPostgres, wrapPglite, type Database } from "../db/client.js";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
    pgAdminUrl: string;
  }
}

/** A fresh, migrated database for one test file: PGlite in memory, or a PostgreSQL copy of the template. */
export async function createTestDatabase(): Promise<Database> {
  const template = inject("pgTemplate");
  if (template) {
    const adminUrl = inject("pgAdminUrl");
    const name = `khelkud_t_${process.ppid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } finally {
      await admin.end();
    }
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    // Tests that send 200 writes at once queue for the pool's 20 connections; on a loaded machine the shop's 5 s bound
    // on that wait would answer 503 and prove nothing (database-faults.test.ts tests the bound with a pool of its own).
    const db = openPostgres(u.toString(), 20, { ...DEFAULT_DATABASE_TIMEOUTS, connectMs: 60_000 });
    return {
      ...db,
      close: async () => {
        await db.close();
        const a = new pg.Client({ connectionString: adminUrl });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const { bytes, wasm } = keptPglite(inject("pgliteDump"));
  const client = await PGlite.create({ loadDataDir: new KeptBlob(bytes), pgliteWasmModule: wasm, extensions: { pg_trgm } });
  return wrapPglite(client);
}

/**
 * The migrated dump's bytes and PGlite's compiled WebAssembly, kept for the worker's files (they share a module graph,
 * docs/decisions/146): read and compiled once instead of once per file. Each instance copies the bytes into a file
 * system of its own, so what one test file writes is never seen by another (docs/decisions/147).
 */
let kept: { file: string; bytes: ArrayBuffer; wasm: WebAssembly.Module } | undefined;
/** Node's WebAssembly global: the server's type libraries (no DOM) declare only its types. */
const wasmApi = (globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => WebAssembly.Module } }).WebAssembly;
function keptPglite(file: string): { bytes: ArrayBuffer; wasm: WebAssembly.Module } {
  if (kept?.file !== file) {
    const dump = fs.readFileSync(file);
    const wasmFile = createRequire(import.meta.url).resolve("@electric-sql/pglite/pglite.wasm");
    kept = { file, bytes: dump.buffer.slice(dump.byteOffset, dump.byteOffset + dump.byteLength), wasm: new wasmApi.Module(fs.readFileSync(wasmFile)) };
  }
  return kept;
}

/**
 * A Blob of the kept dump whose `arrayBuffer()` hands over the kept bytes. PGlite reads a data directory to load with
 * `arrayBuffer()`, which for a plain Blob of 42 MB copies it through a stream: about 0.4 s of each file's start.
 */
class KeptBlob extends Blob {
  readonly #kept: ArrayBuffer;
  constructor(kept: ArrayBuffer) {
    super([kept]);
    this.#kept = kept;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#kept);
  }
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  beforeReady?: (app: FastifyInstance) => void,
  build: Omit<BuildOptions, "database"> = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "khelkud-data-"));
  const config: Config = {
    ...loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" }),
    serveWeb: false,
    ...overrides,
  };
  const app = await buildApp(config, { logger: false, ...build, database });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
