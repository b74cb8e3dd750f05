// The repository stands alone: every reference in code and docs points at a file in the repository.
// Fails on citations of documents that are not here (the specification's "DECISIONS n", "LESSONS", "spec 000/001 §…",
// "../shared") and on paths of a development machine; and checks that every `docs/…` path resolves to a file and every
// "docs/product-rules.md §N" (or payments-protocols) names a heading that exists. Run: node scripts/check-references.mjs
// (the unit suite runs it too: scripts/check-references.test.mjs).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** This checker and its test quote the forbidden forms on purpose. */
const SELF = new Set(["scripts/check-references.mjs", "scripts/check-references.test.mjs"]);
const SKIP = [
  /^package-lock\.json$/,
  /^\.git$/,
  /^\.env$/,
  /^bench\/results\//,
  /\.log$/,
  /(^|\/)node_modules\//,
  /\.(png|jpe?g|webp|avif|gif|ico|woff2?|ttf|otf|pdf|zip|gz|br)$/i,
];

/** Documents whose own "§N" cross-references need no path before them. */
const SECTIONED = ["docs/product-rules.md", "docs/payments-protocols.md"];

export const FORBIDDEN = [
  { re: /\bDECISIONS\b/, why: 'cites "DECISIONS", a document outside the repository: cite docs/product-rules.md §N or docs/decisions/NNN' },
  { re: /\bLESSONS\b/, why: 'cites "LESSONS", a document outside the repository: cite docs/product-rules.md §16' },
  { re: /\bspec(?:ification)?\s+0{2}[01]\b|\b0{2}[01]\s*§/i, why: "cites the specification's documents by number: cite docs/product-rules.md §N" },
  {
    re: /(?<![\w./-])(?:product-rules|payments-protocols)\.md/,
    why: "names a document without its path: write docs/product-rules.md or docs/payments-protocols.md",
  },
  { re: /\.\.\/shared\b/, why: "cites ../shared, which is not in the repository" },
  { re: /(?:^|[\s`'"(<[])\/(?:work|farm)\//, why: "names a path on a development machine" },
];

/** Files tracked by git or new and not ignored, relative to the root, with forward slashes (a plain walk without git). */
export function repositoryFiles() {
  let files;
  try {
    const out = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      stdio: ["ignore", "pipe", "ignore"],
    });
    files = out.split("\0").filter(Boolean);
  } catch {
    files = walk("");
  }
  return [...new Set(files)].filter((f) => !SKIP.some((re) => re.test(f)) && fs.existsSync(path.join(root, f)));
}

const NOT_SOURCE = new Set([".git", "node_modules", ".cache", ".data", "build", "dist", ".react-router", "test-results", "playwright-report", "coverage"]);
function walk(dir) {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) return NOT_SOURCE.has(e.name) ? [] : walk(rel);
    return e.isFile() ? [rel] : [];
  });
}

function headingNumbers(doc) {
  const file = path.join(root, doc);
  if (!fs.existsSync(file)) return new Set();
  const nums = new Set();
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const m = /^#{2,4}\s+(\d+(?:\.\d+)*)[.\s]/.exec(line);
    if (m) nums.add(m[1]);
  }
  return nums;
}

/** Whether a `docs/…` reference resolves: a file, a folder, or a decision record named by its number. */
export function resolvesDocsPath(ref) {
  const clean = ref.replace(/[.,;:]+$/, "");
  if (fs.existsSync(path.join(root, clean))) return true;
  const m = /^docs\/decisions\/(\d{3})$/.exec(clean);
  if (m) return fs.readdirSync(path.join(root, "docs/decisions")).some((f) => f.startsWith(`${m[1]}-`) && f.endsWith(".md"));
  return false;
}

const DOCS_REF = /(?<![\w./-])docs\/[\w./-]*\w/g;

/** Problems in one file's text: `{ line, text, why }[]`. */
export function checkText(file, text, sections = new Map(SECTIONED.map((d) => [d, headingNumbers(d)]))) {
  const problems = [];
  const lines = text.split("\n");
  lines.forEach((line, i) => {
    const at = (why) => problems.push({ line: i + 1, text: line.trim().slice(0, 160), why });
    for (const { re, why } of FORBIDDEN) if (re.test(line)) at(why);
    // Which sectioned document each "§" belongs to: the last one named before it on the line (or the file itself).
    let current = SECTIONED.includes(file) ? file : null;
    const tokens = line.matchAll(/(?<![\w./-])docs\/[\w./-]*\w|§\s*(\d+(?:\.\d+)*)/g);
    for (const t of tokens) {
      if (t[0].startsWith("docs/")) {
        current = SECTIONED.includes(t[0]) ? t[0] : null;
        continue;
      }
      if (!current) at("a § without the document it belongs to: write docs/product-rules.md §N (or the file it is in)");
      else if (!sections.get(current)?.has(t[1])) at(`${current} has no section ${t[1]}`);
    }
    for (const m of line.matchAll(DOCS_REF)) if (!resolvesDocsPath(m[0])) at(`${m[0]} does not exist in the repository`);
  });
  return problems;
}

export function checkRepository() {
  const sections = new Map(SECTIONED.map((d) => [d, headingNumbers(d)]));
  const problems = [];
  for (const file of repositoryFiles()) {
    if (SELF.has(file)) continue;
    const buf = fs.readFileSync(path.join(root, file));
    if (buf.includes(0)) continue;
    for (const p of checkText(file, buf.toString("utf8"), sections)) problems.push({ file, ...p });
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = checkRepository();
  for (const p of problems) console.log(`${p.file}:${p.line}: ${p.why}\n    ${p.text}`);
  console.log(problems.length ? `✗ ${problems.length} reference problem(s)` : "✓ every reference points into the repository");
  process.exit(problems.length ? 1 : 0);
}
