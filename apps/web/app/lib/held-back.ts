// What a document renders but leaves out of the loader data it carries (docs/decisions/152).
//
// A page's loader data is written into the document a second time, for hydration. Where that copy is what keeps the
// document from reaching the browser in one round trip (the catalogue's 50 cards), a loader may put part of its data
// in `context.heldBack` instead: the server renders it from there, and the browser asks for it after hydration,
// with the part of the page that shows it left as the server drew it until it arrives (a suspended boundary).
// A client navigation's data (`/products.data`) has no `heldBack` and carries everything.
import { createContext, useContext, useEffect, useRef, type RefObject } from "react";

/** The request's held-back data, provided by entry.server; null in the browser. */
export const HeldBackContext = createContext<Map<string, unknown> | null>(null);

/** The value a loader held back under `key`, while the server renders; undefined in the browser. */
export function useHeldBack<T>(key: string): T | undefined {
  return useContext(HeldBackContext)?.get(key) as T | undefined;
}

const asked = new Map<string, Promise<unknown>>();

/**
 * The JSON at `src`, asked for once per address while the page lives (React's `use` needs the same promise on every
 * render). A failed request is asked again twice, 1 and 4 s later; after that the promise never settles, so the part
 * stays as the server drew it: its links still work, its buttons wait for the next page.
 */
export function heldBackFrom<T>(src: string): Promise<T> {
  let promise = asked.get(src);
  if (!promise) {
    promise = askWithRetries(src);
    asked.set(src, promise);
  }
  return promise as Promise<T>;
}

async function askWithRetries(src: string): Promise<unknown> {
  for (const wait of [0, 1_000, 4_000]) {
    if (wait) await new Promise((go) => setTimeout(go, wait));
    try {
      const response = await fetch(src, { headers: { accept: "application/json" } });
      if (response.ok) return await response.json();
    } catch {
      // Offline or cut off: asked again below.
    }
  }
  return new Promise(() => undefined);
}

/**
 * While a part of `container` from its `from`-th child on waits for held-back data, React cannot hydrate it and drops
 * a click on its buttons. The last such click is stopped before React sees it (a listener on `window`, ahead of
 * React's) and given again once the part is in (`waiting` false): a shopper who scrolled and tapped fast has the last
 * tap answered, once (React would have dropped them all). If React drew the part again instead of hydrating it (the
 * data differed from what the server drew), the same button is found again in the new drawing: the same place among
 * the buttons of the child whose first link goes to the same address (a card: its product).
 */
export function useClickKeptWhileWaiting(container: RefObject<HTMLElement | null>, waiting: boolean, from: number) {
  const kept = useRef<KeptTap | null>(null);
  useEffect(() => {
    if (!waiting) {
      const tap = kept.current;
      kept.current = null;
      if (tap) (tap.button.isConnected ? tap.button : foundAgain(container.current, tap))?.click();
      return;
    }
    const keep = (event: MouseEvent) => {
      const box = container.current;
      const button = event.target instanceof Element ? event.target.closest("button") : null;
      if (!box || !button || !box.contains(button) || button.disabled) return;
      const child = [...box.children].find((c) => c.contains(button));
      if (!child || [...box.children].indexOf(child) < from) return;
      event.stopPropagation();
      kept.current = { button, href: firstLink(child), index: [...child.querySelectorAll("button")].indexOf(button) };
    };
    window.addEventListener("click", keep, true);
    return () => window.removeEventListener("click", keep, true);
  }, [container, waiting, from]);
}

interface KeptTap {
  button: HTMLElement;
  /** Where the first link of the button's child goes, and the button's place among that child's buttons. */
  href: string | null;
  index: number;
}

const firstLink = (element: Element) => element.querySelector("a[href]")?.getAttribute("href") ?? null;

function foundAgain(box: HTMLElement | null, tap: KeptTap): HTMLElement | null {
  if (!box || tap.href === null) return null;
  const child = [...box.children].find((c) => firstLink(c) === tap.href);
  return child?.querySelectorAll("button")[tap.index] ?? null;
}
