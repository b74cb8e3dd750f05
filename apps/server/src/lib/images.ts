import type { ResizeOptions } from "sharp";
import { loadSharp } from "./sharp.js";
import { ADMIN_MSG } from "@khelkud/contracts";
import { AppError } from "./errors.js";

/** A file from a multipart upload. */
export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/** Product pictures: at most 2000 px on the longer side, never enlarged. */
export const PRODUCT_FRAME: ResizeOptions = { width: 2000, height: 2000, fit: "inside", withoutEnlargement: true };

/**
 * Reads and re-encodes an upload: the bytes must be an image sharp can decode (docs/product-rules.md §12), whatever the file is
 * called. The result is WebP in the given frame (product pictures by default; the blog passes its own).
 */
export async function reencodeImage(data: Buffer, frame: ResizeOptions = PRODUCT_FRAME): Promise<{ data: Buffer; width: number; height: number }> {
  try {
    const sharp = await loadSharp();
    const img = sharp(data, { limitInputPixels: 50_000_000, failOn: "error" });
    const meta = await img.metadata();
    if (!meta.format || !["jpeg", "png", "webp", "avif", "heif", "gif", "tiff"].includes(meta.format)) throw new Error("format");
    const { data: out, info } = await img.rotate().resize(frame).webp({ quality: 88 }).toBuffer({ resolveWithObject: true });
    return { data: out, width: info.width, height: info.height };
  } catch {
    throw new AppError("unsupported_media", ADMIN_MSG.notAnImage);
  }
}
