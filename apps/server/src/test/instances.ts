import type { ChildProcess } from "node:child_process";
import net from "node:net";
import pg from "pg";
import { inject } from "vitest";
import { spawnTsxServer } from "./server-process.js";
import { openPostgres, type Database } from "../db/client.js";

/**
 * Real server processes for the multi-instance and nginx tests: `node --import tsx src/server.ts`, exactly as
 * `npm start` runs it, on a PostgreSQL database copied from the migrated test template and a shared Redis.
 */

/** A port in [from, to] that nothing listens on right now. */
export async function freePort(from: number, to: number, taken: Set<number> = new Set()): Promise<number> {
  for (let port = from; port <= to; port++) {
    if (taken.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port between ${from} and ${to}`);
}

/**
 * A PostgreSQL database of its own, dropped by `drop`: a copy of the run's migrated template, or empty
 * (`empty: true`) so that the instances migrate it themselves, all starting at once as in a deploy.
 */
export async function createSharedDatabase({ empty = false } = {}): Promise<{ url: string; database: Database; drop(): Promise<void> }> {
  const template = inject("pgTemplate");
  const adminUrl = inject("pgAdminUrl");
  if (!template) throw new Error("the multi-instance tests need TEST_DATABASE_URL (PostgreSQL)");
  const name = `khelkud_t_${process.ppid}_multi_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(empty ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = openPostgres(url, 4);
  return {
    url,
    database,
    async drop() {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export interface Instance {
  port: number;
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function startInstance(opts: { port: number; databaseUrl: string; redisUrl: string; redisPrefix: string; publicUrl?: string; env?: Record<string, string> }): Promise<Instance> {
  const { child, output, exited } = spawnTsxServer("live-instance-", {
    NODE_ENV: "development",
    PORT: String(opts.port),
    HOST: "127.0.0.1",
    // As docs/deploy.md says: nginx runs on this host, and only its X-Forwarded-For is believed.
    TRUST_PROXY: "127.0.0.1",
    PUBLIC_URL: opts.publicUrl ?? `http://127.0.0.1:${opts.port}`,
    DATABASE_URL: opts.databaseUrl,
    REDIS_URL: opts.redisUrl,
    REDIS_PREFIX: opts.redisPrefix,
    SEED_ON_EMPTY: "false",
    SERVE_WEB: "false",
    LOG_LEVEL: "warn",
    DEV_MAIL_VIEWER: "false",
    ...opts.env,
  });
  const url = `http://127.0.0.1:${opts.port}`;

  const deadline = Date.now() + 60_000;
  let alive = true;
  void exited.then(() => (alive = false));
  for (;;) {
    if (!alive) throw new Error(`instance on port ${opts.port} exited during start:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`instance on port ${opts.port} did not become ready in 60 s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }

  return {
    port: opts.port,
    url,
    child,
    output,
    exited,
    async stop(signal: NodeJS.Signals = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
