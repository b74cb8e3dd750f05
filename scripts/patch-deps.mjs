// Fixes to installed dependencies that their maintainers have released only in a version we cannot take yet.
// Runs after every `npm install`/`npm ci` (postinstall) and before `npm start`, `npm test` and `npm run dev`
// (ensureDeps), so an existing node_modules is fixed too. Each fix names the exact version it applies to: when the
// dependency moves on, the fix stops applying and says so, and it should then be deleted (docs/decisions/006).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const FIXES = [
  {
    // @react-router/dev 7.x starts its internal Vite servers with `envFile: false`, which Vite 8.1+ reports as deprecated
    // ("The `envFile` option is deprecated, please use `envDir: false` instead.") up to nine times per build. Vite maps
    // one to the other, so the rename changes nothing else. Upstream fixed it in React Router 8 only
    // (remix-run/react-router#15230); delete this entry when the web app moves to React Router 8.
    pkg: "@react-router/dev",
    version: "7.18.4",
    files: ["dist/vite.js", "dist/cli/index.js", "dist/vite/cloudflare.js"],
    from: "envFile: false",
    to: "envDir: false",
  },
];

function findPackage(name) {
  for (const base of [path.join(root, "apps/web/node_modules"), path.join(root, "node_modules")]) {
    const dir = path.join(base, name);
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
  }
  return null;
}

/** Applies every fix whose package is installed at the named version. Idempotent; returns the messages to print. */
export function patchDeps() {
  const notes = [];
  for (const fix of FIXES) {
    const dir = findPackage(fix.pkg);
    if (!dir) continue;
    const { version } = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
    if (version !== fix.version) {
      notes.push(`scripts/patch-deps.mjs: ${fix.pkg} is ${version}, the fix was written for ${fix.version}; check whether it is still needed.`);
      continue;
    }
    for (const file of fix.files) {
      const target = path.join(dir, file);
      if (!fs.existsSync(target)) continue;
      try {
        const text = fs.readFileSync(target, "utf8");
        if (text.includes(fix.from)) fs.writeFileSync(target, text.split(fix.from).join(fix.to));
      } catch (err) {
        // A read-only node_modules only brings the warning back; it must never fail an install.
        notes.push(`scripts/patch-deps.mjs: could not update ${path.relative(root, target)} (${err.code ?? err.message}).`);
      }
    }
  }
  return notes;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const note of patchDeps()) console.warn(note);
}
