// Growth: the shop at 1,000 products / 10,000 orders and again at 100,000 products / 1,000,000 orders, on a scratch
// PostgreSQL database (BENCH_DATABASE_URL, default the local server; skipped when unreachable). The data is made by
// the database itself (generate_series), so both sizes are ready in a few minutes. At each size, single-user p50/p95
// over HTTP (a different request each time, nothing cached: CATALOG_CACHE_MS=0) of: the catalogue of one category
// with its facet counts, search, a product's related products, a sitemap file, the admin order list searched by order
// number and by customer, the admin dashboard (with the fiscal year's tax totals), the admin's invoices and credit
// notes of a BS month and by number, and a customer's order history; then each p95 at the large size against the small one, beside the goal (≤ 2×, issue 20).
// Every paid order has its invoice, and one in fifty of them a credit note. `BENCH_ROUNDS` (60) requests per figure;
// `BENCH_GROWTH` ("1000:10000,100000:1000000") the sizes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { percentile, summary } from "./lib.mjs";
// The seed's generator (bench/run.mjs runs benches through tsx, so they import the server's TypeScript directly).
import { mulberry32 } from "../apps/server/src/lib/seeded-random.ts";
import { scratchPostgres } from "./scratch-db.mjs";
import { bsDateOf, fiscalYearOf, formatBs } from "../packages/contracts/src/index.ts";

process.env.NODE_ENV = "production";
const { openPostgres } = await import("../apps/server/src/db/client.ts");
const { buildApp } = await import("../apps/server/src/app.ts");
const { loadConfig } = await import("../apps/server/src/env.ts");

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const SIZES = (process.env.BENCH_GROWTH ?? "1000:10000,100000:1000000").split(",").map((s) => {
  const [products, orders] = s.split(":").map(Number);
  return { products, orders, users: Math.max(10, Math.round(orders / 10)) };
});

