// Forgot-password timing (docs/decisions/079): does the answer's time tell whether an address has an account?
// 300 requests for known and 300 for unknown addresses, shuffled, on the embedded database through app.inject;
// prints both medians and their ratio (goal: within 1.2). Figures only: a timing is never a test's verdict.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { summary } from "./summary.mjs";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/env.ts";
import { openPglite } from "../apps/server/src/db/client.ts";
import { insertUser } from "../apps/server/src/test/factories.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "khelkud-bench-forgot-"));
const database = await openPglite("memory://");
await database.migrate();
const config = { ...loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" }), serveWeb: false };
config.authRateLimit = { ...config.authRateLimit, perIp: 1_000_000, perAccount: 1_000_000, perAccountTotal: 1_000_000 };
const app = await buildApp(config, { database, logger: false });
try {
  const known = [];
  for (let i = 0; i < 20; i++) known.push(await insertUser(database.db));
  const ask = async (email) => {
    const started = process.hrtime.bigint();
    const res = await app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email }, remoteAddress: "10.9.9.9" });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.statusCode !== 200) throw new Error(`forgot-password answered ${res.statusCode}`);
    await app.services.background.idle();
    return ms;
  };
  for (let i = 0; i < 20; i++) {
    await ask(known[i % known.length].email);
    await ask(`warm-${i}@nobody.example`);
  }
  const plan = [...Array.from({ length: ROUNDS }, (_, i) => ["known", i]), ...Array.from({ length: ROUNDS }, (_, i) => ["unknown", i])];
  for (let i = plan.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [plan[i], plan[j]] = [plan[j], plan[i]];
  }
  const times = { known: [], unknown: [] };
  for (const [kind, i] of plan) times[kind].push(await ask(kind === "known" ? known[i % known.length].email : `nobody-${i}@nobody.example`));
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
  };
  const k = median(times.known);
  const u = median(times.unknown);
  const ratio = Math.max(k, u) / Math.min(k, u);
  console.log(`forgot-password (PGlite, ${ROUNDS} each): median known ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms, ratio ${ratio.toFixed(2)} (goal ≤ 1.20); load average ${os.loadavg()[0].toFixed(1)}`);
  summary("forgot-password", "known vs unknown address, median ratio", `${ratio.toFixed(2)} (goal ≤ 1.20; ${k.toFixed(2)} / ${u.toFixed(2)} ms)`);
} finally {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
