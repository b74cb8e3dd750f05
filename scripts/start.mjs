// npm start: install what is missing, build, then serve (the server migrates and, outside production, seeds an empty database).
// The build's file-by-file listing is kept back unless the build fails; its warnings (stderr) are shown as they come.
import { spawnSync } from "node:child_process";
import { ensureDeps, root, serve } from "./lib.mjs";

ensureDeps();
console.log("Building the web app…");
const started = Date.now();
const build = spawnSync("npm", ["run", "build", "--silent"], {
  cwd: root,
  stdio: ["inherit", "pipe", "inherit"],
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
});
if (build.status !== 0) {
  process.stdout.write(build.stdout ?? "");
  console.error(`\n✗ npm run build failed (exit ${build.status ?? 1})`);
  process.exit(build.status ?? 1);
}
console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
serve();