const TEAMS = ["FC Barcelona", "Real Madrid", "Manchester United", "Liverpool", "Arsenal", "Chelsea", "Bayern Munich", "Juventus", "Argentina", "Brazil", "Portugal", "Nepal National Team", "Nepal Cricket Team", "India", "Los Angeles Lakers", "Chicago Bulls", "Janakpur Bolts", "Kathmandu Gurkhas", "Pokhara Avengers", "Lumbini Lions"];
const KITS = ["Home", "Away", "Third", "Training", "Retro", "Icon Edition", "ODI", "T20 World Cup"];
const BRANDS = ["Nike", "Adidas", "Puma", "Kelme", "Shikhar", "Under Armour", "Castore", "Asics", "Li-Ning", "Moose"];
const FIRST = ["Sita", "Ram", "Hari", "Gita", "Bikash", "Anjali", "Suman", "Pooja", "Roshan", "Sabina", "Nabin", "Kritika", "Prakash", "Manisha", "Dipesh", "Asmita"];
const LAST = ["Sharma", "Shrestha", "Gurung", "Tamang", "Thapa", "Rai", "Magar", "Karki", "Adhikari", "Poudel", "Maharjan", "Limbu", "Bhandari", "Khadka"];
const CATEGORIES = [
  ["growth-cat-0", "Football Jerseys", "football-jerseys"],
  ["growth-cat-1", "Basketball Jerseys", "basketball-jerseys"],
  ["growth-cat-2", "Cricket Jerseys", "cricket-jerseys"],
  ["growth-cat-3", "Training Wear", "training-wear"],
];
const arr = (xs) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(",")}]`;
const YEAR_S = 365 * 86400;
/** The order numbers' alphabet (apps/server/src/modules/orders/order-number.ts). */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** Products from..to (ids growth<g>), two sizes each; the vocabulary triggers keep the search words up to date. */
async function generateProducts(client, from, to) {
  await client.query(`INSERT INTO products (id, name, slug, description, brand, team, category_id, price, sale_price, featured, created_at)
    SELECT 'growth' || g,
      t.teams[1 + g % ${TEAMS.length}] || ' ' || t.kits[1 + (g / ${TEAMS.length}) % ${KITS.length}] || ' Jersey ' || (1990 + g % 37),
      'growth-' || g,
      'The ' || lower(t.kits[1 + (g / ${TEAMS.length}) % ${KITS.length}]) || ' shirt of ' || t.teams[1 + g % ${TEAMS.length}] || ', style ' || md5(g::text) || '. Breathable fabric, woven crest.',
      t.brands[1 + (g / 7) % ${BRANDS.length}], t.teams[1 + g % ${TEAMS.length}], 'growth-cat-' || (g % 4),
      100000 + (g % 90) * 10000, CASE WHEN g % 9 = 0 THEN 90000 + (g % 90) * 9000 END, g % 50 = 0,
      now() - ((g::bigint * 7919) % ${YEAR_S}) * interval '1 second'
    FROM generate_series(${from}, ${to}) g,
      (SELECT ${arr(TEAMS)} AS teams, ${arr(KITS)} AS kits, ${arr(BRANDS)} AS brands) t`);
  await client.query(
    `INSERT INTO product_sizes (product_id, size, stock, sort_order) SELECT 'growth' || g, s.size, (g * 13 + s.i) % 40, s.i FROM generate_series(${from}, ${to}) g, (VALUES ('M', 0), ('L', 1)) s(size, i)`,
  );
}

/** Customers from..to (ids growth-u<g>). */
async function generateUsers(client, from, to) {
  await client.query(`INSERT INTO users (id, name, email, phone, created_at)
    SELECT 'growth-u' || g, t.first[1 + g % ${FIRST.length}] || ' ' || t.last[1 + (g / ${FIRST.length}) % ${LAST.length}],
      'customer' || g || '@example.com', '98' || lpad((g % 100000000)::text, 8, '0'), now() - interval '400 days'
    FROM generate_series(${from}, ${to}) g, (SELECT ${arr(FIRST)} AS first, ${arr(LAST)} AS last) t`);
}

/**
 * Orders from..to over the last year (ids growth-o<g>), each customer's share spread over `users` customers, one line
 * (every third order two) of `products` products. One in twenty cancelled; of the rest, those older than two weeks
 * delivered and paid, the others at every step of the way (cash on delivery unpaid until delivered).
 */
async function generateOrders(client, from, to, users, products) {
  await client.query(`INSERT INTO orders (id, order_number, user_id, status, payment_method, payment_status, subtotal, shipping_cost, total_amount, shipping_address, paid_at, created_at, updated_at)
    SELECT 'growth-o' || g,
      'KK-' || to_char(o.at AT TIME ZONE 'Asia/Kathmandu', 'YYYYMMDD') || '-' || o.suffix,
      'growth-u' || (1 + g % ${users}), o.status, o.method,
      CASE WHEN o.status = 'CANCELLED' THEN 'FAILED' WHEN o.status = 'DELIVERED' OR o.method <> 'COD' THEN 'PAID' ELSE 'PENDING' END,
      o.subtotal, 10000, o.subtotal + 10000,
      jsonb_build_object('fullName', 'Customer ' || g, 'email', 'customer' || (1 + g % ${users}) || '@example.com', 'phone', '9800000000', 'address', 'Thamel', 'province', 'Bagmati', 'district', 'Kathmandu', 'area', 'Kathmandu', 'postalCode', '44600'),
      CASE WHEN o.status <> 'CANCELLED' AND (o.status = 'DELIVERED' OR o.method <> 'COD') THEN o.at + interval '1 hour' END,
      o.at, o.at
    FROM generate_series(${from}, ${to}) g,
      LATERAL (SELECT (g::bigint * 2654435761) % ${YEAR_S} AS age) a,
      LATERAL (SELECT now() - a.age * interval '1 second' AS at,
        (ARRAY['COD','KHALTI','ESEWA'])[1 + g % 3] AS method,
        -- Orders of the last two weeks are on their way; older ones were delivered or cancelled.
        CASE WHEN g % 20 = 0 THEN 'CANCELLED' WHEN a.age > 14 * 86400 THEN 'DELIVERED'
          ELSE (ARRAY['PENDING','PROCESSING','SHIPPED','OUT_FOR_DELIVERY','DELIVERED'])[1 + g % 5] END AS status,
        CASE WHEN g % 3 = 0 THEN 300000 ELSE 150000 END AS subtotal,
        -- six characters of the order-number alphabet, different for every g (g × a prime, modulo 31^6, in base 31)
        (SELECT string_agg(substr('${ALPHABET}', 1 + ((g::bigint * 1000003) % 887503681 / (31::bigint ^ k)::bigint % 31)::int, 1), '' ORDER BY k DESC)
          FROM generate_series(0, 5) k) AS suffix) o`);
  await client.query(`INSERT INTO order_items (id, order_id, product_id, product_name, product_slug, size, quantity, unit_price, line_total)
    SELECT 'growth-i' || g || '-' || k, 'growth-o' || g, 'growth' || p, 'Growth jersey ' || p, 'growth-' || p, 'M', 1, 150000, 150000
    FROM generate_series(${from}, ${to}) g, generate_series(1, 2) k, LATERAL (SELECT 1 + (g::bigint * k * 31) % ${products} AS p) x
    WHERE k = 1 OR g % 3 = 0`);
}

/**
 * The Nepal days of the last 400 days with their BS date and fiscal year, as three arrays for unnest() (the calendar
 * is the contracts' table, which SQL does not have).
 */
function nepalCalendar() {
  const days = [];
  const bs = [];
  const years = [];
  for (let d = -1; d <= 400; d++) {
    const instant = new Date(Date.now() - d * 86_400_000);
    const nepal = new Date(instant.getTime() + 345 * 60_000).toISOString().slice(0, 10);
    if (days.includes(nepal)) continue;
    days.push(nepal);
    bs.push(formatBs(bsDateOf(instant)));
    years.push(fiscalYearOf(instant));
  }
  return [days, bs, years];
}

/**
 * Bills of orders from..to: an invoice for every paid order, issued when it was paid, and a credit note for one in
 * fifty of them three days later (when that moment has come). Amounts as a VAT-registered shop's (13% of the total
 * is taxed out of it, rounded as the lines would be: close enough for reading them).
 */
async function generateTaxDocuments(client, from, to) {
  const calendar = nepalCalendar();
  const seller = `'{"legalName": "Khelkud Sports Pvt. Ltd.", "legalAddress": "New Road, Kathmandu", "pan": "609876543", "vatRegistered": true}'::jsonb`;
  await client.query(
    `INSERT INTO tax_documents (id, kind, number, fiscal_year, sequence, order_id, issued_at, issued_date_bs, vat_registered, seller, buyer, order_number, lines,
       shipping_amount, shipping_taxable, shipping_vat, taxable, vat, exempt, total, payment_method, payment_reference)
    SELECT 'growth-inv' || g, 'INVOICE', c.fy || '-' || lpad(g::text, 7, '0'), c.fy, g, o.id, o.paid_at, c.bs, true, ${seller},
      jsonb_build_object('name', u.name, 'email', u.email), o.order_number,
      jsonb_build_array(jsonb_build_object('description', 'Growth jersey', 'quantity', 1, 'amount', o.subtotal)),
      o.shipping_cost, o.shipping_cost - round(o.shipping_cost * 13 / 113.0), round(o.shipping_cost * 13 / 113.0),
      o.total_amount - round(o.total_amount * 13 / 113.0), round(o.total_amount * 13 / 113.0), 0, o.total_amount,
      CASE o.payment_method WHEN 'COD' THEN 'Cash on Delivery' ELSE initcap(o.payment_method) END, 'growth-pay-' || g
    FROM generate_series($1::int, $2::int) g
      JOIN orders o ON o.id = 'growth-o' || g AND o.payment_status = 'PAID'
      JOIN users u ON u.id = o.user_id
      JOIN unnest($3::date[], $4::text[], $5::text[]) c(day, bs, fy) ON c.day = (o.paid_at AT TIME ZONE 'Asia/Kathmandu')::date`,
    [from, to, ...calendar],
  );
  await client.query(
    `INSERT INTO tax_documents (id, kind, number, fiscal_year, sequence, order_id, invoice_id, issued_at, issued_date_bs, vat_registered, seller, buyer, order_number, lines,
       shipping_amount, shipping_taxable, shipping_vat, taxable, vat, exempt, total, payment_method, payment_reference, reason)
    SELECT 'growth-cn' || g, 'CREDIT_NOTE', 'CN-' || c.fy || '-' || lpad(g::text, 7, '0'), c.fy, g, i.order_id, i.id, i.issued_at + interval '3 days', c.bs, true, i.seller,
      i.buyer, i.order_number, i.lines, i.shipping_amount, i.shipping_taxable, i.shipping_vat, i.taxable, i.vat, 0, i.total, i.payment_method, 'growth-refund-' || g, 'Returned'
    FROM generate_series($1::int, $2::int) g
      JOIN tax_documents i ON i.id = 'growth-inv' || g AND g % 50 = 7 AND i.issued_at + interval '3 days' < now()
      JOIN unnest($3::date[], $4::text[], $5::text[]) c(day, bs, fy) ON c.day = ((i.issued_at + interval '3 days') AT TIME ZONE 'Asia/Kathmandu')::date`,
    [from, to, ...calendar],
  );
}

/**
 * The administrator's audit log as a shop of that size would have it: a status change of each order and the creation
 * of each product, spread over the last year.
 */
async function generateAudit(client, have, want) {
  const spread = (g) => `now() - (${g} % 365) * interval '1 day' - (${g} % 1440) * interval '1 minute'`;
  for (let from = have.orders + 1; from <= want.orders; from += 100_000) {
    await client.query(
      `INSERT INTO audit_log (id, actor_user_id, action, entity_type, entity_id, before, after, created_at)
      SELECT 'growth-audit-o' || g, 'growth-admin', 'order.status', 'order', 'growth-o' || g, '{"status": "OUT_FOR_DELIVERY"}', '{"status": "DELIVERED"}', ${spread("g")}
      FROM generate_series($1::int, $2::int) g`,
      [from, Math.min(from + 99_999, want.orders)],
    );
  }
  await client.query(
    `INSERT INTO audit_log (id, actor_user_id, action, entity_type, entity_id, after, created_at)
    SELECT 'growth-audit-p' || g, 'growth-admin', 'product.create', 'product', 'growth' || g, '{}', ${spread("(g * 7)")}
    FROM generate_series($1::int, $2::int) g`,
    [have.products + 1, want.products],
  );
}

/** Grows the shop from `have` to `want`: products with their triggers, then customers and orders without (replica role skips FK checks). */
async function grow(url, have, want) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const step = 20_000;
    for (let from = have.products + 1; from <= want.products; from += step) await generateProducts(client, from, Math.min(from + step - 1, want.products));
    await client.query("SET session_replication_role = replica");
    for (let from = have.users + 1; from <= want.users; from += 100_000) await generateUsers(client, from, Math.min(from + 99_999, want.users));
    for (let from = have.orders + 1; from <= want.orders; from += 100_000) await generateOrders(client, from, Math.min(from + 99_999, want.orders), want.users, want.products);
    for (let from = have.orders + 1; from <= want.orders; from += 100_000) await generateTaxDocuments(client, from, Math.min(from + 99_999, want.orders));
    await generateAudit(client, have, want);
    await client.query("SET session_replication_role = DEFAULT");
    // The replica role skipped the triggers that keep the dashboard's totals (docs/decisions/119): count them again.
    await client.query("SELECT khelkud_order_totals_rebuild()");
    // And, where the schema keeps them, each customer's number of orders (docs/decisions/148), the tax documents'
    // days (docs/decisions/130), the users per role and status (docs/decisions/162) and the audit log's entries per kind
    // (docs/decisions/165).
    for (const rebuild of ["khelkud_customer_orders_rebuild", "khelkud_tax_document_days_rebuild", "khelkud_user_counts_rebuild", "khelkud_audit_counts_rebuild"]) {
      const { rows } = await client.query("SELECT to_regproc($1) IS NOT NULL AS kept", [rebuild]);
      if (rows[0].kept) await client.query(`SELECT ${rebuild}()`);
    }
    await client.query("VACUUM ANALYZE");
  } finally {
    await client.end();
  }
}

const rand = mulberry32(20261124);
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const upTo = (n) => 1 + Math.floor(rand() * n);

/**
 * p50 and p95 of the paths one after the other. An answer other than 2xx (a statement past the database's timeout
 * answers 503) is timed as it came and counted, so a size that misses still prints its figure.
 */
async function timeEach(origin, paths, headers = {}) {
  const times = [];
  let failed = 0;
  for (const p of paths) {
    const t0 = performance.now();
    const res = await fetch(origin + p, { headers }).catch(() => fetch(origin + p, { headers }));
    const body = await res.text();
    times.push(performance.now() - t0);
    if (!res.ok && failed++ === 0) console.log(`    ${p}: ${res.status} ${body.slice(0, 120)}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), failed };
}

