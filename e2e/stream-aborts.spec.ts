import { expect, test } from "@playwright/test";
import { ADMIN, CUSTOMER, sessionCookie } from "./support/sign-in";
import { startOwnServer, type OwnServer } from "./support/own-server";
import { GIVE_UPS, rawRequest } from "./support/raw-http";

/**
 * A client that goes away must end its own response and nothing else (docs/decisions/073). Every route that streams
 * is abandoned over real sockets at every stage — before a byte, after 1 and 100 bytes, mid-render and
 * mid-compression, politely and with a reset — and read slowly; the server process must stay up, answer the next
 * request, and write no error to its log. This runs against a server process of its own, whose log it reads.
 */
test.describe.configure({ mode: "serial" });

let server: OwnServer;
let customerCookie: string;
let adminCookie: string;


/** The process is alive, answers, and nothing reached its log above "info" except expected lines. */
async function expectStillServing() {
  // Errors on abandoned streams surface a moment after the socket closes.
  await new Promise((r) => setTimeout(r, 300));
  expect(server.alive(), server.log().slice(-3000)).toBe(true);
  const res = await fetch(`${server.url}/api/health`);
  expect(res.status).toBe(200);
  expect(server.problems()).toEqual([]);
}

const ENCODINGS = [undefined, "gzip", "br"] as const;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startOwnServer();
  customerCookie = await sessionCookie(server.url, CUSTOMER);
  adminCookie = await sessionCookie(server.url, ADMIN);
});

test.afterAll(async () => {
  await server?.stop();
});

test("server-rendered pages abandoned at every stage, compressed or not, signed in or not, leave the shop up", async () => {
  test.setTimeout(180_000);
  const products = (await (await fetch(`${server.url}/api/products?limit=1`)).json()) as { data: { products: { slug: string }[] } };
  const slug = products.data.products[0]!.slug;
  const pages: { path: string; cookie?: string }[] = [
    { path: "/products", cookie: customerCookie },
    { path: "/products" },
    { path: "/catalogue-cards" },
    { path: `/products/${slug}`, cookie: customerCookie },
    { path: "/", cookie: customerCookie },
    { path: "/blogs" },
    { path: "/orders", cookie: customerCookie },
    { path: "/no-such-page", cookie: customerCookie },
  ];
  for (const page of pages) {
    for (const encoding of ENCODINGS) {
      for (const { giveUp, how } of GIVE_UPS) {
        const headers: Record<string, string> = {};
        if (page.cookie) headers.Cookie = page.cookie;
        if (encoding) headers["Accept-Encoding"] = encoding;
        await rawRequest({ port: server.port, path: page.path, headers, giveUp, how });
      }
    }
  }
  await expectStillServing();
});

test("forty signed-in shoppers closing the compressed catalogue mid-stream at once leave the shop up", async () => {
  await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      rawRequest({ port: server.port, path: "/products", headers: { Cookie: customerCookie, "Accept-Encoding": i % 2 ? "br" : "gzip" }, giveUp: { afterFirstBodyBytes: true }, how: i % 3 ? "close" : "reset" }),
    ),
  );
  await expectStillServing();
});

test("a slow reader gets the whole page while other shoppers are served", async () => {
  for (const encoding of ENCODINGS) {
    const headers: Record<string, string> = { Cookie: customerCookie };
    if (encoding) headers["Accept-Encoding"] = encoding;
    const slow = rawRequest({ port: server.port, path: "/products", headers, giveUp: { slowRead: { pauseMs: 1500 } } });
    // While the slow reader holds its page, someone else is served.
    const other = await fetch(`${server.url}/products`, { headers: { Cookie: customerCookie } });
    expect(other.status).toBe(200);
    expect(await other.text()).toContain("</html>");
    const outcome = await slow;
    expect(outcome.ended).toBe(true);
    const text = outcome.received.toString("latin1");
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    // The page arrived whole: a chunked answer ends with its zero-length chunk; a signed-in copy of a shared page
    // (docs/decisions/110) is sent with its length.
    const split = outcome.received.indexOf("\r\n\r\n");
    const length = /\r\ncontent-length: *(\d+)/i.exec(outcome.received.subarray(0, split).toString("latin1"))?.[1];
    if (length) expect(outcome.received.length - split - 4).toBe(Number(length));
    else expect(text.endsWith("0\r\n\r\n")).toBe(true);
    if (!encoding) expect(text).toContain("</html>");
  }
  await expectStillServing();
});

