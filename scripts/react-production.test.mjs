// `npm start` and the browser tests' server run without NODE_ENV, and load React's production build first
// (scripts/react-production.mjs, docs/decisions/169). This checks, in a Node process of its own, what a server then has:
// one React, every module of it the production build, hooks that work across the modules, and NODE_ENV as its caller set it.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { REACT_PRODUCTION, root } from "./lib.mjs";

// What the server and the web build's server code import, in the way they import it (ESM), then a render with a hook.
const PROBE = `
import { createRequire } from "node:module";
import { createElement, useState } from "react";
import { jsx } from "react/jsx-runtime";
import { renderToString } from "react-dom/server";
import { MemoryRouter, useLocation } from "react-router";
function Page() {
  const [n] = useState(3);
  return jsx("p", { children: [useLocation().pathname, " ", n] });
}
const html = renderToString(createElement(MemoryRouter, { initialEntries: ["/products"] }, createElement(Page)));
const loaded = Object.entries(createRequire(import.meta.url).cache)
  .filter(([file, m]) => m.loaded && /[\\\\/]react(-dom)?[\\\\/]cjs[\\\\/]/.test(file))
  .map(([file]) => file.split(/[\\\\/]cjs[\\\\/]/)[1]);
console.log(JSON.stringify({ html, nodeEnv: process.env.NODE_ENV ?? null, loaded }));
`;

function probe(preload, nodeEnv) {
  const env = { ...process.env };
  delete env.NODE_ENV;
  if (nodeEnv !== undefined) env.NODE_ENV = nodeEnv;
  const args = [...(preload ? ["--import", REACT_PRODUCTION] : []), "--input-type=module", "-e", PROBE];
  const r = spawnSync(process.execPath, args, { cwd: root, env, encoding: "utf8" });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split("\n").at(-1));
}

describe("React's production build for a server run without NODE_ENV", () => {
  it("loads only production modules, renders with hooks and leaves NODE_ENV unset", () => {
    const seen = probe(true, undefined);
    expect(seen.html).toBe("<p>/products<!-- --> <!-- -->3</p>");
    expect(seen.nodeEnv).toBeNull();
    expect(seen.loaded.length).toBeGreaterThanOrEqual(4);
    expect(seen.loaded.filter((f) => !f.includes(".production."))).toEqual([]);
  });

  it("leaves NODE_ENV as its caller set it", () => {
    expect(probe(true, "development").nodeEnv).toBe("development");
  });

  it("without it, the same server would render with React's development build", () => {
    const seen = probe(false, undefined);
    expect(seen.html).toBe("<p>/products<!-- --> <!-- -->3</p>");
    expect(seen.loaded.some((f) => f.includes(".development."))).toBe(true);
  });
});
