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

export async function buildServer() {
  const outDir = path.dirname(SERVER_BUNDLE);
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
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
  // The migrations are read from a folder beside the module that runs them (db/client.ts).
  fs.cpSync(path.join(root, "apps/server/src/db/migrations"), path.join(outDir, "migrations"), { recursive: true });
  return SERVER_BUNDLE;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const started = Date.now();
  await buildServer();
  console.log(`Server built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${path.relative(root, SERVER_BUNDLE)}`);
}
