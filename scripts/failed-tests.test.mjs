// The test run's summary names each failed test (scripts/lib.mjs failedTestsIn), because CI keeps only the end of
// its output: a red run must say which test went red.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { failedTestsIn, printSummary, root, runTogether } from "./lib.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "khelkud-reports-"));
// `.ci/run` sets TEST_SUMMARY_FILE for the real run's summaries: the summaries these tests print must not join them.
const summaryFile = process.env.TEST_SUMMARY_FILE;
delete process.env.TEST_SUMMARY_FILE;
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  if (summaryFile !== undefined) process.env.TEST_SUMMARY_FILE = summaryFile;
});
const write = (name, report) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof report === "string" ? report : JSON.stringify(report));
  return file;
};

describe("failed tests named from a JSON report", () => {
  it("vitest: each failed test with its file and the first line of its error, a test that passed when retried as flaky, passing ones left out", () => {
    const file = write("vitest.json", {
      testResults: [
        {
          name: path.join(root, "apps/server/src/a.test.ts"),
          status: "failed",
          assertionResults: [
            {
              fullName: "orders numbers 200 payments",
              status: "failed",
              failureMessages: ["\u001b[31mAssertionError: expected 199 to be 200\u001b[39m\n    at x.ts:1"],
            },
            { fullName: "orders passes", status: "passed", failureMessages: [] },
          ],
        },
        { name: path.join(root, "apps/server/src/b.test.ts"), status: "failed", message: "\nError: Hook timed out in 60000ms", assertionResults: [] },
        { name: path.join(root, "apps/server/src/c.test.ts"), status: "passed", assertionResults: [{ fullName: "fine", status: "passed" }] },
        {
          name: path.join(root, "apps/server/src/e.test.ts"),
          status: "passed",
          assertionResults: [{ fullName: "passes when retried", status: "passed", failureMessages: ["Error: socket hang up\n    at y.ts:2"] }],
        },
        { name: path.join(root, "apps/server/src/d.test.ts"), status: "failed", message: "", assertionResults: [{ fullName: "never ran", status: "skipped" }] },
      ],
    });
    expect(failedTestsIn(file)).toEqual([
      "apps/server/src/a.test.ts › orders numbers 200 payments: AssertionError: expected 199 to be 200",
      "apps/server/src/b.test.ts: Error: Hook timed out in 60000ms",
      "apps/server/src/e.test.ts › passes when retried (flaky): Error: socket hang up",
      "apps/server/src/d.test.ts: failed outside its tests (a hook or an import; its log says how)",
    ]);
  });

  it("vitest: a run that failed with every test passed (an unhandled rejection) says so", () => {
    const file = write("unhandled.json", {
      success: false,
      numFailedTests: 0,
      testResults: [{ name: path.join(root, "x.test.ts"), status: "passed", assertionResults: [] }],
    });
    expect(failedTestsIn(file)).toEqual(["(outside any test): an unhandled error or rejection; the log above names it"]);
    expect(failedTestsIn(write("fine.json", { success: true, testResults: [] }))).toEqual([]);
  });

  it("Playwright: failed and flaky tests from nested suites, errors outside tests too", () => {
    const file = write("pw.json", {
      suites: [
        {
          file: "checkout.spec.ts",
          specs: [
            {
              title: "pays with Khalti",
              file: "checkout.spec.ts",
              tests: [{ status: "unexpected", results: [{ error: { message: "Error: timed out\nmore" } }] }],
            },
          ],
          suites: [{ specs: [{ title: "inner", file: "checkout.spec.ts", tests: [{ status: "flaky", results: [{ error: { message: "first try" } }, {}] }] }] }],
        },
        { file: "home.spec.ts", specs: [{ title: "fine", file: "home.spec.ts", tests: [{ status: "expected", results: [{}] }] }] },
      ],
      errors: [{ message: "Error: webServer did not start" }],
    });
    expect(failedTestsIn(file)).toEqual([
      "checkout.spec.ts › pays with Khalti: Error: timed out",
      "checkout.spec.ts › inner (flaky): first try",
      "(outside any test): Error: webServer did not start",
    ]);
  });

  it("a missing or broken report names nothing rather than failing the summary", () => {
    expect(failedTestsIn(path.join(dir, "absent.json"))).toEqual([]);
    expect(failedTestsIn(write("broken.json", "{"))).toEqual([]);
  });
});

