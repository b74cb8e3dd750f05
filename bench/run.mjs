// npm run bench: runs every bench/*.bench.mjs in turn; each prints its own figures, then one summary table of all.
// Nothing here is asserted. `npm run bench lighthouse` runs only the files whose name contains "lighthouse".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = fs.readdirSync(dir).filter((f) => f.endsWith(".bench.mjs") && (!only || f.includes(only))).sort();
if (files.length === 0) console.log("No benchmarks found in bench/.");
const summaryFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "khelkud-bench-")), "summary.jsonl");
const failed = [];
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const res = spawnSync("node", ["--import", "tsx", path.join(dir, f)], { stdio: "inherit", cwd: path.join(dir, ".."), env: { ...process.env, BENCH_SUMMARY_FILE: summaryFile } });
  if (res.status !== 0) {
    console.log(`(${f} exited with ${res.status})`);
    failed.push(f);
  }
}

const rows = fs.existsSync(summaryFile) ? fs.readFileSync(summaryFile, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l)) : [];
const cpu = os.cpus()[0]?.model ?? "unknown CPU";
console.log(`\n=== Summary (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${cpu}, Node ${process.version}) ===`);
const w1 = Math.max(5, ...rows.map((r) => r.bench.length));
const w2 = Math.max(7, ...rows.map((r) => r.measure.length));
console.log(`  ${"bench".padEnd(w1)}  ${"measure".padEnd(w2)}  result`);
for (const r of rows) console.log(`  ${r.bench.padEnd(w1)}  ${r.measure.padEnd(w2)}  ${r.value}`);
for (const f of failed) console.log(`  ${f.replace(".bench.mjs", "").padEnd(w1)}  ${"(failed)".padEnd(w2)}  see its output above`);
