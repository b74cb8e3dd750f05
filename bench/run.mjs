// npm run bench: runs every bench/*.bench.mjs in turn; each prints its own figures. Nothing here is asserted.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = fs.readdirSync(dir).filter((f) => f.endsWith(".bench.mjs") && (!only || f.includes(only))).sort();
if (files.length === 0) console.log("No benchmarks found in bench/.");
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const res = spawnSync("node", ["--import", "tsx", path.join(dir, f)], { stdio: "inherit", cwd: path.join(dir, "..") });
  if (res.status !== 0) console.log(`(${f} exited with ${res.status})`);
}
