import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirInUseError, lockDataDir, processStartTime } from "./data-dir-lock.js";
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
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, "utf8"))).toEqual({ pid: process.pid, started: processStartTime(process.pid) });
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
    for (const cut of ["", "{\"pid\":", "{\"pid\":-1}", "not json"]) {
      writeHolder(dir, cut);
      lockDataDir(dir)();
    }
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
