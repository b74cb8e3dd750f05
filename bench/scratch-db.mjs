// A scratch PostgreSQL database for the benches that need one of their own (this file is not a benchmark itself).
import pg from "pg";

/**
 * A scratch PostgreSQL database for one bench run, on `BENCH_DATABASE_URL` (default the local server). Refuses any host
 * but this machine, and returns null (after saying why) when PostgreSQL cannot be reached, so the bench is skipped.
 * `drop()` removes the database at the end.
 */
export async function scratchPostgres(label) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const host = new URL(adminUrl).hostname;
  if (!["127.0.0.1", "localhost", "::1"].includes(host)) {
    console.log(`${label} bench: refusing ${host}; benchmarks run against 127.0.0.1 only.`);
    return null;
  }
  // BENCH_DB_PREFIX (default khelkud_bench) lets benches run side by side keep their databases apart.
  const prefix = process.env.BENCH_DB_PREFIX ?? "khelkud_bench";
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`BENCH_DB_PREFIX must be a lower-case SQL name, not ${prefix}`);
  const name = `${prefix}_${label}_${process.pid}`;
  const admin = async (sql) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  try {
    await admin(`CREATE DATABASE ${name}`);
  } catch (error) {
    console.log(`${label} bench: PostgreSQL not reachable at ${adminUrl} (${error.message}); skipped.`);
    return null;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Whether PostgreSQL answers at `url` within 2 s (benches skip their PostgreSQL part when it does not). */
export async function postgresReachable(url) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** CPU time (ms) so far of the PostgreSQL server processes serving one database (they run on this machine), by pid. */
export async function backendCpu(adminUrl, dbName) {
  if (!dbName) return new Map();
  const { default: fs } = await import("node:fs");
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const { rows } = await client.query("SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [dbName]);
  await client.end();
  const out = new Map();
  for (const { pid } of rows) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      out.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100); // utime + stime, in clock ticks of 10 ms
    } catch {
      // not on this machine, or gone
    }
  }
  return out;
}
