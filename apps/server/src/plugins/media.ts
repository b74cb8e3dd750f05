import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { negotiate } from "@fastify/accept-negotiator";
import { loadSharp } from "../lib/sharp.js";
import { ADMIN_MSG, IMAGE_FORMATS, IMAGE_WIDTHS, MSG, type ImageFormat } from "@khelkud/contracts";
import { localized } from "./errors.js";
import type { Storage } from "./storage.js";

const CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
};
const IMMUTABLE = "public, max-age=31536000, immutable";
const VARIANT_RE = /^_r\/(\d+)(?:\.([a-z]+))?\/(.+)$/;

/** For a width asked without a format: AVIF, then WebP, as the request's `Accept` allows (q-values count); else JPEG. */
function bestFormat(accept: string | undefined): ImageFormat {
  const best = accept ? negotiate(accept, ["image/avif", "image/webp"]) : null;
  return best === "image/avif" ? "avif" : best === "image/webp" ? "webp" : "jpeg";
}

/**
 * /media/<key>                 the stored original
 * /media/_r/<w>.<fmt>/<key>    resized with sharp once, then served from the disk cache
 * /media/_r/<w>/<key>          the same in the best format the request's `Accept` names (AVIF, WebP, else JPEG),
 *                              with `Vary: Accept` (docs/decisions/142)
 */
export function registerMedia(app: FastifyInstance, storage: Storage, cacheDir: string): void {
  const inFlight = new Map<string, Promise<string>>();

  async function variant(key: string, width: number, format: ImageFormat): Promise<string> {
    const target = path.join(cacheDir, `${width}.${format}`, `${key}.${format}`);
    if (fs.existsSync(target)) return target;
    const existing = inFlight.get(target);
    if (existing) return existing;
    const job = (async () => {
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.tmp`;
      const sharp = await loadSharp();
      let img = sharp(storage.filePath(key)).resize({ width, withoutEnlargement: true });
      img = format === "avif" ? img.avif({ quality: 55, effort: 2 }) : format === "webp" ? img.webp({ quality: 78 }) : img.jpeg({ quality: 80, mozjpeg: true });
      await img.toFile(tmp);
      await fs.promises.rename(tmp, target);
      return target;
    })().finally(() => inFlight.delete(target));
    inFlight.set(target, job);
    return job;
  }

  app.get("/media/*", { schema: { hide: true } }, async (req, reply) => {
    const rest = (req.params as { "*": string })["*"];
    const m = VARIANT_RE.exec(rest);
    const key = m ? m[3]! : rest;
    if (!storage.exists(key)) return reply.status(404).send(localized(req, { success: false, error: ADMIN_MSG.imageNotFound }));
    let file = storage.filePath(key);
    let ext = path.extname(key).slice(1);
    if (m) {
      const width = Number(m[1]);
      const format = (m[2] ?? bestFormat(req.headers.accept)) as ImageFormat;
      if (!m[2]) reply.header("Vary", "Accept");
      if (!(IMAGE_WIDTHS as readonly number[]).includes(width) || !(IMAGE_FORMATS as readonly string[]).includes(format)) {
        return reply.status(400).send(localized(req, { success: false, error: MSG.imageVariantUnsupported }));
      }
      file = await variant(key, width, format);
      ext = format;
    }
    const stat = await fs.promises.stat(file);
    return reply
      .header("Content-Type", CONTENT_TYPES[ext] ?? "application/octet-stream")
      .header("Content-Length", stat.size)
      .header("Cache-Control", IMMUTABLE)
      .send(fs.createReadStream(file));
  });
}
