import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import fc from "fast-check";
import routes from "../apps/web/app/routes";
import { ADMIN, CUSTOMER, sessionCookie } from "./support/sign-in";
import { startOwnServer, type OwnServer } from "./support/own-server";

/**
 * Every page route of apps/web/app/routes.ts, with hostile path parameters and every query parameter the web app
 * reads, as a guest, a customer and an administrator: no 5xx, nothing logged at error level, no unhandled rejection
 * (the API has the same guarantee from apps/server/src/security/fuzz.test.ts). A page's input is as hostile as an
 * API request's: the outside test found 500s from a NUL byte, `__proto__` and a Devanagari redirect target.
 */
test.describe.configure({ mode: "serial" });

const WEB_APP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/web/app");

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every URL pattern of the route config, children joined to their parents. */
function patterns(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((r) => {
    const own = r.index ? parent || "/" : `${parent}/${r.path ?? ""}`.replace(/\/+/g, "/");
    return [own, ...patterns(r.children ?? [], own === "/" ? "" : own)];
  });
}

/** The query parameters the web app reads (`….get("name")`, `getAll`, `has`), found in its source. */
function queryNames(): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes(".test.")) {
        for (const m of fs.readFileSync(full, "utf8").matchAll(/\.(?:get|getAll|has)\("([a-zA-Z]\w*)"\)/g)) names.add(m[1]!);
      }
    }
  };
  walk(WEB_APP);
  return [...names].sort();
}

const HOSTILE = [
  "\u0000",
  "a\u0000b",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "नेपाल",
  "/products/नेपाल",
  "/。evil.example",
  "//evil.example",
  "/\\evil.example",
  "javascript:alert(1)",
  "\r\nSet-Cookie: x=y",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "x".repeat(3000),
  "-1",
  "0",
  "1.5",
  "1e309",
  "99999999999999999999999",
  "NaN",
  "Infinity",
  "true",
  "null",
  "[]",
  "{}",
  " ",
  "😀",
  "\uFFFF",
  "ﾟ",
];
/** Raw text put into the URL as it is: percent-escapes that do not decode, or decode to invalid UTF-8. */
const MALFORMED = ["%", "%zz", "%FF", "%C0%AF", "%E0%A4", "%ED%A0%80", "%%00", "%u0000"];

const value = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE).map((v) => encodeURIComponent(v)) },
  { weight: 2, arbitrary: fc.constantFrom(...MALFORMED) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }).map((v) => encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, "?"))) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme-ascii", maxLength: 20 }).map((v) => encodeURIComponent(v)) },
);

function requests(pattern: string, names: string[]) {
  const params = [...pattern.matchAll(/:(\w+)\??/g)].map((m) => m[0]);
  return fc.record({
    path: fc.tuple(...params.map(() => value)).map((vals) => {
      let p = pattern;
      params.forEach((param, i) => (p = p.replace(param, vals[i] || "x")));
      return p.replace(/\*$/, "no-such-page");
    }),
    query: fc.array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 4 }),
    who: fc.constantFrom("guest", "customer", "admin"),
  });
}

let server: OwnServer;
const cookies: Record<string, string> = {};

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startOwnServer();
  for (const [who, account] of [["customer", CUSTOMER], ["admin", ADMIN]] as const) {
    cookies[who] = await sessionCookie(server.url, account);
  }
});

test.afterAll(async () => {
  await server?.stop();
});

test("every page route answers hostile paths and query values without a 5xx or an error in the log", async () => {
  test.setTimeout(600_000);
  const all = patterns(routes as RouteEntry[]);
  const names = queryNames();
  expect(all).toContain("/products/:slugOrId");
  expect(names).toEqual(expect.arrayContaining(["redirect", "reason", "brand", "orderId"]));

  const failures: string[] = [];
  let sent = 0;
  for (const [i, pattern] of all.entries()) {
    for (const req of fc.sample(requests(pattern, names), { numRuns: 40, seed: 2111 + i })) {
      const query = req.query.map(([k, v]) => `${k}=${v}`).join("&");
      const url = `${req.path}${query ? `?${query}` : ""}`;
      const headers: Record<string, string> = req.who === "guest" ? {} : { cookie: cookies[req.who]! };
      const res = await fetch(`${server.url}${url}`, { headers, redirect: "manual" });
      await res.arrayBuffer();
      sent++;
      if (res.status >= 500) failures.push(`${res.status} ${req.who} ${url.slice(0, 200)}`);
    }
  }
  expect(sent).toBeGreaterThan(1000);
  expect(failures).toEqual([]);
  expect(server.alive()).toBe(true);
  expect(server.problems().map((l) => l.slice(0, 400))).toEqual([]);
});

