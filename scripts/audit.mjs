// npm audit of production dependencies: fails on any high or critical advisory.
// When the registry's advisory endpoint cannot be reached (an offline mirror answers 405/404), says so and does not
// fail: that is no evidence either way, and it must not block the other checks. Exit 0 = clean or unavailable.
import { spawnSync } from "node:child_process";
import { root } from "./lib.mjs";

const res = spawnSync("npm", ["audit", "--omit=dev", "--json"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
let report;
try {
  report = JSON.parse(res.stdout);
} catch {
  console.log(`npm audit gave no report (exit ${res.status}): ${(res.stderr || res.stdout).trim().split("\n").slice(-3).join(" ")}`);
  process.exit(0);
}
if (!report.metadata?.vulnerabilities) {
  console.log(`⚠ npm audit could not reach the advisory database (${report.message ?? report.error?.summary ?? "no metadata"}); not checked on this machine.`);
  process.exit(0);
}
const v = report.metadata.vulnerabilities;
console.log(`npm audit (production dependencies): critical ${v.critical}, high ${v.high}, moderate ${v.moderate}, low ${v.low}`);
const serious = Object.values(report.vulnerabilities ?? {}).filter((x) => x.severity === "high" || x.severity === "critical");
for (const x of serious) console.log(`  ✗ ${x.name} (${x.severity}) ${x.range}${x.fixAvailable ? " — fix available" : ""}`);
process.exit(v.high + v.critical > 0 ? 1 : 0);
