import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../env.js";
import { isPerConnectionError } from "./connection-guard.js";

const repoRoot = loadConfig({}).repoRoot;

/** Runs test/guard-process.ts with one fault; its exit code, whether it kept running, and its log lines. */
function meet(fault: string) {
  const run = spawnSync(process.execPath, ["--import", "tsx", path.join(repoRoot, "apps/server/src/test/guard-process.ts"), fault], { cwd: repoRoot, encoding: "utf8", timeout: 20_000 });
  const lines = run.stdout
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { level: number; msg: string; err?: { code?: string } });
  return { status: run.status, keptServing: run.stdout.includes("STILL-SERVING"), lines, stderr: run.stderr };
}

describe("the process-level connection guard", () => {
  it.each(["stream-premature-close", "stream-econnreset", "rejection-epipe", "stream-destroyed"])("keeps serving after a per-connection error nobody handled (%s), and logs it as a warning", (fault) => {
    const run = meet(fault);
    expect(run.keptServing, run.stderr).toBe(true);
    expect(run.status).toBe(0);
    expect(run.lines).toHaveLength(1);
    expect(run.lines[0]!.level).toBe(40);
    expect(run.lines[0]!.msg).toMatch(/connection error/);
  });

  it.each(["type-error", "stream-unknown-error", "rejection-unknown", "rejection-not-an-error"])("exits 1 with a fatal log line on any other uncaught error (%s)", (fault) => {
    const run = meet(fault);
    expect(run.keptServing).toBe(false);
    expect(run.status).toBe(1);
    expect(run.lines.map((l) => l.level)).toEqual([60]);
  });

  it("classifies by the error's code only when it is a real Error", () => {
    expect(isPerConnectionError(Object.assign(new Error("Premature close"), { code: "ERR_STREAM_PREMATURE_CLOSE" }))).toBe(true);
    expect(isPerConnectionError(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }))).toBe(true);
    expect(isPerConnectionError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))).toBe(false);
    expect(isPerConnectionError(Object.assign(new Error("Cannot set headers after they are sent"), { code: "ERR_HTTP_HEADERS_SENT" }))).toBe(false);
    expect(isPerConnectionError({ code: "EPIPE" })).toBe(false);
    expect(isPerConnectionError("ECONNRESET")).toBe(false);
    expect(isPerConnectionError(undefined)).toBe(false);
  });
});
