// JavaScript and CSS (gzip) that the home, catalogue and product pages load, read from the production build.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { root, startShop, summary } from "./lib.mjs";

const clientDir = path.join(root, "apps/web/build/client");
const shop = await startShop({ web: true });
try {
  const list = await (await fetch(`${shop.url}/api/products?featured=true&limit=1`)).json();
  const pages = { home: "/", catalogue: "/products", product: `/products/${list.data.products[0].slug}` };
  for (const [name, url] of Object.entries(pages)) {
    const html = await (await fetch(shop.url + url)).text();
    const assets = [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css)/g)].map((m) => m[0]))];
    const sum = { js: 0, css: 0 };
    for (const a of assets) {
      const bytes = zlib.gzipSync(fs.readFileSync(path.join(clientDir, a)), { level: 9 }).length;
      sum[a.endsWith(".js") ? "js" : "css"] += bytes;
    }
    const target = name === "product" ? `   (target ≤ 100 KB JS)` : "";
    summary("bundle", `${name} page`, `JS ${(sum.js / 1024).toFixed(1)} KB gzip, CSS ${(sum.css / 1024).toFixed(1)} KB gzip`);
    console.log(`  ${name.padEnd(10)} JS ${(sum.js / 1024).toFixed(1).padStart(6)} KB gzip   CSS ${(sum.css / 1024).toFixed(1).padStart(5)} KB gzip   ${assets.length} files${target}`);
  }
} finally {
  await shop.close();
}
