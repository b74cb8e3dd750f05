/**
 * Abuse: password guessing is throttled, oversized bodies and uploads are refused as soon as they are too large
 * (before the rest arrives), and no list can be asked for an unbounded page.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { ADMIN_MSG, AVATAR_MAX_BYTES, MAX_BLOG_IMAGE_BYTES, MAX_IMAGE_BYTES, MAX_PAGE, MAX_PAGE_SIZE, MSG } from "@khelkud/contracts";
import { createTestApp, type TestContext } from "../test/harness.js";
import { insertProduct, insertUser, sessionFor } from "../test/factories.js";
import { hashPassword } from "../lib/password.js";

let t: TestContext;
let base: URL;
let adminBearer: Record<string, string>;
let customerBearer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ authRateLimit: { windowMs: 60_000, perIp: 8, perAccount: 5, perAccountTotal: 12 } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
  const admin = await insertUser(t.database.db, { role: "ADMIN" });
  const customer = await insertUser(t.database.db);
  adminBearer = (await sessionFor(t.app, admin.id)).bearer;
  customerBearer = (await sessionFor(t.app, customer.id)).bearer;
  // More products than one page may hold, so a clamped limit shows in the number of rows.
  for (let i = 0; i < MAX_PAGE_SIZE + 5; i++) await insertProduct(t.database.db, { name: `Abuse Jersey ${i}` });
});
afterAll(() => t.close());

/**
 * Sends headers declaring `declared` bytes, then only `sent` bytes, and waits for the answer: a server that refuses
 * early answers without waiting for the rest (which never comes).
 */
function partialUpload(path: string, headers: Record<string, string>, declared: number | "chunked", firstBytes: Buffer, sent: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const length: Record<string, string> = declared === "chunked" ? {} : { "content-length": String(declared) };
    const req = http.request(new URL(path, base), { method: "POST", headers: { ...headers, ...length } }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, body });
        req.destroy();
      });
    });
    req.on("error", (err) => (err.message.includes("socket hang up") || (err as NodeJS.ErrnoException).code === "ECONNRESET" ? undefined : reject(err)));
    const timer = setTimeout(() => reject(new Error("no answer before the declared body was complete")), 10_000);
    req.on("close", () => clearTimeout(timer));
    req.write(firstBytes);
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let written = firstBytes.length;
    const pump = () => {
      while (written < sent) {
        written += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
    };
    pump();
  });
}

