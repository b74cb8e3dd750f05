/**
 * Mukta's other faces after the largest picture on Nepali pages (docs/decisions/121). Until `<html data-fonts>` is set,
 * app.css sets a Nepali page's text in the preloaded regular Devanagari face only (Latin in the local fallback sized
 * like Mukta), so on a first visit no other font is requested before the page's largest picture has painted and the
 * fonts do not share a slow connection with it. This inline script, run in the document's head, sets the attribute:
 * - at once when an earlier visit has already loaded the faces (a flag in localStorage), adding preload links for
 *   them, so a returning shopper sees Mukta from the first paint as before, from the browser's cache;
 * - otherwise after the load event, once the browser reports the page's main picture (the image fetched with high
 *   priority) as painted in a largest-contentful-paint entry, or one second after the load event when no such report
 *   comes (a page without such a picture, a hidden tab; a browser without that API waits two frames instead). It then
 *   loads Mukta's regular and bold faces for Latin text and the cut's two Devanagari faces (not @fontsource's, which
 *   stay a fallback for the rare characters outside the cut), and sets the attribute and the flag once they have
 *   arrived. The text changes face once, from the first paint's faces to Mukta's, never through the device's own
 *   Devanagari font in between (which is wider, and made the home page's heading wrap to one more line and back). If
 *   a face fails, the attribute is set all the same.
 * Without JavaScript the page keeps the first faces: every word is readable, bold Devanagari is drawn from the
 * regular face.
 */
export const FONTS_SEEN_KEY = "khelkud-fonts";

/** The characters of the shop's cut of Mukta's Devanagari faces, as app.css declares them (fonts.test.ts checks it). */
export const DEVANAGARI_CUT_RANGE = "U+0900-097F, U+200C-200D, U+20A8, U+20B9, U+25CC";

/**
 * `faces`: the files to preload on a later visit. `loadFaces`: whether to load Mukta's whole faces before setting the
 * attribute (Nepali pages). English pages pass false (docs/decisions/137): their text is in the preloaded Latin
 * first-paint faces ("Mukta First"), which the attribute does not change; it only adds the whole "Mukta" family
 * behind them, so that a character outside the cut (č in a player's name on the catalogue's first cards) asks for its
 * face after the main picture instead of in front of it. Until then (and without JavaScript) such a character is
 * drawn in the local fallback sized like Mukta. The attribute stays set when the shopper switches language without reloading the document.
 */
export function lateFontsScript(faces: readonly string[], loadFaces = true): string {
  // Loading the faces first: Nepali pages. English pages only set the attribute, and their HTML carries no more.
  const load = loadFaces
    ? `const norm = (range) => range.toUpperCase().replace(/\\s+/g, "").replace(/([+-])0+(?=[0-9A-F])/g, "$1");
  const faces = [];
  for (const face of document.fonts) {
    const range = norm(face.unicodeRange);
    if (face.family.replace(/["']/g, "") === "Mukta" && (face.weight === "400" || face.weight === "700") && (range === norm(${JSON.stringify(DEVANAGARI_CUT_RANGE)}) || range.startsWith("U+0-FF,"))) faces.push(face.load());
  }
  Promise.all(faces).then(() => { try { localStorage.setItem(${JSON.stringify(FONTS_SEEN_KEY)}, "1"); } catch {} }, () => {}).finally(all);`
    : "all();";
  return `(() => {
const html = document.documentElement;
const all = () => { html.dataset.fonts = ""; };
try {
  if (localStorage.getItem(${JSON.stringify(FONTS_SEEN_KEY)})) {
    for (const href of ${JSON.stringify(faces)}) { const link = document.createElement("link"); link.rel = "preload"; link.as = "font"; link.type = "font/woff2"; link.crossOrigin = "anonymous"; link.href = href; document.head.append(link); }
    return all();
  }
} catch {}
let done = false;
const go = () => {
  if (done) return;
  done = true;
  ${load}
};
const late = () => {
  setTimeout(go, 1000);
  if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes("largest-contentful-paint")) return requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(go, 0)));
  new PerformanceObserver((list, observer) => {
    if (list.getEntries().some((entry) => entry.element?.getAttribute("fetchpriority") === "high")) { observer.disconnect(); setTimeout(go, 0); }
  }).observe({ type: "largest-contentful-paint", buffered: true });
};
if (document.readyState === "complete") late(); else addEventListener("load", late, { once: true });
})();`;
}
