import net from "node:net";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { MSG } from "@khelkud/contracts";
import { buildApp } from "../app.js";
import { EnvError, loadConfig } from "../env.js";
import { openPostgres, type Database } from "../db/client.js";
import { spawnServer } from "../test/server-process.js";

/** A "database" that accepts TCP connections and never says a word (a hung server, a black-holing proxy). */
async function silentDatabase(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe("a database that accepts connections and never answers", () => {
  let silent: Awaited<ReturnType<typeof silentDatabase>>;
  let database: Database;
  let app: FastifyInstance;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "khelkud-silentdb-"));

  beforeAll(async () => {
    silent = await silentDatabase();
    const url = `postgres://khelkud:secret@127.0.0.1:${silent.port}/shop`;
    // The connect timeout is longer than /api/ready's own bound, so the readiness answer cannot come from it.
    database = openPostgres(url, 4, { connectMs: 3_000, statementMs: 1_000, idleInTransactionMs: 1_000 });
    const config = { ...loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent", DATABASE_URL: url }), serveWeb: false };
    app = await buildApp(config, { database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await silent.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("/api/ready answers 503 from its own bound (1.5 s), before the connection would time out (3 s)", async () => {
    const started = Date.now();
    const res = await app.inject("/api/ready");
    // Not a timing benchmark: an answer after 3 s would have come from the driver's connect timeout, not the route's
    // bound. The margin over 1.5 s allows for a machine busy with the test file running beside this one.
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ success: false, error: "Database is not reachable" });
  });

  it("requests that need the database fail with the server-error message and Retry-After instead of hanging", async () => {
    for (const url of ["/api/products", "/api/categories"]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.json()).toMatchObject({ success: false, error: MSG.serverError });
    }
    const signedIn = await app.inject({ url: "/api/auth/me", headers: { authorization: "Bearer some-token" } });
    expect(signedIn.statusCode).toBe(503);
  });

  it("the process itself stays alive and says so", async () => {
    expect((await app.inject("/api/health")).statusCode).toBe(200);
  });
});

describe("start-up with a database it cannot use", () => {
  const noStack = (out: string) => expect(out).not.toMatch(/\n\s+at .+:\d+:\d+/);

  it("stops with a clear sentence, without the password or a stack trace, when the database never answers", async () => {
    const silent = await silentDatabase();
    try {
      const server = spawnServer({ PORT: "0", DATABASE_URL: `postgres://khelkud:hunter2@127.0.0.1:${silent.port}/shop`, DATABASE_CONNECT_TIMEOUT_MS: "1000" });
      expect(await server.exited).toBe(1);
      const out = server.output();
      expect(out).toContain(`Could not open PostgreSQL at postgres://khelkud@127.0.0.1:${silent.port}/shop`);
      expect(out).toContain("Check DATABASE_URL");
      expect(out).not.toContain("hunter2");
      noStack(out);
    } finally {
      await silent.close();
    }
  });

  it("stops with a clear sentence when nothing listens at the address", async () => {
    const probe = await silentDatabase();
    const port = probe.port;
    await probe.close();
    const server = spawnServer({ PORT: "0", DATABASE_URL: `postgresql://khelkud@127.0.0.1:${port}/shop` });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Could not open PostgreSQL at postgresql:\/\/khelkud@127\.0\.0\.1:\d+\/shop: connect ECONNREFUSED/);
    noStack(server.output());
  });

  it("refuses a URL that is not PostgreSQL before connecting anywhere", async () => {
    const server = spawnServer({ PORT: "0", DATABASE_URL: "mysql://root@127.0.0.1:3306/shop" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
    noStack(server.output());
    expect(() => loadConfig({ DATABASE_URL: "mysql://root@127.0.0.1:3306/shop" })).toThrow(EnvError);
    expect(loadConfig({ DATABASE_URL: "postgresql://u@h/db" }).databaseUrl).toBe("postgresql://u@h/db");
    expect(loadConfig({}).databaseTimeouts).toEqual({ connectMs: 5_000, statementMs: 15_000, idleInTransactionMs: 60_000 });
  });
});
