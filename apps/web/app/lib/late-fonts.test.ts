import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { FONTS_SEEN_KEY, lateFontsScript } from "./late-fonts";

const FACES = ["/assets/mukta-latin-400-normal-abc.woff2", "/assets/mukta-latin-700-normal-def.woff2"];

/** Runs the script against stand-ins for the browser and lets the test play its events (load, frames, timers, fonts). */
function browser({
  seen = false,
  readyState = "loading",
  storage = "works",
  paintReports = false,
  english = false,
}: { seen?: boolean; readyState?: string; storage?: "works" | "throws"; paintReports?: boolean; english?: boolean } = {}) {
  // The largest-contentful-paint reports of a browser that has them: the test plays each painted element.
  const observers: { callback: (list: { getEntries: () => unknown[] }, observer: { disconnect: () => void }) => void; connected: boolean }[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = ["paint", "largest-contentful-paint"];
    private entry: (typeof observers)[number];
    constructor(callback: (typeof observers)[number]["callback"]) {
      this.entry = { callback, connected: false };
      observers.push(this.entry);
    }
    observe() {
      this.entry.connected = true;
    }
    disconnect() {
      this.entry.connected = false;
    }
  }
  const dataset: Record<string, string> = {};
  const head: { rel: string; as: string; href: string; crossOrigin: string }[] = [];
  const frames: (() => void)[] = [];
  const timers: { at: number; run: () => void }[] = [];
  const listeners: Record<string, () => void> = {};
  const stored = new Map<string, string>(seen ? [[FONTS_SEEN_KEY, "1"]] : []);
  // The page's Mukta faces as Chrome lists them: @fontsource's (Devanagari, Latin Extended, Latin) and the shop's cut.
  const faceList = [
    [
      "Mukta",
      "400",
      "U+900-97F, U+1CD0-1CF9, U+200C-200D, U+20A8, U+20B9, U+20F0, U+25CC, U+A830-A839, U+A8E0-A8FF, U+11B00-11B09",
      "fontsource devanagari 400",
    ],
    ["Mukta", "400", "U+100-2BA, U+2BD-2C5, U+2C7-2CC", "latin-ext 400"],
    ["Mukta", "400", "U+0-FF, U+131, U+152-153", "latin 400"],
    ["Mukta", "700", "U+0-FF, U+131, U+152-153", "latin 700"],
    ["Mukta Khelkud", "700", "U+915-916, U+926", "khelkud"],
    ["Mukta", "400", "U+900-97F, U+200C-200D, U+20A8, U+20B9, U+25CC", "cut 400"],
    ["Mukta", "700", "U+900-97F, U+200C-200D, U+20A8, U+20B9, U+25CC", "cut 700"],
    ['"Mukta Nepali"', "400", "U+900-97F, U+200C-200D, U+20A8, U+20B9, U+25CC", "first paint 400"],
  ].map(([family, weight, unicodeRange, name]: string[]) => ({
    family: family!,
    weight: weight!,
    unicodeRange: unicodeRange!,
    name: name!,
    settle: (_ok: boolean) => {},
    load(): Promise<void> {
      requested.push(this.name);
      return new Promise<void>((resolve, reject) => void (this.settle = (ok: boolean) => (ok ? resolve() : reject(new Error("network")))));
    },
  }));
  const requested: string[] = [];
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
      fonts: faceList,
    },
    localStorage,
    addEventListener: (type: string, fn: () => void) => void (listeners[type] = fn),
    requestAnimationFrame: (fn: () => void) => void frames.push(fn),
    setTimeout: (fn: () => void, ms: number) => void timers.push({ at: now + ms, run: fn }),
    ...(paintReports ? { PerformanceObserver } : {}),
  };
  vm.runInNewContext(english ? lateFontsScript([], false) : lateFontsScript(FACES), context);
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
    requested,
    /** The browser reports an element as the largest painted so far. */
    painted: (attributes: Record<string, string>) => {
      const entry = { element: { getAttribute: (name: string) => attributes[name] ?? null } };
      for (const o of observers.filter((o) => o.connected)) o.callback({ getEntries: () => [entry] }, { disconnect: () => (o.connected = false) });
    },
    /** Settles every requested face (`ok`, or all but `failing`), then lets the promises run. */
    fontsArrive: async (failing?: string) => {
      for (const face of faceList) if (requested.includes(face.name)) face.settle(face.name !== (failing ?? ""));
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

describe("lateFontsScript", () => {
  it("on an English page (docs/decisions/137) loads no face itself and adds the whole faces only after the main picture's paint report", () => {
    const b = browser({ paintReports: true, english: true });
    b.load();
    b.frame();
    b.frame();
    b.elapse(0);
    b.painted({});
    b.elapse(0);
    expect(b.dataset.fonts).toBeUndefined();
    b.painted({ fetchpriority: "high" });
    b.elapse(0);
    expect(b.dataset.fonts).toBe("");
    expect(b.requested).toEqual([]);
    expect(b.head).toEqual([]);
  });

  it("on a first visit without paint reports loads the regular and bold Latin faces and the cut only after the load event and two frames, and gives them to the page once they have arrived", async () => {
    const b = browser();
    expect(b.dataset.fonts).toBeUndefined();
    b.frame();
    b.elapse(0);
    b.load();
    b.frame();
    b.elapse(0);
    expect(b.requested).toEqual([]);
    b.frame();
    b.elapse(0);
    expect(b.requested.sort()).toEqual(["cut 400", "cut 700", "latin 400", "latin 700"]);
    expect(b.dataset.fonts).toBeUndefined();
    expect(b.stored.has(FONTS_SEEN_KEY)).toBe(false);
    await b.fontsArrive();
    expect(b.dataset.fonts).toBe("");
    expect(b.head).toEqual([]);
    expect(b.stored.get(FONTS_SEEN_KEY)).toBe("1");
  });

  it("where the browser reports its largest paint, waits after the load event for the main picture's report, not for frames", async () => {
    const b = browser({ paintReports: true });
    b.load();
    b.frame();
    b.frame();
    b.elapse(0);
    b.painted({});
    b.elapse(0);
    expect(b.requested).toEqual([]);
    b.painted({ fetchpriority: "high" });
    expect(b.requested).toEqual([]);
    b.elapse(0);
    expect(b.requested.sort()).toEqual(["cut 400", "cut 700", "latin 400", "latin 700"]);
    await b.fontsArrive();
    expect(b.dataset.fonts).toBe("");
  });

  it("where the main picture is never reported (no such picture, or smaller than the text), goes one second after the load event", async () => {
    const b = browser({ paintReports: true });
    b.load();
    b.painted({});
    b.elapse(999);
    expect(b.requested).toEqual([]);
    b.elapse(1);
    expect(b.requested).toHaveLength(4);
  });

  it("gives the page Mukta's faces even when one fails to load, and does not note them as seen", async () => {
    const b = browser();
    b.load();
    b.elapse(1000);
    await b.fontsArrive("cut 700");
    expect(b.dataset.fonts).toBe("");
    expect(b.stored.has(FONTS_SEEN_KEY)).toBe(false);
  });

  it("goes one second after the load event when the tab shows no frames", async () => {
    const b = browser();
    b.load();
    b.elapse(999);
    expect(b.requested).toEqual([]);
    b.elapse(1);
    await b.fontsArrive();
    expect(b.dataset.fonts).toBe("");
  });

  it("when it starts after the load event, waits for frames only", async () => {
    const b = browser({ readyState: "complete" });
    b.frame();
    b.frame();
    b.elapse(0);
    await b.fontsArrive();
    expect(b.dataset.fonts).toBe("");
  });

  it("on a later visit gives every face before the first paint and preloads them from the cache", () => {
    const b = browser({ seen: true });
    expect(b.dataset.fonts).toBe("");
    expect(b.requested).toEqual([]);
    expect(b.head.map((l) => [l.rel, l.as, l.href, l.crossOrigin])).toEqual(FACES.map((href) => ["preload", "font", href, "anonymous"]));
  });

  it("without storage (a private window that refuses it) still gives the faces after the load event", async () => {
    const b = browser({ storage: "throws" });
    b.load();
    b.frame();
    b.frame();
    b.elapse(0);
    await b.fontsArrive();
    expect(b.dataset.fonts).toBe("");
  });
});
