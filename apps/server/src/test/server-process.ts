import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { childProcessEnv, loadConfig } from "../env.js";

const repoRoot = loadConfig({}).repoRoot;

/**
 * `node --import tsx apps/server/src/server.ts` with `env` (over this process's environment, as childProcessEnv
 * builds it) and a data folder of its own, removed when the process ends; its stdout and stderr are collected.
 */
export function spawnTsxServer(dirPrefix: string, env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), dirPrefix));
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"], env: childProcessEnv({ DATA_DIR: dataDir, ...env }) });
  let log = "";
  child.stdout!.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  // "close", not "exit": by then everything the process wrote has been read.
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  void exited.then(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return { child, output: () => log, exited };
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  /** Waits until the output matches (true) or the process exits or `ms` pass (false). */
  waitFor(pattern: RegExp, ms: number): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * `node --import tsx src/server.ts` as `npm start` runs it, with its own data folder, on the embedded database by
 * default, without the web app: for tests of start-up itself (binding, warnings, configuration errors).
 */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const { child, output, exited } = spawnTsxServer("khelkud-start-", {
    NODE_ENV: "development",
    DATABASE_URL: "",
    SERVE_WEB: "false",
    SEED_ON_EMPTY: "false",
    LOG_LEVEL: "info",
    PAYMENT_SWEEP_SECONDS: "0",
    HOST: "",
    ...env,
  });
  return {
    child,
    output,
    exited,
    async waitFor(pattern, ms) {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        if (pattern.test(output())) return true;
        if (child.exitCode !== null || child.signalCode !== null) return pattern.test(output());
        await new Promise((r) => setTimeout(r, 100));
      }
      return false;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
