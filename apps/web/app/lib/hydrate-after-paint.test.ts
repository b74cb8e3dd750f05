import { describe, expect, it } from "vitest";
import { deferModuleScript, hydrateAfterFirstPaint } from "./hydrate-after-paint.server";

async function run(chunks: Buffer[]): Promise<string> {
  const t = hydrateAfterFirstPaint();
  const out: Buffer[] = [];
  t.on("data", (d: Buffer) => out.push(Buffer.from(d)));
  const done = new Promise((resolve) => t.on("end", resolve));
  for (const c of chunks) t.write(c);
  t.end();
  await done;
  return Buffer.concat(out).toString("utf8");
}

// The shape React Router 7's <Scripts> writes (copied from a rendered product page, manifest shortened).
const moduleCode = `;
import * as route0 from "/assets/root-Dno4A3Dt.js";
import * as route1 from "/assets/product-DGKmtk9J.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-C8WyWp53.js"},"url":"/assets/manifest-820343c0.js"};
  window.__reactRouterRouteModules = {"root":route0,"routes/product":route1};

import("/assets/entry.client-C8WyWp53.js");`;

const html =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/framework.js" nonce="n"/><link rel="stylesheet" href="/a.css"/>' +
  '<link rel="modulepreload" href="/assets/shell.js" nonce="n"/></head><body><p>खेलकुद — Rs. 2,499</p>' +
  '<script nonce="n">window.__reactRouterContext = {"ssr":true};</script>' +
  `<script nonce="n" type="module" async="">${moduleCode}</script>` +
  '<script nonce="n">window.__reactRouterContext.streamController.enqueue("[1]");</script></body></html>';

type Browser = { visibility: "visible" | "hidden"; paintTiming: boolean };

/**
 * Runs the rewritten module script with stand-ins for the browser (visibility, Paint Timing, frames, timers, dynamic
 * import) and records what it does, in order. `then` drives the page: paints, timers firing.
 */
async function execute(code: string, browser: Browser, then: (page: { paint: (name: string) => void; fireTimers: () => void }) => void = () => {}) {
  const events: string[] = [];
  const win: Record<string, unknown> = {};
  const paints: string[] = [];
  const observers: ((list: { getEntriesByName: (n: string) => unknown[] }, o: { disconnect: () => void }) => void)[] = [];
  const timers: (() => void)[] = [];
  const document = {
    visibilityState: browser.visibility,
    head: { append: (l: { rel: string; href: string }) => events.push(`${l.rel} ${l.href}`) },
    createElement: () => ({ rel: "", href: "" }),
    addEventListener: () => {},
  };
  const performance = { getEntriesByName: (n: string) => paints.filter((p) => p === n) };
  class PerformanceObserver {
    static supportedEntryTypes = browser.paintTiming ? ["paint", "largest-contentful-paint"] : ["resource"];
    constructor(private cb: (typeof observers)[number]) {}
    observe() {
      events.push("wait for paint");
      observers.push(this.cb);
    }
  }
  const requestAnimationFrame = (cb: () => void) => {
    events.push("wait for frame");
    timers.push(cb);
  };
  const timer = (cb: () => void, ms = 0) => (ms === 0 ? Promise.resolve().then(cb) : timers.push(cb));
  const load = (href: string) => {
    events.push(`import ${href}`);
    return Promise.resolve({ href });
  };
  const global = { PerformanceObserver };
  const fn = new Function("document", "performance", "PerformanceObserver", "globalThis", "requestAnimationFrame", "setTimeout", "load", "window", `return (async () => {\n${code.replaceAll("import(", "load(")}\n})();`);
  const finished = fn(document, performance, PerformanceObserver, global, requestAnimationFrame, timer, load, win) as Promise<void>;
  then({
    paint: (name) => {
      events.push(name);
      paints.push(name);
      for (const cb of [...observers]) cb({ getEntriesByName: (n) => (n === name ? [name] : []) }, { disconnect: () => observers.splice(observers.indexOf(cb), 1) });
    },
    fireTimers: () => {
      events.push("timers fire");
      for (const cb of timers.splice(0)) cb();
    },
  });
  // A script still waiting (no paint yet) never finishes: give it a moment, then report what it did.
  await Promise.race([finished, new Promise((r) => setTimeout(r, 50))]);
  return { events, win };
}

