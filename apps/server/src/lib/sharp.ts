import type Sharp from "sharp";

let loading: Promise<typeof Sharp> | null = null;

/**
 * sharp (libvips) on first use: about 32 MB of resident memory that a server whose pictures are all in the disk
 * cache never needs (docs/decisions/096, 112). The first picture resized or uploaded waits for it once.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import("sharp").then((m) => m.default);
  return loading;
}
