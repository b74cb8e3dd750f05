// The browser tests' two shards start their servers at the same moment, and each server builds the bundle first
// (scripts/lib.mjs serve). A build must never leave the bundle missing or half-written while another server starts
// (docs/decisions/149: emptying the folder first once made a shard's server find no bundle).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildServer, SERVER_BUNDLE } from "./build-server.mjs";
import { root } from "./lib.mjs";

const journal = path.join(path.dirname(SERVER_BUNDLE), "migrations/meta/_journal.json");
const build = () =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/build-server.mjs"], { cwd: root, stdio: "ignore" });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`build exited with ${code}`))));
  });

describe("the server bundle's build", () => {
  it("keeps a whole bundle and the migrations in place while two builds run at once", async () => {
    await buildServer();
    const whole = fs.readFileSync(SERVER_BUNDLE);
    // A change to the bundle, so that both builds below write it again.
    fs.writeFileSync(SERVER_BUNDLE, "// an older build\n");
    const gaps = [];
    let running = true;
    const builds = Promise.all([build(), build()]).finally(() => (running = false));
    while (running) {
      let now;
      try {
        now = fs.readFileSync(SERVER_BUNDLE);
        fs.accessSync(journal);
      } catch (e) {
        gaps.push(`missing: ${e.code}`);
      }
      // One read, then compared: the old bytes or the new whole bundle, never anything between.
      if (now && !now.equals(whole) && now.toString() !== "// an older build\n") gaps.push(`half-written: ${now.length} bytes`);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await builds;
    expect(gaps).toEqual([]);
    expect(fs.readFileSync(SERVER_BUNDLE).equals(whole)).toBe(true);
  }, 60_000);

  it("drops what an earlier build left that this one does not make", async () => {
    const stray = path.join(path.dirname(SERVER_BUNDLE), "migrations/9999_gone.sql");
    fs.writeFileSync(stray, "SELECT 1;");
    await buildServer();
    expect(fs.existsSync(stray)).toBe(false);
    expect(fs.existsSync(journal)).toBe(true);
  });
});
