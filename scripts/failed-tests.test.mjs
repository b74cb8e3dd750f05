// The test run's summary names each failed test (scripts/lib.mjs failedTestsIn), because CI keeps only the end of
// its output: a red run must say which test went red.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { failedTestsIn, root } from "./lib.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "khelkud-reports-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (name, report) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof report === "string" ? report : JSON.stringify(report));
  return file;
};

describe("failed tests named from a JSON report", () => {
  it("vitest: each failed test with its file and the first line of its error, passing ones left out", () => {
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
        { name: path.join(root, "apps/server/src/d.test.ts"), status: "failed", message: "", assertionResults: [{ fullName: "never ran", status: "skipped" }] },
      ],
    });
    expect(failedTestsIn(file)).toEqual([
      "apps/server/src/a.test.ts › orders numbers 200 payments: AssertionError: expected 199 to be 200",
      "apps/server/src/b.test.ts: Error: Hook timed out in 60000ms",
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
