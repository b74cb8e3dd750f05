/** Widths the image endpoint renders; anything else is refused so the disk cache stays bounded. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const IMAGE_FORMATS = ["avif", "webp", "jpeg"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

const MEDIA_PREFIX = "/media/";

/**
 * `/media/products/abc.png` → `/media/_r/480.webp/products/abc.png` (immutable: keys carry a content hash). Without a
 * format, `/media/_r/480/products/abc.png`: the server answers in the best one the browser's `Accept` names (AVIF, then
 * WebP, else JPEG) with `Vary: Accept`, so one `<img srcset>` does what a `<picture>` with a source per format did, in a
 * third of the markup (docs/decisions/142).
 */
export function imageVariantUrl(url: string, width: ImageWidth, format?: ImageFormat): string {
  if (!url.startsWith(MEDIA_PREFIX)) return url;
  return `${MEDIA_PREFIX}_r/${width}${format ? `.${format}` : ""}/${url.slice(MEDIA_PREFIX.length)}`;
}

/** Every width up to `maxWidth`, each in the format the browser accepts best (imageVariantUrl without a format). */
export function imageSrcSet(url: string, maxWidth = 1280): string {
  return IMAGE_WIDTHS.filter((w) => w <= maxWidth)
    .map((w) => `${imageVariantUrl(url, w)} ${w}w`)
    .join(", ");
}
