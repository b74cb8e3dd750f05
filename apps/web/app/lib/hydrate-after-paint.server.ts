import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const PRELOAD = '<link rel="modulepreload"';
const SCRIPT = "<script";
const SCRIPT_END = "</script>";
const STATIC_IMPORT = /^[ \t]*import\s+(?:\*\s+as\s+([A-Za-z_$][\w$]*)\s+from\s+)?"([^"]+)";?[ \t]*$/gm;
const OTHER_STATIC_IMPORT = /^[ \t]*import\s+[^(\s]/m;

/**
 * Waits until the browser has shown the page (its first contentful paint, from the Paint Timing API), so the scripts
 * are requested after the page is on screen. A tab nobody looks at gets no paint, so it goes at once, and so does a
 * browser without Paint Timing (after one frame) or a paint report that never comes (after 3 s).
 */
const AFTER_FIRST_PAINT = `await new Promise((go) => {
  const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
  if (document.visibilityState !== "visible" || painted()) return go();
  if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint")) return requestAnimationFrame(() => setTimeout(go, 0));
  new PerformanceObserver((list, observer) => { if (list.getEntriesByName("first-contentful-paint").length > 0) { observer.disconnect(); go(); } }).observe({ type: "paint" });
  document.addEventListener("visibilitychange", go, { once: true });
  setTimeout(go, 3000);
});`;

/**
 * Rewrites React Router's module script so that it starts loading the hydration scripts after the first paint:
 * the static imports become dynamic ones behind AFTER_FIRST_PAINT, preceded by modulepreload links for every script
 * the page needs (so they download side by side, as the removed `<link rel="modulepreload">` tags did).
 * Returns null when the script is not in the shape React Router writes (then it is left alone and still works).
 */
export function deferModuleScript(code: string, preloads: readonly string[]): string | null {
  const imports: { name: string | undefined; href: string }[] = [];
  const rest = code.replace(STATIC_IMPORT, (_line, name: string | undefined, href: string) => {
    imports.push({ name, href });
    return "";
  });
  if (OTHER_STATIC_IMPORT.test(rest)) return null;
  const hrefs = [...new Set([...preloads, ...imports.map((i) => i.href)])];
  const named = imports.filter((i) => i.name);
  const sideEffects = imports.filter((i) => !i.name);
  return [
    AFTER_FIRST_PAINT,
    `for (const href of ${JSON.stringify(hrefs)}) { const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link); }`,
    ...sideEffects.map((i) => `await import(${JSON.stringify(i.href)});`),
    named.length ? `const [${named.map((i) => i.name).join(", ")}] = await Promise.all([${named.map((i) => `import(${JSON.stringify(i.href)})`).join(", ")}]);` : "",
    rest,
  ].join("\n");
}

/** True when `text` from `at` to its end could still grow into `token` with the next chunk. */
function partial(text: string, at: number, token: string): boolean {
  return text.length - at < token.length && token.startsWith(text.slice(at));
}

/**
 * Hydration after the first paint (docs/decisions/072). The server-rendered page is complete and readable without
 * JavaScript, so its first paint should not share a slow phone connection with 120 KB of hydration scripts: this
 * stream transform removes React Router's `<link rel="modulepreload">` tags and rewrites its module script (see
 * deferModuleScript) so the scripts are requested when the page is on screen. <Scripts> has no option for this,
 * hence the rewrite of the HTML stream; a tag or script split across chunks is held back until it is complete.
 */
export function hydrateAfterFirstPaint(): Transform {
  const decoder = new StringDecoder("utf8");
  const preloads: string[] = [];
  let carry = "";
  let rewritten = false;

  /** Rewrites what it can of `text`; returns the output and the unfinished tail to keep for the next chunk. */
  function rewrite(text: string, final: boolean): [string, string] {
    let out = "";
    let pos = 0;
    for (;;) {
      const lt = text.indexOf("<", pos);
      if (lt === -1) return [out + text.slice(pos), ""];
      out += text.slice(pos, lt);
      if (!final && (partial(text, lt, PRELOAD) || (!rewritten && partial(text, lt, SCRIPT)))) return [out, text.slice(lt)];
      if (text.startsWith(PRELOAD, lt)) {
        const end = text.indexOf(">", lt);
        if (end === -1 && !final) return [out, text.slice(lt)];
        if (end !== -1) {
          const href = /\shref="([^"]+)"/.exec(text.slice(lt, end))?.[1];
          if (href && !rewritten) {
            preloads.push(href);
            pos = end + 1;
            continue;
          }
        }
      } else if (!rewritten && text.startsWith(SCRIPT, lt)) {
        const tagEnd = text.indexOf(">", lt);
        if (tagEnd === -1 && !final) return [out, text.slice(lt)];
        const openTag = tagEnd === -1 ? "" : text.slice(lt, tagEnd + 1);
        if (/\stype="module"/.test(openTag)) {
          const close = text.indexOf(SCRIPT_END, tagEnd);
          if (close === -1 && !final) return [out, text.slice(lt)];
          if (close !== -1) {
            const deferred = deferModuleScript(text.slice(tagEnd + 1, close), preloads);
            rewritten = true;
            if (deferred !== null) {
              out += openTag + deferred + SCRIPT_END;
              pos = close + SCRIPT_END.length;
              continue;
            }
          }
        }
      }
      out += "<";
      pos = lt + 1;
    }
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const [out, rest] = rewrite(carry + decoder.write(chunk), false);
      carry = rest;
      callback(null, out);
    },
    flush(callback) {
      callback(null, rewrite(carry + decoder.end(), true)[0]);
    },
  });
}
