// Storefront pages for a signed-in customer beside the same pages for a visitor without a session, same run,
// 32 connections, every request asking for Brotli as a browser does (docs/decisions/094).
// Goal (issue 20): signed-in throughput ≥ 0.5 of the guest's, p99 < 300 ms.
import os from "node:os";
import { load, startShop, summary } from "./lib.mjs";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const shop = await startShop({ web: true });
try {
  const login = await fetch(`${shop.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shop.url },
    body: JSON.stringify({ email: "customer@khelkud.com.np", password: "Customer@2026" }),
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  if (!login.ok || !cookie) throw new Error(`Sign-in failed: ${login.status}`);
  const list = await (await fetch(`${shop.url}/api/products?featured=true&limit=1`)).json();
  const slug = list.data.products[0].slug;
  const browser = { "accept-encoding": "gzip, deflate, br", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36" };
  console.log(`  ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(" / ")}, ${CONNECTIONS} connections, ${DURATION} s each`);
  for (const page of ["/", "/products", `/products/${slug}`]) {
    const guest = await load(`${shop.url}${page}`, { connections: CONNECTIONS, duration: DURATION, headers: browser });
    const signedIn = await load(`${shop.url}${page}`, { connections: CONNECTIONS, duration: DURATION, headers: { ...browser, cookie } });
    const ratio = signedIn.rps / guest.rps;
    const name = page.startsWith("/products/") ? "/products/{slug}" : page;
    console.log(`  ${name.padEnd(18)} guest ${guest.rps.toFixed(0).padStart(6)} req/s p99 ${String(guest.p99).padStart(4)} ms ${guest.cpuMs.toFixed(2)} ms CPU/req | signed-in ${signedIn.rps.toFixed(0).padStart(6)} req/s p99 ${String(signedIn.p99).padStart(4)} ms ${signedIn.cpuMs.toFixed(1)} ms CPU/req (errors ${guest.errors}/${signedIn.errors}) | ratio ${ratio.toFixed(2)} (goal ≥ 0.5), p99 goal < 300 ms`);
    summary("signed-in", `${name} signed-in / guest`, `${signedIn.rps.toFixed(0)} / ${guest.rps.toFixed(0)} req/s = ${ratio.toFixed(2)} (goal ≥ 0.5), signed-in p99 ${signedIn.p99} ms (goal < 300), CPU ${signedIn.cpuMs.toFixed(1)} / ${guest.cpuMs.toFixed(2)} ms per request`);
  }
  console.log(`  load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(" / ")}`);
} finally {
  await shop.close();
}
