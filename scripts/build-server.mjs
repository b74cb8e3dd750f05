// Builds the server ahead of time into one ES module, apps/server/dist/server.mjs (docs/decisions/098): the shop's
// own TypeScript (the server and packages/contracts) bundled by esbuild, every installed package left to Node.
// `npm start`, the e2e server and `npm run build` run it; it takes about a second. Run alone: `node scripts/build-server.mjs`.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** At the same depth below the repository as apps/server/src, so paths the server finds from its own file still hold (env.ts). */
export const SERVER_BUNDLE = path.join(root, "apps/server/dist/server.mjs");

/** Every file under `dir`, recursively (none when it does not exist). */
function filesUnder(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath ?? e.path, e.name));
}

/** Writes `file` only when its bytes change, through a file of this process's own renamed over it: never half-written. */
function writeIfChanged(file, contents) {
  try {
    if (Buffer.compare(fs.readFileSync(file), contents) === 0) return;
  } catch {
    // Not there yet.
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, contents);
  fs.renameSync(partial, file);
}

/**
 * Builds the bundle and puts it and the migrations in place. The browser tests' shards each start a server at the same
 * moment, and each server builds first (scripts/lib.mjs serve): so the folder is never emptied, every file is replaced
 * whole by a rename and only when it changes, and a server starting beside a build always finds a whole bundle
 * (emptying the folder first made one shard's server find no bundle: docs/decisions/149).
 */
export async function buildServer() {
  const outDir = path.dirname(SERVER_BUNDLE);
  const result = await build({
    write: false,
    entryPoints: [path.join(root, "apps/server/src/server.ts")],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    keepNames: true,
    logLevel: "warning",
    plugins: [
      {
        // Installed packages stay outside (native modules, WebAssembly and the files they read from their own folder);
        // the workspace's own TypeScript package is bundled.
        name: "installed-packages-outside",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@khelkud/") ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  const wanted = new Map(result.outputFiles.map((f) => [f.path, Buffer.from(f.contents)]));
  // The migrations are read from a folder beside the module that runs them (db/client.ts).
  const migrations = path.join(root, "apps/server/src/db/migrations");
  for (const file of filesUnder(migrations)) wanted.set(path.join(outDir, "migrations", path.relative(migrations, file)), fs.readFileSync(file));
  for (const [file, contents] of wanted) writeIfChanged(file, contents);
  // What an earlier build left that this one does not make (another build's file in the making is left alone).
  for (const file of filesUnder(outDir)) if (!wanted.has(file) && !file.endsWith(".partial")) fs.rmSync(file, { force: true });
  return SERVER_BUNDLE;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const started = Date.now();
  await buildServer();
  console.log(`Server built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${path.relative(root, SERVER_BUNDLE)}`);
}
