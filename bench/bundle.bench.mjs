// JavaScript and CSS that the home, catalogue and product pages load, read from the production build: gzip (level 9,
// the figure docs/decisions/116 and 120 report) and Brotli (quality 11, what the server sends and Lighthouse counts).
//
// "Load" means what the browser fetches before the page is interactive: the stylesheets and the scripts the page's
// module script imports (React Router's module script, rewritten by lib/hydrate-after-paint.server.ts), with every
// static import of those files in turn. Route modules named only in the inline route manifest (routes a link on the
// page may lead to) and the manifest file itself are not loaded until a link is followed, and dynamic imports (the
// Nepali catalogue, Zod, socket.io) until they are used, so they are not counted (docs/decisions/120).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { root, startShop, summary } from "./lib.mjs";

const clientDir = path.join(root, "apps/web/build/client");
const gzip = (bytes) => zlib.gzipSync(bytes, { level: 9 }).length;
const brotli = (bytes) => zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n) => (n / 1024).toFixed(1);

/** The scripts a page's HTML starts: modulepreload links (tags or the hydration script's list) and module imports. */
function entryScripts(html) {
  const hrefs = new Set();
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="(\/assets\/[\w.-]+\.js)"/g)) hrefs.add(m[1]);
  for (const m of html.matchAll(/for \(const href of (\[[^\]]*\])\)/g)) for (const h of JSON.parse(m[1])) hrefs.add(h);
  for (const m of html.matchAll(/import\s*\(\s*"(\/assets\/[\w.-]+\.js)"\s*\)|^\s*import\s+(?:[\w*{}\s,$]+from\s+)?"(\/assets\/[\w.-]+\.js)"/gm))
    hrefs.add(m[1] ?? m[2]);
  return hrefs;
}

/** `files` with every file they import statically (`import … from "./x.js"`, `import "./x.js"`), transitively. */
function withStaticImports(files) {
  const seen = new Set();
  const queue = [...files];
  while (queue.length > 0) {
    const href = queue.pop();
    if (seen.has(href)) continue;
    seen.add(href);
    const code = fs.readFileSync(path.join(clientDir, href), "utf8");
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([\w.-]+\.js)"/g)) queue.push(`/assets/${m[1]}`);
  }
  return [...seen];
}

const shop = await startShop({ web: true });
try {
  const list = await (await fetch(`${shop.url}/api/products?featured=true&limit=1`)).json();
  const pages = { home: "/", catalogue: "/products", product: `/products/${list.data.products[0].slug}` };
  for (const [name, url] of Object.entries(pages)) {
    const html = await (await fetch(shop.url + url)).text();
    const scripts = withStaticImports(entryScripts(html));
    const styles = [...new Set([...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[\w.-]+\.css)"/g)].map((m) => m[1]))];
    const sum = { js: 0, jsBr: 0, css: 0, cssBr: 0 };
    for (const a of [...scripts, ...styles]) {
      const bytes = fs.readFileSync(path.join(clientDir, a));
      const kind = a.endsWith(".js") ? "js" : "css";
      sum[kind] += gzip(bytes);
      sum[`${kind}Br`] += brotli(bytes);
    }
    summary("bundle", `${name} page`, `JS ${kb(sum.js)} KB gzip (${kb(sum.jsBr)} KB Brotli), CSS ${kb(sum.css)} KB gzip`);
    console.log(
      `  ${name.padEnd(10)} JS ${kb(sum.js).padStart(6)} KB gzip ${kb(sum.jsBr).padStart(6)} KB Brotli   CSS ${kb(sum.css).padStart(5)} KB gzip ${kb(sum.cssBr).padStart(5)} KB Brotli   ${scripts.length} scripts   (target ≤ 100 KB JS)`,
    );
    if (process.env.BUNDLE_FILES)
      for (const a of scripts) console.log(`    ${a.padEnd(44)} ${kb(gzip(fs.readFileSync(path.join(clientDir, a)))).padStart(6)} KB gzip`);
  }
} finally {
  await shop.close();
}
