import { imageSrcSet, imageVariantUrl } from "@khelkud/contracts";

interface Props {
  url: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  /** Above the fold: eager, high priority. */
  priority?: boolean;
  /** In the first screen but not what it is for (a gallery's thumbnails): fetched after what is (docs/decisions/139). */
  low?: boolean;
  className?: string;
  maxWidth?: number;
}

/** Responsive AVIF/WebP with explicit dimensions, so nothing shifts while it loads. */
export function ProductImage({ url, alt, width, height, sizes, priority = false, low = false, className = "", maxWidth = 1280 }: Props) {
  return (
    <picture>
      <source type="image/avif" srcSet={imageSrcSet(url, "avif", maxWidth)} sizes={sizes} />
      <source type="image/webp" srcSet={imageSrcSet(url, "webp", maxWidth)} sizes={sizes} />
      <img
        src={imageVariantUrl(url, 640, "jpeg")}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : low ? "low" : "auto"}
        className={className}
      />
    </picture>
  );
}
