// npm start: install what is missing, build, then serve (the server migrates and, outside production, seeds an empty database).
import { ensureDeps, must, serve } from "./lib.mjs";

ensureDeps();
must("npm", ["run", "build", "--silent"]);
serve();