describe("password guessing", () => {
  it("answers 429 to repeated failed sign-ins to one account from one address; the owner elsewhere still signs in", async () => {
    const user = await insertUser(t.database.db, { passwordHash: await hashPassword("Right123") });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password: `Wrong${i}xx` }, remoteAddress: "10.40.0.1" });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    const attacker = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password: "Right123" }, remoteAddress: "10.40.0.1" });
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json().error).toBe(MSG.tooManyRequests);
    expect(Number(attacker.headers["retry-after"])).toBeGreaterThan(0);
    const owner = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password: "Right123" }, remoteAddress: "10.40.0.99" });
    expect(owner.statusCode).toBe(200);
  });

  it("answers 429 to guesses against one account from many addresses once the account-wide ceiling is reached", async () => {
    const user = await insertUser(t.database.db, { passwordHash: await hashPassword("Right123") });
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password: `Wrong${i}xx` }, remoteAddress: `10.42.0.${i + 1}` });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 12).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(12).every((s) => s === 429)).toBe(true);
  });

  it("answers 429 to one address spraying many accounts", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: `spray${i}@example.com`, password: "Password1" }, remoteAddress: "10.41.0.1" });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("oversized requests", () => {
  it("refuses a JSON body over 1 MB with 413 and the reason", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/contact", headers: { "content-type": "application/json" }, payload: JSON.stringify({ message: "x".repeat(1024 * 1024 + 10) }) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, error: "Request body is too large" });
  });

  it("refuses a declared 50 MB JSON body before it arrives", async () => {
    const res = await partialUpload("/api/contact", { "content-type": "application/json" }, 50 * 1024 * 1024, Buffer.from('{"message":"'), 64 * 1024);
    expect(res.status).toBe(413);
  });

  it("refuses a guest's upload with 401 before reading it", async () => {
    const res = await partialUpload("/api/uploads/profile", { "content-type": "multipart/form-data; boundary=b" }, 50 * 1024 * 1024, Buffer.from("--b\r\n"), 64 * 1024);
    expect(res.status).toBe(401);
  });

  const avatarHead = Buffer.from('--b\r\nContent-Disposition: form-data; name="profile"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n');
  const imageHead = Buffer.from('--b\r\nContent-Disposition: form-data; name="images"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n');
  const multipart = { "content-type": "multipart/form-data; boundary=b" };

  it("refuses a profile photo declared at 50 MB from its Content-Length, before reading it", async () => {
    const res = await partialUpload("/api/uploads/profile", { ...customerBearer, ...multipart }, 50 * 1024 * 1024, avatarHead, 64 * 1024);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).success).toBe(false);
  });

  it("refuses a streamed (chunked) profile photo as soon as it passes 5 MB, without waiting for its end", async () => {
    const res = await partialUpload("/api/uploads/profile", { ...customerBearer, ...multipart }, "chunked", avatarHead, AVATAR_MAX_BYTES + 512 * 1024);
    expect(res.status).toBe(413);
  });

  it("refuses product images declared at 200 MB, and a streamed one as soon as it passes 8 MB", async () => {
    const product = await insertProduct(t.database.db);
    const url = `/api/admin/products/${product.id}/images`;
    expect((await partialUpload(url, { ...adminBearer, ...multipart }, 200 * 1024 * 1024, imageHead, 64 * 1024)).status).toBe(413);
    expect((await partialUpload(url, { ...adminBearer, ...multipart }, "chunked", imageHead, MAX_IMAGE_BYTES + 512 * 1024)).status).toBe(413);
    // A customer's oversized upload to the admin route is refused for who they are, first.
    expect((await partialUpload(url, { ...customerBearer, ...multipart }, 200 * 1024 * 1024, imageHead, 64 * 1024)).status).toBe(403);
  });
});

describe("blog picture uploads", () => {
  const head = Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n');
  const multipart = { "content-type": "multipart/form-data; boundary=b" };

  it("refuses a picture declared at 200 MB before reading it, and a streamed one as soon as it passes 5 MB", async () => {
    for (const url of ["/api/admin/blogs/images/featured", "/api/admin/blogs/images/content"]) {
      const declared = await partialUpload(url, { ...adminBearer, ...multipart }, 200 * 1024 * 1024, head, 64 * 1024);
      expect(declared.status, url).toBe(413);
      expect(JSON.parse(declared.body).error).toBe(ADMIN_MSG.blogImageTooLarge);
      const streamed = await partialUpload(url, { ...adminBearer, ...multipart }, "chunked", head, MAX_BLOG_IMAGE_BYTES + 512 * 1024);
      expect(streamed.status, url).toBe(413);
      expect((await partialUpload(url, { ...customerBearer, ...multipart }, 200 * 1024 * 1024, head, 64 * 1024)).status).toBe(403);
    }
  });

  it("survives an administrator's upload cut off half-way: nothing is stored and the next request is answered", async () => {
    const body = Buffer.concat([head, Buffer.alloc(512 * 1024, 0x61)]);
    await new Promise<void>((resolve) => {
      const req = http.request(new URL("/api/admin/blogs/images/featured", base), { method: "POST", headers: { ...adminBearer, ...multipart, "content-length": String(body.length + 1024 * 1024) } });
      req.on("error", () => resolve());
      req.on("close", () => resolve());
      req.write(body, () => setTimeout(() => req.destroy(), 50));
    });
    const blogDir = path.join(t.config.uploadsDir, "blog");
    expect(fs.existsSync(blogDir) ? fs.readdirSync(blogDir) : []).toEqual([]);
    const next = await t.app.inject({ method: "GET", url: "/api/admin/blogs", headers: adminBearer });
    expect(next.statusCode).toBe(200);
  });
});

