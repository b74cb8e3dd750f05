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

/**
 * A responsive picture with explicit dimensions, so nothing shifts while it loads. Each width is served as AVIF, WebP or
 * JPEG by what the browser accepts (imageVariantUrl without a format), so one `<img>` does without a `<picture>` of sources.
 */
export function ProductImage({ url, alt, width, height, sizes, priority = false, low = false, className = "", maxWidth = 1280 }: Props) {
  return (
    <img
      src={imageVariantUrl(url, 640)}
      srcSet={imageSrcSet(url, maxWidth)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : low ? "low" : "auto"}
      className={className}
    />
  );
}
