import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { FONTS_SEEN_KEY, lateFontsScript } from "./late-fonts";

const FACES = ["/assets/mukta-latin-400-normal-abc.woff2", "/assets/mukta-latin-700-normal-def.woff2"];

/** Runs the script against stand-ins for the browser and lets the test play its events (load, frames, timers, fonts). */
function browser({ seen = false, readyState = "loading", storage = "works" }: { seen?: boolean; readyState?: string; storage?: "works" | "throws" } = {}) {
  const dataset: Record<string, string> = {};
  const head: { rel: string; as: string; href: string; crossOrigin: string }[] = [];
  const frames: (() => void)[] = [];
  const timers: { at: number; run: () => void }[] = [];
  const listeners: Record<string, () => void> = {};
  const stored = new Map<string, string>(seen ? [[FONTS_SEEN_KEY, "1"]] : []);
  let fontsReady: () => void = () => {};
  let now = 0;
  const localStorage = {
    getItem: (k: string) => {
      if (storage === "throws") throw new Error("SecurityError");
      return stored.get(k) ?? null;
    },
    setItem: (k: string, v: string) => {
      if (storage === "throws") throw new Error("SecurityError");
      stored.set(k, v);
    },
  };
  const context = {
    document: {
      documentElement: { dataset },
      readyState,
      head: { append: (link: (typeof head)[number]) => head.push(link) },
      createElement: () => ({ rel: "", as: "", href: "", type: "", crossOrigin: "" }),
      fonts: { ready: { then: (fn: () => void) => void (fontsReady = fn) } },
    },
    localStorage,
    addEventListener: (type: string, fn: () => void) => void (listeners[type] = fn),
    requestAnimationFrame: (fn: () => void) => void frames.push(fn),
    setTimeout: (fn: () => void, ms: number) => void timers.push({ at: now + ms, run: fn }),
  };
  vm.runInNewContext(lateFontsScript(FACES), context);
  return {
    dataset,
    head,
    stored,
    load: () => listeners.load?.(),
    frame: () => frames.splice(0).forEach((f) => f()),
    elapse: (ms: number) => {
      now += ms;
      for (const t of timers.filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(t), 1);
        t.run();
      }
    },
    fontsArrive: () => fontsReady(),
  };
}

describe("lateFontsScript", () => {
  it("on a first visit gives the page every face only after the load event and two frames, and remembers it once they arrive", () => {
    const b = browser();
    expect(b.dataset.fonts).toBeUndefined();
    b.frame();
    b.elapse(0);
    expect(b.dataset.fonts).toBeUndefined();
    b.load();
    b.frame();
    b.elapse(0);
    expect(b.dataset.fonts).toBeUndefined();
    b.frame();
    b.elapse(0);
    expect(b.dataset.fonts).toBe("");
    expect(b.head).toEqual([]);
    expect(b.stored.has(FONTS_SEEN_KEY)).toBe(false);
    b.frame();
    b.fontsArrive();
    expect(b.stored.get(FONTS_SEEN_KEY)).toBe("1");
  });

  it("goes one second after the load event when the tab shows no frames", () => {
    const b = browser();
    b.load();
    b.elapse(999);
    expect(b.dataset.fonts).toBeUndefined();
    b.elapse(1);
    expect(b.dataset.fonts).toBe("");
  });

  it("when it starts after the load event, waits for frames only", () => {
    const b = browser({ readyState: "complete" });
    b.frame();
    b.frame();
    b.elapse(0);
    expect(b.dataset.fonts).toBe("");
  });

  it("on a later visit gives every face before the first paint and preloads them from the cache", () => {
    const b = browser({ seen: true });
    expect(b.dataset.fonts).toBe("");
    expect(b.head.map((l) => [l.rel, l.as, l.href, l.crossOrigin])).toEqual(FACES.map((href) => ["preload", "font", href, "anonymous"]));
  });

  it("without storage (a private window that refuses it) still gives the faces after the load event", () => {
    const b = browser({ storage: "throws" });
    b.load();
    b.frame();
    b.frame();
    b.elapse(0);
    expect(b.dataset.fonts).toBe("");
    b.frame();
    expect(() => b.fontsArrive()).not.toThrow();
  });
});