describe("hydrateAfterFirstPaint", () => {
  it("removes the modulepreload links, leaves everything else, and defers the module script", async () => {
    const result = await run([Buffer.from(html)]);
    expect(result).not.toContain('<link rel="modulepreload"');
    expect(result).toContain('<link rel="stylesheet" href="/a.css"/>');
    expect(result).toContain("<p>खेलकुद — Rs. 2,499</p>");
    expect(result).toContain('<script nonce="n">window.__reactRouterContext = {"ssr":true};</script>');
    expect(result).toContain('window.__reactRouterContext.streamController.enqueue("[1]");</script></body></html>');
    expect(result).toContain('<script nonce="n" type="module" async="">await new Promise');
    expect(result).not.toMatch(/^import \* as/m);
  });

  it("requests no script before the page's first contentful paint, then preloads every script and hydrates as before", async () => {
    const code = deferModuleScript(moduleCode, ["/assets/framework.js", "/assets/shell.js"]);
    expect(code).not.toBeNull();
    const { events, win } = await execute(code!, { visibility: "visible", paintTiming: true }, (page) => {
      page.paint("first-paint");
      page.paint("first-contentful-paint");
    });
    expect(events.slice(0, 3)).toEqual(["wait for paint", "first-paint", "first-contentful-paint"]);
    expect(events.slice(3, 7)).toEqual([
      "modulepreload /assets/framework.js",
      "modulepreload /assets/shell.js",
      "modulepreload /assets/root-Dno4A3Dt.js",
      "modulepreload /assets/product-DGKmtk9J.js",
    ]);
    expect(events.slice(7)).toEqual(["import /assets/root-Dno4A3Dt.js", "import /assets/product-DGKmtk9J.js", "import /assets/entry.client-C8WyWp53.js"]);
    // The route modules reach React Router under the names its manifest expects.
    expect(win.__reactRouterRouteModules).toEqual({ root: { href: "/assets/root-Dno4A3Dt.js" }, "routes/product": { href: "/assets/product-DGKmtk9J.js" } });
  });

  it("a paint without content is not enough; without any paint report it still hydrates after 3 s", async () => {
    const code = deferModuleScript(moduleCode, [])!;
    const early = await execute(code, { visibility: "visible", paintTiming: true }, (page) => page.paint("first-paint"));
    expect(early.events).toEqual(["wait for paint", "first-paint"]);
    const late = await execute(code, { visibility: "visible", paintTiming: true }, (page) => page.fireTimers());
    expect(late.events.slice(0, 2)).toEqual(["wait for paint", "timers fire"]);
    expect(late.events.at(-1)).toBe("import /assets/entry.client-C8WyWp53.js");
  });

  it("does not wait in a tab that is not shown (background tabs are not painted)", async () => {
    const { events } = await execute(deferModuleScript(moduleCode, [])!, { visibility: "hidden", paintTiming: true });
    expect(events).not.toContain("wait for paint");
    expect(events.at(-1)).toBe("import /assets/entry.client-C8WyWp53.js");
  });

  it("waits one frame in a browser without Paint Timing", async () => {
    const { events } = await execute(deferModuleScript(moduleCode, [])!, { visibility: "visible", paintTiming: false }, (page) => page.fireTimers());
    expect(events.slice(0, 2)).toEqual(["wait for frame", "timers fire"]);
    expect(events.at(-1)).toBe("import /assets/entry.client-C8WyWp53.js");
  });

  it("leaves a module script it does not recognise as it was", async () => {
    expect(deferModuleScript('import { a } from "/x.js";\na();', [])).toBeNull();
    const odd = html.replace(moduleCode, 'import { a } from "/x.js";\na();');
    const result = await run([Buffer.from(odd)]);
    expect(result).toContain('<script nonce="n" type="module" async="">import { a } from "/x.js";\na();</script>');
  });

  it("gives the same page whatever byte the stream is split at (tags, scripts and Devanagari across chunks)", async () => {
    const expected = await run([Buffer.from(html)]);
    const bytes = Buffer.from(html);
    for (let cut = 1; cut < bytes.length; cut++) {
      const result = await run([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(result, `split at byte ${cut}`).toBe(expected);
    }
  });

  it("handles a page streamed one byte at a time", async () => {
    const expected = await run([Buffer.from(html)]);
    const bytes = Buffer.from(html);
    expect(await run([...bytes].map((b) => Buffer.from([b])))).toBe(expected);
  });
});