test("media, built assets, JSON, CSV exports, uploads, form posts and the live channel survive abandoned requests", async () => {
  test.setTimeout(180_000);
  const products = (await (await fetch(`${server.url}/api/products?limit=1`)).json()) as { data: { products: { image: { url: string } }[] } };
  const image = products.data.products[0]!.image.url;
  expect(image.startsWith("/media/")).toBe(true);
  const html = await (await fetch(`${server.url}/products`)).text();
  const script = /src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.js)"|"(\/assets\/[^"]+\.js)"/.exec(html);
  const asset = script?.[1] ?? script?.[2] ?? script?.[3];
  expect(asset).toBeTruthy();

  const gets: { path: string; cookie?: string }[] = [
    { path: image },
    { path: `/media/_r/960.webp/${image.slice("/media/".length)}` },
    { path: `/media/_r/1280.avif/${image.slice("/media/".length)}` },
    { path: asset! },
    { path: "/api/products?limit=50" },
    { path: "/api/admin/orders/export.csv", cookie: adminCookie },
    { path: "/api/admin/subscribers/export.csv", cookie: adminCookie },
    { path: "/api/admin/sales-register.csv", cookie: adminCookie },
    { path: "/api/admin/sales-register.xlsx", cookie: adminCookie },
    { path: "/api/docs/json" },
    { path: "/sitemap.xml" },
    { path: "/sitemaps/products-1.xml" },
    { path: "/socket.io/?EIO=4&transport=polling", cookie: customerCookie },
  ];
  for (const { path, cookie } of gets) {
    for (const encoding of ENCODINGS) {
      for (const { giveUp, how } of GIVE_UPS) {
        const headers: Record<string, string> = {};
        if (cookie) headers.Cookie = cookie;
        if (encoding) headers["Accept-Encoding"] = encoding;
        await rawRequest({ port: server.port, path, headers, giveUp, how });
      }
    }
  }

  // Uploads and form posts whose body stops half-way.
  const boundary = "----khelkudabort";
  const partHead = (field: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  const pngStart = Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n", "latin1"), Buffer.alloc(20_000, 7)]);
  const products2 = (await (await fetch(`${server.url}/api/products?limit=1`)).json()) as { data: { products: { id: string }[] } };
  const posts = [
    { path: "/api/uploads/profile", cookie: customerCookie, type: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat([Buffer.from(partHead("profile")), pngStart]), declared: 400_000 },
    { path: `/api/admin/products/${products2.data.products[0]!.id}/images`, cookie: adminCookie, type: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat([Buffer.from(partHead("files")), pngStart]), declared: 400_000 },
    { path: "/login", cookie: undefined, type: "application/x-www-form-urlencoded", body: Buffer.from("email=customer%40khelkud.com.np&password=Cus"), declared: 5_000 },
    { path: "/api/orders", cookie: customerCookie, type: "application/json", body: Buffer.from('{"items":[{"productId":"'), declared: 5_000 },
  ];
  for (const post of posts) {
    for (const how of ["close", "reset"] as const) {
      for (const giveUp of [{ afterBytes: 0 }, { afterMs: 200 }]) {
        const headers: Record<string, string> = { "Content-Type": post.type, Origin: server.url };
        if (post.cookie) headers.Cookie = post.cookie;
        await rawRequest({ port: server.port, method: "POST", path: post.path, headers, body: post.body, declaredLength: post.declared, giveUp, how });
      }
    }
  }

  // The live channel: a WebSocket abandoned during its handshake and right after it, with half a frame sent.
  for (const how of ["close", "reset"] as const) {
    for (const giveUp of [{ afterBytes: 0 }, { afterBytes: 1 }, { afterBytes: 100 }, { afterMs: 300 }]) {
      await rawRequest({
        port: server.port,
        path: "/socket.io/?EIO=4&transport=websocket",
        headers: { Cookie: customerCookie, Origin: server.url, Upgrade: "websocket", Connection: "Upgrade", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13" },
        rawAfterHead: Buffer.from([0x81, 0xfe, 0x10]),
        giveUp,
        how,
      });
    }
  }
  await expectStillServing();
});
