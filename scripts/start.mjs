// npm start: install what is missing, build, migrate, seed an empty database (outside production), serve.
import { ensureDeps, must, serve } from "./lib.mjs";

ensureDeps();
must("npm", ["run", "build", "--silent"]);
serve();
