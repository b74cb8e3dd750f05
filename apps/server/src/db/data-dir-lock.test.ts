import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { DataDirInUseError, bootId, lockDataDir, processStartTime } from "./data-dir-lock.js";
import { openPglite } from "./client.js";

const folders: string[] = [];
function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "khelkud-lock-"));
  folders.push(dir);
  return path.join(dir, "pglite");
}
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The id of a process that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ["-e", ""]).pid!;
}

const writeHolder = (dir: string, holder: object | string) => fs.writeFileSync(`${dir}.lock`, typeof holder === "string" ? holder : JSON.stringify(holder));

describe("one process at a time on an embedded database's folder (docs/decisions/155)", () => {
  it("refuses a second opener while the folder is held, and lets it in once released", () => {
    const dir = folder();
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, "utf8"))).toEqual({ pid: process.pid, started: processStartTime(process.pid), boot: bootId() });
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(`${dir}/../pglite`)).toThrow(/already open in this process/);
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
    lockDataDir(dir)();
  });

  it("refuses while another live process holds it, naming that process, and takes it once that process has gone", async () => {
    const dir = folder();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    try {
      await new Promise((resolve) => other.once("spawn", resolve));
      writeHolder(dir, { pid: other.pid, started: processStartTime(other.pid!) });
      let refusal: unknown;
      try {
        lockDataDir(dir);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DataDirInUseError);
      expect((refusal as Error).message).toContain(`open in another process (pid ${other.pid})`);
      expect((refusal as Error).message).toContain("DATA_DIR");
      expect((refusal as Error).message).toContain(`delete ${dir}.lock`);
      // The same process, as written before the machine last started: gone, whatever its id and start time.
      if (bootId() !== null) {
        writeHolder(dir, { pid: other.pid, started: processStartTime(other.pid!), boot: "an-earlier-boot" });
        lockDataDir(dir)();
        writeHolder(dir, { pid: other.pid, started: processStartTime(other.pid!), boot: bootId() });
      }
    } finally {
      other.kill("SIGKILL");
      await new Promise((resolve) => (other.exitCode !== null || other.signalCode !== null ? resolve(null) : other.once("exit", resolve)));
    }
    // Killed without letting go: the file is left, and the next opener takes the folder over.
    expect(fs.existsSync(`${dir}.lock`)).toBe(true);
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, "utf8")).pid).toBe(process.pid);
    release();
  });

  it("takes over a file whose process has gone, whose id was given to a later process, or that was cut short", () => {
    const dir = folder();
    writeHolder(dir, { pid: deadPid(), started: "1" });
    lockDataDir(dir)();
    // The parent of this process is alive, but it is not the holder the file names: that one started at another time.
    if (processStartTime(process.ppid) !== null) {
      writeHolder(dir, { pid: process.ppid, started: "1" });
      lockDataDir(dir)();
    }
    // A file naming this process's own id, left by an earlier process that had it (a server that is always process 1).
    writeHolder(dir, { pid: process.pid, started: null });
    lockDataDir(dir)();
    // An id no process can have.
    writeHolder(dir, { pid: 2 ** 40, started: null });
    lockDataDir(dir)();
    for (const cut of ["", "{\"pid\":", "{\"pid\":-1}", "not json"]) {
      writeHolder(dir, cut);
      lockDataDir(dir)();
    }
  });

  it("lets one of two processes starting at the same moment on a new folder in, never both", { timeout: 60_000 }, async () => {
    const dir = folder();
    const child = path.join(path.dirname(dir), "opener.mjs");
    const lockModule = path.join(path.dirname(fileURLToPath(import.meta.url)), "data-dir-lock.ts");
    // Each opener tries a new folder every 75 ms, at the same instants as the other, and keeps what it got until
    // both are surely done (a late one then finds the folder still held, never free).
    fs.writeFileSync(
      child,
      `import { lockDataDir } from ${JSON.stringify(lockModule)};
      const [start, rounds] = process.argv.slice(2).map(Number);
      const got = [];
      for (let r = 0; r < rounds; r++) {
        while (Date.now() < start + r * 75);
        try { lockDataDir(${JSON.stringify(dir)} + "/r" + r); got.push(r); } catch {}
        await new Promise((go) => setTimeout(go, 50));
      }
      await new Promise((go) => setTimeout(go, start + rounds * 75 + 3000 - Date.now()));
      console.log(JSON.stringify(got));`,
    );
    const rounds = 80;
    const start = String(Date.now() + 5000);
    const run = () =>
      new Promise<number[]>((resolve, reject) => {
        const p = spawn(process.execPath, ["--import", "tsx", child, start, String(rounds)], { stdio: ["ignore", "pipe", "inherit"] });
        let out = "";
        p.stdout.on("data", (d: Buffer) => (out += d.toString()));
        p.once("close", (code) => (code === 0 ? resolve(JSON.parse(out) as number[]) : reject(new Error(`opener exited with ${code}`))));
      });
    const [a, b] = await Promise.all([run(), run()]);
    // Every round was taken by one of them, and none by both.
    expect([...a, ...b].sort((x, y) => x - y)).toEqual(Array.from({ length: rounds }, (_, r) => r));
    // Both exited holding their locks without releasing them: the exit released every one, and no draft was left.
    expect(fs.readdirSync(dir).filter((f) => f.startsWith("r"))).toEqual([]);
  });

  it("leaves the file alone on release when another opener has since replaced it", () => {
    const dir = folder();
    const release = lockDataDir(dir);
    const someoneElse = JSON.stringify({ pid: process.ppid, started: processStartTime(process.ppid) });
    fs.writeFileSync(`${dir}.lock`, someoneElse);
    release();
    expect(fs.readFileSync(`${dir}.lock`, "utf8")).toBe(someoneElse);
  });

  it("opening the embedded database twice is refused before PGlite touches the folder; the first keeps working, and after close it opens again", async () => {
    const dir = folder();
    const first = await openPglite(dir);
    try {
      await first.pglite!.query("CREATE TABLE kept (v text)");
      await first.pglite!.query("INSERT INTO kept VALUES ('before')");
      await expect(openPglite(dir)).rejects.toThrow(/already open in this process/);
      await first.pglite!.query("INSERT INTO kept VALUES ('after')");
    } finally {
      await first.close();
    }
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
    const again = await openPglite(dir);
    try {
      expect((await again.pglite!.query<{ v: string }>("SELECT v FROM kept ORDER BY v")).rows.map((r) => r.v)).toEqual(["after", "before"]);
    } finally {
      await again.close();
    }
    // The in-memory database holds no folder.
    const a = await openPglite("memory://");
    const b = await openPglite("memory://");
    await a.close();
    await b.close();
  });
});
