// Loaded before the server bundle by `npm start` and the browser tests' server (`node --import`, scripts/lib.mjs serve;
// docs/decisions/169). React picks its development or production build from NODE_ENV when it is first loaded, and
// those servers run without NODE_ENV, because to the shop NODE_ENV=production means a deployment: no demo data, no
// development outbox, secure cookies. React's development build rendered an uncached page about a third slower.
// So React's modules are loaded here with NODE_ENV=production, and NODE_ENV is put back before the server starts:
// every later import of React gets these modules, and the shop's own settings still read what the caller set.
// The list is every React module the server and the web build's server code import; react-production.test.mjs imports
// them as the server does and checks that no development module is loaded beside them.
import { createRequire } from "node:module";

const REACT_MODULES = ["react", "react/jsx-runtime", "react-dom", "react-dom/server"];

const before = process.env.NODE_ENV;
process.env.NODE_ENV = "production";
try {
  const require = createRequire(import.meta.url);
  for (const name of REACT_MODULES) require(name);
} finally {
  if (before === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = before;
}