test("the reproducers from the outside test answer 4xx or a page, never 500", async () => {
  const cases: [string, string | undefined, number[]][] = [
    ["/products/%00", undefined, [404]],
    ["/blogs/%00", undefined, [404]],
    ["/products?brand=%00", undefined, [200]],
    ["/blogs?category=%00", undefined, [200]],
    ["/orders/%00", "customer", [404]],
    ["/payment/failed?reason=__proto__", undefined, [200]],
    ["/payment/khalti/failed?reason=__proto__", undefined, [200]],
    ["/payment/esewa/failed?reason=__proto__", undefined, [200]],
    ["/login?redirect=/products/%E0%A4%A8%E0%A5%87%E0%A4%AA%E0%A4%BE%E0%A4%B2", "customer", [302]],
    ["/register?redirect=/%E3%80%82evil.example", "customer", [302]],
  ];
  for (const [url, who, statuses] of cases) {
    const res = await fetch(`${server.url}${url}`, { headers: who ? { cookie: cookies[who]! } : {}, redirect: "manual" });
    expect(statuses, `${url} → ${res.status}`).toContain(res.status);
    if (res.status === 302) expect(new URL(res.headers.get("location")!, server.url).origin).toBe(server.url);
  }
  expect(server.problems().map((l) => l.slice(0, 400))).toEqual([]);
});

/**
 * What the server answers to `text` written as it is on a new connection: the status line and the body. The request
 * says it is the last (HTTP/1.0, or `Connection: close`), so the server closes the connection once it has answered; a
 * client that half-closed its side instead would make it drop an answer that took a moment to render.
 */
function raw(port: number, text: string): Promise<{ status: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
    let out = "";
    socket.setEncoding("utf8");
    socket.on("data", (d: string) => (out += d));
    socket.on("error", reject);
    socket.on("close", () => resolve({ status: out.split("\r\n")[0]!, body: out.slice(out.indexOf("\r\n\r\n") + 4) }));
  });
}

test("a Host that is no address answers 400, a request naming none (HTTP/1.0) gets its page, and nothing is logged as an error", async () => {
  for (const host of ["[::1", "a:99999", "x y", "evil.example:-1"]) {
    for (const target of ["/", "/products?q=abc", "/cart", "/catalogue-cards", "/ne/products", "/no-such-page"]) {
      const answer = await raw(server.port, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(answer.status, `Host: ${host}, ${target}`).toBe("HTTP/1.1 400 Bad Request");
      expect(JSON.parse(answer.body)).toEqual({ success: false, error: "The request's Host header is not a valid address" });
    }
  }
  // HTTP/1.0 may leave the Host out: the page is rendered as the shop's own (it answered 500 before).
  const old = await raw(server.port, "GET /products?brand=Kelme HTTP/1.0\r\n\r\n");
  expect(old.status).toBe("HTTP/1.1 200 OK");
  expect(old.body).toContain("</html>");
  expect(server.alive()).toBe(true);
  expect(server.problems().map((l) => l.slice(0, 400))).toEqual([]);
});

test("a form posted to a page that takes none answers 405 with Allow, naming no internals; a page with a form still takes it", async () => {
  for (const target of ["/catalogue-cards", "/products", "/ne/products", "/_root.data", "/ne/_root.data", "/products.data", "/blogs"]) {
    for (const method of ["POST", "PUT", "DELETE"]) {
      const res = await fetch(`${server.url}${target}`, { method, headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" }, body: "a=1" });
      expect(res.status, `${method} ${target}`).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD");
      expect(await res.json()).toEqual({ success: false, error: `Method not allowed: ${method} ${target}` });
    }
  }
  // The sign-in page has an action, in both languages: a wrong password is its form's answer, not a 405.
  for (const target of ["/login", "/ne/login"]) {
    const login = await fetch(`${server.url}${target}`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: CUSTOMER.email, password: "not-the-password" }),
      redirect: "manual",
    });
    expect(login.status, target).not.toBe(405);
    expect(login.status, target).toBeLessThan(500);
    // Its form is posted: a PUT, PATCH or DELETE with the right password signs nobody in (it ran the action before).
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const other = await fetch(`${server.url}${target}`, {
        method,
        headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: CUSTOMER.email, password: CUSTOMER.password }),
        redirect: "manual",
      });
      expect(other.status, `${method} ${target}`).toBe(405);
      expect(other.headers.get("allow")).toBe("GET, HEAD, POST");
      expect(other.headers.get("set-cookie") ?? "").not.toContain("kk_session=");
    }
  }
  expect(server.problems().map((l) => l.slice(0, 400))).toEqual([]);
});
