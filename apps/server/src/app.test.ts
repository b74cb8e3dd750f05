import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./test/harness.js";
import { pngBuffer } from "./test/factories.js";
import { AppError } from "./lib/errors.js";

let t: TestContext;
let imageKey: string;

beforeAll(async () => {
  // Routes that fail on purpose, to prove the error handler's contract.
  t = await createTestApp({}, (app) => {
    app.get("/api/__test/boom", async () => {
      throw new Error("secret database password in this message");
    });
    app.get("/api/__test/conflict", async () => {
      throw new AppError("conflict", "Slug already in use");
    });
  });
  imageKey = await t.app.services.storage.put("products", await pngBuffer(800, 800), "png");
});
afterAll(() => t.close());

describe("health", () => {
  it("says the process is alive", async () => {
    const res = await t.app.inject("/api/health");
    expect(res.json()).toEqual({ success: true, data: { status: "ok" } });
  });
  it("says the database answers", async () => {
    const res = await t.app.inject("/api/ready");
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe("ready");
  });
});

describe("error handling", () => {
  it("hides the details of a 5xx and returns the request id that is in the log", async () => {
    const res = await t.app.inject({ url: "/api/__test/boom", headers: { "x-request-id": "req-12345678" } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, error: "Server error. Please try again later.", requestId: "req-12345678" });
    expect(res.body).not.toContain("secret");
    expect(res.headers["x-request-id"]).toBe("req-12345678");
  });

  it("maps a typed service error to its status and message", async () => {
    const res = await t.app.inject("/api/__test/conflict");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, error: "Slug already in use" });
  });

  it("answers unknown API paths with a JSON 404, never the HTML shop", async () => {
    const res = await t.app.inject("/api/nothing/here");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.json().success).toBe(false);
  });

  it("answers malformed JSON with 400", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/products", headers: { "content-type": "application/json" }, payload: "{not json" });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().success).toBe(false);
  });
});

describe("media", () => {
  it("serves the original with an immutable cache header", async () => {
    const res = await t.app.inject(`/media/${imageKey}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it("resizes to WebP and AVIF at an allowed width", async () => {
    for (const [fmt, type] of [
      ["webp", "image/webp"],
      ["avif", "image/avif"],
    ] as const) {
      const res = await t.app.inject(`/media/_r/320.${fmt}/${imageKey}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe(type);
      const sharp = (await import("sharp")).default;
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.width).toBe(320);
    }
  });

  it("serves a width asked without a format in the best one the browser accepts, and says it varies by Accept", async () => {
    const sharp = (await import("sharp")).default;
    for (const [accept, type, format] of [
      ["image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8", "image/avif", "heif"], // Chrome
      ["image/webp,*/*", "image/webp", "webp"],
      ["image/avif;q=0, image/webp", "image/webp", "webp"], // AVIF refused by its q-value
      ["*/*", "image/jpeg", "jpeg"],
      ["", "image/jpeg", "jpeg"],
    ] as const) {
      const res = await t.app.inject({ url: `/media/_r/320/${imageKey}`, headers: accept ? { accept } : {} });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers["content-type"], accept).toBe(type);
      expect(String(res.headers.vary).toLowerCase().split(/,\s*/), accept).toContain("accept");
      expect(res.headers["cache-control"]).toContain("immutable");
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width], accept).toEqual([format, 320]);
    }
    // A format in the address is that format whatever the browser says, and does not vary.
    const webp = await t.app.inject({ url: `/media/_r/320.webp/${imageKey}`, headers: { accept: "image/avif" } });
    expect(webp.headers["content-type"]).toBe("image/webp");
    expect(String(webp.headers.vary ?? "").toLowerCase().split(/,\s*/)).not.toContain("accept");
    // Widths outside the list stay refused without a format too, and %00 in the key finds nothing.
    expect((await t.app.inject({ url: `/media/_r/333/${imageKey}`, headers: { accept: "image/avif" } })).statusCode).toBe(400);
    expect((await t.app.inject(`/media/_r/320/${imageKey}%00`)).statusCode).toBe(404);
  });

  it("refuses widths outside the list, so the cache cannot be filled with junk", async () => {
    expect((await t.app.inject(`/media/_r/333.webp/${imageKey}`)).statusCode).toBe(400);
  });

  it("says a missing picture or an unknown size in the request's language", async () => {
    const missing = await t.app.inject({ url: "/media/products/no-such-picture.png", headers: { "accept-language": "ne" } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, error: "फोटो भेटिएन" });
    expect((await t.app.inject("/media/products/no-such-picture.png")).json()).toEqual({ success: false, error: "Image not found" });
    const odd = await t.app.inject({ url: `/media/_r/333.webp/${imageKey}`, headers: { "accept-language": "ne" } });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error).toBe("फोटोको यो आकार वा ढाँचा मिल्दैन");
  });

  it("refuses path traversal", async () => {
    for (const url of ["/media/../../etc/passwd", "/media/products/..%2F..%2Fetc%2Fpasswd", "/media/_r/320.webp/../secret.png"]) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(404);
    }
  });
});

describe("OpenAPI", () => {
  it("documents the catalog routes from the same Zod contracts", async () => {
    const res = await t.app.inject("/api/docs/json");
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/products", "/api/products/{id}", "/api/products/slug/{slug}", "/api/categories"]));
    const params = doc.paths["/api/products"].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(["page", "limit", "category", "featured", "sort"]));
  });
});