interface OpenApiDoc {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
}

/** Every array anywhere in a JSON answer, with its path. */
function arraysIn(value: unknown, path = "data"): { path: string; length: number }[] {
  if (Array.isArray(value)) return [{ path, length: value.length }, ...value.flatMap((v, i) => arraysIn(v, `${path}[${i}]`))];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => arraysIn(v, `${path}.${k}`));
  return [];
}

function paginationIn(value: unknown): { page: number; limit: number } | undefined {
  if (!value || typeof value !== "object") return undefined;
  const v = value as Record<string, unknown>;
  if (v.pagination && typeof v.pagination === "object") return v.pagination as { page: number; limit: number };
  for (const child of Object.values(v)) {
    const found = paginationIn(child);
    if (found) return found;
  }
  return undefined;
}

describe("page sizes", () => {
  it("clamps limit and page on every list route of the OpenAPI document", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json() as OpenApiDoc;
    const lists = Object.entries(doc.paths)
      .filter(([path, ops]) => path.startsWith("/api/") && ops.get?.parameters?.some((p) => p.in === "query" && (p.name === "limit" || p.name === "page")))
      .map(([path, ops]) => ({ path, names: ops.get!.parameters!.filter((p) => p.in === "query").map((p) => p.name) }));
    expect(lists.length).toBeGreaterThanOrEqual(8);
    const problems: string[] = [];
    for (const { path, names } of lists) {
      const url = path.replace(/\{[^}]+\}/g, "x");
      const query = [names.includes("limit") ? "limit=1000000000" : "", names.includes("page") ? "page=999999999999" : ""].filter(Boolean).join("&");
      const huge = await t.app.inject({ method: "GET", url: `${url}?${query}`, headers: adminBearer });
      if (huge.statusCode === 404 && url.includes("/x")) continue; // the route needs a real id; covered below
      if (huge.statusCode !== 200) {
        problems.push(`${path}?${query}: ${huge.statusCode} ${huge.body.slice(0, 120)}`);
        continue;
      }
      const body = huge.json();
      const pagination = paginationIn(body.data);
      if (pagination && (pagination.limit > MAX_PAGE_SIZE || pagination.page > MAX_PAGE)) problems.push(`${path}: pagination not clamped ${JSON.stringify(pagination)}`);
      for (const a of arraysIn(body.data)) if (a.length > MAX_PAGE_SIZE) problems.push(`${path}: ${a.path} has ${a.length} rows`);
      if (names.includes("limit")) {
        const firstPage = await t.app.inject({ method: "GET", url: `${url}?limit=1000000000`, headers: adminBearer });
        for (const a of arraysIn(firstPage.json().data)) if (a.length > MAX_PAGE_SIZE) problems.push(`${path}?limit=…: ${a.path} has ${a.length} rows`);
        const negative = await t.app.inject({ method: "GET", url: `${url}?limit=-1`, headers: adminBearer });
        if (negative.statusCode !== 400) problems.push(`${path}?limit=-1: ${negative.statusCode}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("the catalogue, with more products than a page holds, answers at most 100 when asked for a billion", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/products?limit=1000000000" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.products).toHaveLength(MAX_PAGE_SIZE);
    const admin = await t.app.inject({ method: "GET", url: "/api/admin/products?limit=1000000000", headers: adminBearer });
    expect(admin.statusCode).toBe(200);
    expect(arraysIn(admin.json().data).find((a) => a.path === "data.products")?.length).toBe(MAX_PAGE_SIZE);
  });
});