/** The order number generateOrders gave order g (computed in the database: md5 and the Nepal date). */
async function orderNumbers(client, ids) {
  const { rows } = await client.query("SELECT order_number FROM orders WHERE id = ANY($1)", [ids.map((g) => `growth-o${g}`)]);
  return rows.map((r) => r.order_number);
}

const FIGURES = {
  catalogue: "catalogue: a category, facets",
  priceRange: "catalogue: a category, price range",
  everything: "catalogue: everything, sorted",
  search: "search (typical words)",
  related: "a product's You May Also Like",
  sitemap: "a sitemap file of 1,000 products",
  adminProducts: "admin products, newest first",
  adminProductsSorted: "admin products, by name or price",
  adminUsers: "admin users, newest first",
  ordersList: "admin orders, newest first",
  ordersByNumber: "admin orders, by order number",
  ordersByCustomer: "admin orders, by customer",
  dashboard: "admin dashboard",
  audit: "admin audit log",
  billsOfMonth: "admin bills of a BS month",
  billsByNumber: "admin bills, by number",
  history: "a customer's order history",
};

async function measure(origin, client, size, admin, tokenFor) {
  const n = ROUNDS;
  const sorts = ["", "&sort=price-low", "&sort=newest", "&sort=name"];
  // Pages that hold as many products at both sizes: a category has 250 products at the small size (pages 1–3 of 50
  // are full) and one of its brands 25 (its first page of 20 is full), so a ratio compares like with like.
  const catalogue = Array.from({ length: n }, () => {
    const [, , slug] = pick(CATEGORIES);
    const page = rand() < 0.5 ? `&brand=${encodeURIComponent(pick(BRANDS))}&limit=20` : `&limit=50&page=${upTo(3)}`;
    return `/api/products?category=${slug}&facets=true${page}${pick(sorts)}`;
  });
  // A price range of NPR 2,000 within a category (counted from the counts kept per price, docs/decisions/138; from the
  // products before it); at the small size such a range holds a few dozen products of the category (pages of 20 are full).
  const priceRange = Array.from({ length: n }, () => {
    const [, , slug] = pick(CATEGORIES);
    const min = 1000 + 100 * upTo(80);
    return `/api/products?category=${slug}&facets=true&minPrice=${min}&maxPrice=${min + 2000}&limit=20${pick(sorts)}`;
  });
  // Every product on sale in one of the orders a shopper picks, no category (docs/decisions/160): pages 1–3 of 20.
  const shopperSorts = ["price-low", "price-high", "name", "rating", "newest"];
  const everything = Array.from({ length: n }, () => `/api/products?facets=true&limit=20&page=${upTo(3)}&sort=${pick(shopperSorts)}`);
  // The administrator's product list as it opens: every status, newest first, pages 1–3 of 20.
  const adminProducts = Array.from({ length: n }, () => `/api/admin/products?page=${upTo(3)}&limit=20`);
  // The same sorted by name or list price, either way, of every status or of those on sale (docs/decisions/167).
  const adminProductsSorted = Array.from(
    { length: n },
    () => `/api/admin/products?page=${upTo(3)}&limit=20&sortBy=${pick(["name", "price"])}&sortOrder=${pick(["asc", "desc"])}${pick(["", "&status=ACTIVE"])}`,
  );
  // The administrator's user list as it opens: every user, newest first, pages 1–3 of 20, each with its number of orders.
  const adminUsers = Array.from({ length: n }, () => `/api/admin/users?page=${upTo(3)}&limit=20`);
  const search = Array.from({ length: n }, () => `/api/products/search?q=${encodeURIComponent(`${pick(TEAMS).toLowerCase()} ${pick(KITS).toLowerCase()} ${1990 + upTo(36)}`)}&limit=20`);
  // The related products of a product anywhere in the catalogue (a category holds a quarter of it).
  const related = Array.from({ length: n }, () => `/api/products/growth${upTo(size.products)}/related`);
  // Any of the sitemap's files of products (about 1,000 each, docs/decisions/157, 166): one at the small size, a hundred at the large.
  const sitemap = Array.from({ length: n }, () => `/sitemaps/products-${upTo(Math.ceil(size.products / 1000))}.xml`);
  const numbers = await orderNumbers(
    client,
    Array.from({ length: n }, () => upTo(size.orders)),
  );
  // The administrator's order list as it opens (every order) or with a status chosen, newest first, pages 1–3 of 20.
  const statuses = ["", "", "&status=PENDING", "&status=PROCESSING", "&status=SHIPPED", "&status=DELIVERED", "&status=CANCELLED"];
  const ordersList = Array.from({ length: n }, () => `/api/admin/orders?page=${upTo(3)}&limit=20${pick(statuses)}`);
  // A full number, or its last six characters as read out over the phone.
  const ordersByNumber = numbers.map((num, i) => `/api/admin/orders?q=${encodeURIComponent(i % 2 ? num : num.slice(-6))}`);
  const ordersByCustomer = Array.from({ length: n }, (_, i) => {
    const g = upTo(size.users);
    const q = i % 3 === 0 ? `customer${g}@example.com` : i % 3 === 1 ? `${pick(FIRST)} ${pick(LAST)}` : `customer${g}@`;
    return `/api/admin/orders?q=${encodeURIComponent(q)}`;
  });
  const dashboard = Array.from({ length: Math.min(n, 30) }, () => "/api/admin/dashboard");
  // The audit log as it opens (every entry), or of products or of orders, newest first, pages 1–3 of 50.
  const kinds = ["", "&entityType=product", "&entityType=order"];
  const audit = Array.from({ length: n }, () => `/api/admin/audit?page=${upTo(3)}${pick(kinds)}`);
  const customers = Array.from({ length: n }, () => upTo(size.users));
  // This BS month's and last month's documents, a page of the first three; and documents by their number, whole or its
  // last digits.
  const months = [formatBs(bsDateOf(new Date())).slice(0, 7), formatBs(bsDateOf(new Date(Date.now() - 32 * 86_400_000))).slice(0, 7)];
  const billsOfMonth = Array.from({ length: n }, () => `/api/admin/invoices?month=${pick(months)}&page=${upTo(3)}`);
  const { rows: bills } = await client.query("SELECT number FROM tax_documents WHERE id = ANY($1)", [Array.from({ length: 3 * n }, () => `growth-inv${upTo(size.orders)}`)]);
  const billsByNumber = bills.slice(0, n).map((b, i) => `/api/admin/invoices?q=${encodeURIComponent(i % 2 ? b.number : b.number.slice(-7))}`);
  const out = {};
  const bearer = { authorization: `Bearer ${admin}` };
  await timeEach(origin, catalogue.slice(0, 5).concat(search.slice(0, 5))); // warm-up
  out.catalogue = await timeEach(origin, catalogue);
  out.priceRange = await timeEach(origin, priceRange);
  out.everything = await timeEach(origin, everything);
  out.search = await timeEach(origin, search);
  out.related = await timeEach(origin, related);
  out.sitemap = await timeEach(origin, sitemap);
  out.adminProducts = await timeEach(origin, adminProducts, bearer);
  out.adminProductsSorted = await timeEach(origin, adminProductsSorted, bearer);
  out.adminUsers = await timeEach(origin, adminUsers, bearer);
  out.ordersList = await timeEach(origin, ordersList, bearer);
  out.ordersByNumber = await timeEach(origin, ordersByNumber, bearer);
  out.ordersByCustomer = await timeEach(origin, ordersByCustomer, bearer);
  out.dashboard = await timeEach(origin, dashboard, bearer);
  out.audit = await timeEach(origin, audit, bearer);
  out.billsOfMonth = await timeEach(origin, billsOfMonth, bearer);
  out.billsByNumber = await timeEach(origin, billsByNumber, bearer);
  const history = [];
  for (const g of customers) history.push({ token: await tokenFor(g) });
  const times = [];
  for (const { token } of history) {
    const t0 = performance.now();
    const res = await fetch(`${origin}/api/orders?limit=20`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.text();
    times.push(performance.now() - t0);
    if (!res.ok) throw new Error(`/api/orders: ${res.status} ${body.slice(0, 300)}`);
  }
  times.sort((a, b) => a - b);
  out.history = { p50: percentile(times, 50), p95: percentile(times, 95) };
  return out;
}

console.log(
  `  ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log("  Goal (issue 20): each p95 at the large size ≤ 2× its figure at the small size");

const scratch = await scratchPostgres("growth");
if (!scratch) process.exit(0);
const database = openPostgres(scratch.url, 10);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "khelkud-bench-growth-"));
let app;
try {
  await database.migrate();
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  await client.query(`INSERT INTO categories (id, name, slug, type) VALUES ${CATEGORIES.map(([id, name, slug]) => `('${id}', '${name}', '${slug}', 'PRODUCT')`).join(", ")}`);
  await client.query(`INSERT INTO users (id, name, email, role) VALUES ('growth-admin', 'Growth Admin', 'growth-admin@example.com', 'ADMIN')`);
  const config = { ...loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "silent", PORT: "0", CATALOG_CACHE_MS: "0" }), serveWeb: false };
  app = await buildApp(config, { database, logger: false });
  // Port 0: the system picks a free one, so this never collides with another bench or server.
  await app.listen({ port: Number(process.env.GROWTH_BENCH_PORT ?? 0), host: "127.0.0.1" });
  const origin = `http://127.0.0.1:${app.server.address().port}`;
  const session = async (userId) => (await app.services.sessions.create(userId, { persistent: false })).token;
  const admin = await session("growth-admin");
  const tokens = new Map();
  const tokenFor = async (g) => {
    if (!tokens.has(g)) tokens.set(g, await session(`growth-u${g}`));
    return tokens.get(g);
  };

  let have = { products: 0, orders: 0, users: 0 };
  const results = [];
  for (const size of SIZES) {
    const t0 = performance.now();
    await grow(scratch.url, have, size);
    have = size;
    const label = `${size.products.toLocaleString("en")} products / ${size.orders.toLocaleString("en")} orders / ${size.users.toLocaleString("en")} customers`;
    console.log(`\n  ${label} (generated in ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    const r = await measure(origin, client, size, admin, tokenFor);
    results.push(r);
    for (const [k, name] of Object.entries(FIGURES)) {
      const ratio = results.length > 1 ? r[k].p95 / results[0][k].p95 : undefined;
      // p50's ratio beside it: on a shared machine p95 moves most between runs.
      const goal = ratio === undefined ? "" : `   p95 ×${ratio.toFixed(1)} of the small size (goal ≤ 2×: ${ratio <= 2 ? "met" : "missed"}), p50 ×${(r[k].p50 / results[0][k].p50).toFixed(1)}`;
      const failed = r[k].failed ? `   ${r[k].failed} of the answers failed` : "";
      console.log(`    ${name.padEnd(34)} p50 ${r[k].p50.toFixed(1).padStart(6)} ms  p95 ${r[k].p95.toFixed(1).padStart(6)} ms${goal}${failed}`);
    }
  }
  await client.end();
  if (results.length > 1) {
    const [small, large] = [results[0], results.at(-1)];
    for (const [k, name] of Object.entries(FIGURES)) {
      summary("growth", name, `p95 ${small[k].p95.toFixed(1)} → ${large[k].p95.toFixed(1)} ms (×${(large[k].p95 / small[k].p95).toFixed(1)}, goal ≤ 2×); p50 ×${(large[k].p50 / small[k].p50).toFixed(1)}`);
    }
  }
} finally {
  await app?.close();
  await database.close().catch(() => {});
  // BENCH_KEEP_DB=1 leaves the database for EXPLAIN ANALYZE (drop it by hand afterwards).
  if (process.env.BENCH_KEEP_DB) console.log(`\n  kept ${scratch.url}`);
  else await scratch.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
