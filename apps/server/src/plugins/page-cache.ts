import type { FastifyRequest } from "fastify";
import { isbot } from "isbot";
import { SESSION_COOKIE } from "@khelkud/contracts";

/**
 * A micro-cache of whole storefront pages for visitors without a session (docs/decisions/071).
 *
 * The home page, the catalogue, product pages and the blog are the same for every anonymous visitor for a few
 * seconds at a time, so the rendered HTML is kept for `ttlMs` (CATALOG_CACHE_MS, the same staleness the catalogue's
 * data cache already allows) and dropped at once by every administrator write. What differs per response is the
 * Content-Security-Policy nonce: the cached HTML is stored with the nonce of the request that rendered it, and every
 * copy served gets that nonce replaced by its own request's (16 random bytes, so it cannot occur in page content).
 * Anyone with a session cookie, any method but GET, any other path and any response that is not a plain 200 without
 * cookies is never cached.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  html: string;
  nonce: string;
  expires: number;
}

export interface PageCache {
  /** The cache key of this request, or null when its page must be rendered for it alone. */
  keyFor(req: FastifyRequest): string | null;
  get(key: string): CachedPage | undefined;
  set(key: string, page: Omit<CachedPage, "expires">): void;
  clear(): void;
  readonly size: number;
}

/** Public pages whose HTML depends only on the URL for a visitor without a session. */
const CACHEABLE_PATH = /^\/(?:|products|products\/[^/]+|blogs|blogs\/[^/]+)$/;
const MAX_URL_LENGTH = 512;

export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}

export function createPageCache({ ttlMs, maxEntries = 300, now = Date.now }: { ttlMs: number; maxEntries?: number; now?: () => number }): PageCache {
  const pages = new Map<string, CachedPage>();
  return {
    keyFor(req) {
      if (ttlMs <= 0 || req.method !== "GET") return null;
      if (req.url.length > MAX_URL_LENGTH) return null;
      const path = req.url.split("?")[0]!;
      if (!CACHEABLE_PATH.test(path)) return null;
      if (req.user || req.headers.authorization || hasSessionCookie(req.headers.cookie)) return null;
      // Crawlers get the whole document at once (entry.server.tsx), browsers a streamed one: kept apart.
      return isbot(req.headers["user-agent"] ?? "") ? `bot ${req.url}` : req.url;
    },
    get(key) {
      const page = pages.get(key);
      if (!page) return undefined;
      if (page.expires <= now()) {
        pages.delete(key);
        return undefined;
      }
      return page;
    },
    set(key, page) {
      pages.delete(key);
      // Oldest first out: a crawler walking thousands of filter combinations cannot grow the cache without bound.
      while (pages.size >= maxEntries) pages.delete(pages.keys().next().value!);
      pages.set(key, { ...page, expires: now() + ttlMs });
    },
    clear() {
      pages.clear();
    },
    get size() {
      return pages.size;
    },
  };
}

/** The cached page as this request must see it: its own nonce in every script tag and in the hydration data. */
export function pageForRequest(page: CachedPage, nonce: string): string {
  return page.html.replaceAll(page.nonce, nonce);
}