describe("the browser tests' shards", () => {
  it("run together: each job's lines come out whole under its label, and each job's exit code comes back", async () => {
    const written = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (written.push(String(chunk)), true));
    let codes;
    try {
      codes = await runTogether([
        { label: "e2e 1/2", cmd: process.execPath, args: ["-e", "console.log('one'); console.log('two'); process.exitCode = 3"] },
        { label: "e2e 2/2", cmd: process.execPath, args: ["-e", "process.stdout.write('three\\nfour')"] },
      ]);
    } finally {
      spy.mockRestore();
    }
    expect(codes).toEqual([3, 0]);
    expect(written.sort()).toEqual(["[e2e 1/2] one\n", "[e2e 1/2] two\n", "[e2e 2/2] four\n", "[e2e 2/2] three\n"]);
  });

  it("a failed step run in shards names the failed tests of every shard in the summary", () => {
    const shard = (title) => write(`${title}.json`, { suites: [{ file: "a.spec.ts", specs: [{ title, file: "a.spec.ts", tests: [{ status: "unexpected", results: [{ error: { message: "boom" } }] }] }] }] });
    const printed = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line) => printed.push(line));
    let failed;
    try {
      failed = printSummary("Summary", [{ name: "end-to-end tests in Chromium", ok: false, seconds: 1, report: [shard("first"), shard("second")] }]);
    } finally {
      spy.mockRestore();
    }
    expect(failed).toBe(1);
    expect(printed).toContain("      ✗ a.spec.ts › first: boom");
    expect(printed).toContain("      ✗ a.spec.ts › second: boom");
  });

  it("a step that passed names the tests that passed only when retried, as flaky", () => {
    const report = write("flaky.json", { suites: [{ file: "c.spec.ts", specs: [{ title: "pays", file: "c.spec.ts", tests: [{ status: "flaky", results: [{ error: { message: "timed out" } }, {}] }, { status: "expected", results: [{}] }] }] }] });
    const printed = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line) => printed.push(line));
    let failed;
    try {
      failed = printSummary("Summary", [{ name: "end-to-end tests in Chromium", ok: true, seconds: 1, report: [report] }]);
    } finally {
      spy.mockRestore();
    }
    expect(failed).toBe(0);
    expect(printed).toEqual(["\nSummary", "  ✓ end-to-end tests in Chromium (1.0 s)", "      ⚠ c.spec.ts › pays (flaky): timed out", "1 passed, 0 failed"]);
  });

  it("a summary is also appended to TEST_SUMMARY_FILE, so that CI can print both runs' summaries at its end", () => {
    const kept = path.join(dir, "summaries.txt");
    process.env.TEST_SUMMARY_FILE = kept;
    const spy = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const report = write("kept.json", { testResults: [{ name: path.join(root, "a.test.ts"), assertionResults: [{ status: "failed", fullName: "adds", failureMessages: ["expected 2"] }] }] });
      printSummary("Summary", [{ name: "unit tests", ok: false, seconds: 2, report }]);
      printSummary("Summary (Node.js 24)", [{ name: "web build", ok: true, seconds: 1 }]);
    } finally {
      spy.mockRestore();
      delete process.env.TEST_SUMMARY_FILE;
    }
    const text = fs.readFileSync(kept, "utf8");
    expect(text).toContain("Summary\n  ✗ unit tests (2.0 s)\n      ✗ a.test.ts › adds: expected 2\n0 passed, 1 failed");
    expect(text).toContain("Summary (Node.js 24)\n  ✓ web build (1.0 s)\n1 passed, 0 failed");
  });
});
