import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openPglite, openPostgres } from "../db/client.js";
import { testDatabaseUrl } from "../env.js";

/**
 * Migrates once per run. PGlite: a migrated data directory is dumped to a tarball that every test
 * file loads into its own in-memory instance. PostgreSQL: a migrated template database that every
 * test file copies with CREATE DATABASE … TEMPLATE.
 */
export default async function setup({ provide }: { provide: (key: string, value: string) => void }) {
  const url = testDatabaseUrl();
  if (url) {
    const template = `khelkud_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const u = new URL(url);
    u.pathname = `/${template}`;
    const db = openPostgres(u.toString(), 2);
    await db.migrate();
    await db.close();
    provide("pgTemplate", template);
    provide("pgAdminUrl", url);
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'khelkud_t_${process.pid}_%' OR datname = $1`, [template]);
      for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.end();
    };
  }
  const db = await openPglite("memory://");
  await db.migrate();
  // Each test file's instance then opens from a checkpoint taken just before the dump (slightly faster; docs/decisions/147).
  await db.pglite!.exec("CHECKPOINT");
  const dump = await db.pglite!.dumpDataDir("none");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "khelkud-test-")), "pglite.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  provide("pgliteDump", file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
