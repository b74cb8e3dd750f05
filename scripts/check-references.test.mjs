// The repository stands alone (scripts/check-references.mjs): no citation of documents outside it, no machine paths,
// and every docs/… path and "§N" it cites exists.
import { describe, expect, it } from "vitest";
import { checkRepository, checkText } from "./check-references.mjs";

describe("references in code and docs", () => {
  it("every file in the repository cites only documents that are in it", () => {
    const problems = checkRepository().map((p) => `${p.file}:${p.line}: ${p.why} — ${p.text}`);
    expect(problems).toEqual([]);
  });

  it.each([
    ["a decision of the outside specification", "/** Stock is kept per size (DECISIONS 5). */"],
    ["the outside list of faults", "// all figures from aggregates (LESSONS: first page only)"],
    ["a specification document by number", "/** Spec 000 §4: above 10 In Stock. */"],
    ["a specification section without the word spec", " * (001 §8): texts of the admin screens"],
    ["the shared folder", "// see ../shared/STYLE.md"],
    ["a development machine's path", ` * Protocol reference: /${"work"}/shared/payments-protocols.md §2.`],
    ["another machine path", `// copied from /${"farm"}/tmp/notes.txt`],
    ["a § without its document", "// the eSewa failure redirect (protocols §2.6)"],
    ["a section the rules do not have", "// one shipping rule (docs/product-rules.md §99)"],
    ["a docs path that does not exist", "// see docs/decisions/999 for why"],
    ["a misspelt docs file", "// docs/product-rule.md §3"],
    ["a document without its path", "the protocol facts are in `payments-protocols.md`, the simulator in 040."],
  ])("flags %s", (_what, line) => {
    expect(checkText("apps/server/src/example.ts", `const a = 1;\n${line}\n`)).not.toEqual([]);
  });

  it.each([
    "/** The one shipping rule (docs/product-rules.md §3); amounts are store settings. */",
    "// order first (docs/product-rules.md §5, §6; docs/decisions/041)",
    "// eSewa's failure redirect (docs/payments-protocols.md §2.6)",
    "// see docs/deploy.md and docs/decisions/",
    `// https://example.com/${"work"}/docs/nothing is a URL, not a path here`,
  ])("accepts %s", (line) => {
    expect(checkText("apps/server/src/example.ts", line)).toEqual([]);
  });
});
