// SSR of /products/{slug} against the same HTML served as a static file, same run, 50 connections.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import fastifyStatic from "@fastify/static";
import { load, row, startShop, summary } from "./lib.mjs";

const shop = await startShop({ web: true });
try {
  const list = await (await fetch(`${shop.url}/api/products?featured=true&limit=1`)).json();
  const slug = list.data.products[0].slug;
  const html = await (await fetch(`${shop.url}/products/${slug}`)).text();
  console.log(`  page: /products/${slug}, ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB of HTML`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "khelkud-bench-"));
  fs.writeFileSync(path.join(dir, "product.html"), html);
  const statics = Fastify({ logger: false });
  await statics.register(fastifyStatic, { root: dir });
  await statics.listen({ port: 0, host: "127.0.0.1" });
  try {
    const ssr = await load(`${shop.url}/products/${slug}`);
    const file = await load(`http://127.0.0.1:${statics.server.address().port}/product.html`);
    console.log(row("SSR /products/{slug}", ssr));
    console.log(row("static file, same HTML", file));
    // These requests carry no session, so after the first render they are served from the anonymous page cache
    // (docs/decisions/071). `CATALOG_CACHE_MS=0 npm run bench ssr` measures rendering every request instead.
    const cached = process.env.CATALOG_CACHE_MS !== "0";
    console.log(`  ratio SSR/static throughput: ${(ssr.rps / file.rps).toFixed(2)} (target ≥ 0.3)${cached ? ", anonymous page cache on" : ", page cache off: every request rendered"}`);
    summary("ssr-product", `SSR /products/{slug}${cached ? " (anonymous, cached)" : " (rendered each time)"}`, `${ssr.rps.toFixed(0)} req/s, p99 ${ssr.p99} ms, ${(ssr.rps / file.rps).toFixed(2)} of static`);
  } finally {
    await statics.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
} finally {
  await shop.close();
}
