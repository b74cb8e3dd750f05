// GET /api/products?limit=50 against a bare Fastify route sending the same bytes, same run, 50 connections.
import { load, row, startBare, startShop, summary } from "./lib.mjs";

const shop = await startShop();
try {
  const path = "/api/products?limit=50";
  const body = await (await fetch(shop.url + path)).text();
  const count = JSON.parse(body).data.products.length;
  console.log(`  response: ${count} products, ${(Buffer.byteLength(body) / 1024).toFixed(1)} KB`);
  const bare = await startBare("/api/products", body, "application/json; charset=utf-8");
  try {
    const real = await load(shop.url + path);
    const ceiling = await load(bare.url + path);
    console.log(row("app  /api/products?limit=50", real));
    console.log(row("bare precomputed bytes", ceiling));
    console.log(`  ratio app/bare throughput: ${(real.rps / ceiling.rps).toFixed(2)} (target ≥ 0.6)`);
    summary("api-products", "GET /api/products?limit=50", `${real.rps.toFixed(0)} req/s, p99 ${real.p99} ms, ${(real.rps / ceiling.rps).toFixed(2)} of bare`);
  } finally {
    await bare.close();
  }
} finally {
  await shop.close();
}
