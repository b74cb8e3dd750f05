import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyRequest } from "fastify";
import { isbot } from "isbot";
import { SESSION_COOKIE } from "@khelkud/contracts";
import type { SignedInTemplate } from "./shared-signed-in.js";

/**
 * A micro-cache of whole storefront pages for visitors without a session (docs/decisions/071, 095).
 *
 * The home page, the catalogue, product pages and the blog are the same for every anonymous visitor for a few
 * seconds at a time, so the rendered HTML is kept for `ttlMs` (CATALOG_CACHE_MS, the same staleness the catalogue's
 * data cache already allows) and dropped at once by every administrator write. The page is compressed once per
 * encoding (Brotli, gzip) and those bytes are sent to every visitor, the first one included (docs/decisions/139), so a
 * copy costs no compression and no rewriting. A page whose next render comes out the same (but for its nonce) is kept
 * as it is for another period, and its Brotli copy is made again at the best quality (docs/decisions/141); so that its
 * next render can find it, an expired page stays, unserved, for KEEP_EXPIRED_MS. That best copy stays longer, without
 * the page's HTML: a render that comes out the same after a quiet spell is sent in it at once (docs/decisions/154).
 *
 * The page's inline scripts carry the nonce of the request that rendered it; that nonce is in no other response's
 * policy. Instead, a copy is served with a Content-Security-Policy listing the SHA-256 hashes of exactly the inline
 * scripts that carried the rendering request's nonce: the scripts its own render let run, and nothing else (a script
 * that found its way into the page without that nonce is not hashed, so it does not run in a copy either).
 * Anyone with a session cookie, any method but GET, any other path and any response that is not a plain 200 without
 * cookies is never cached.
 */
export type Encoding = "br" | "gzip";

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The page as rendered (UTF-8). */
  body: Buffer;
  /** `'sha256-…'` sources of the inline scripts the rendering request's nonce let run. */
  scriptHashes: string[];
  expires: number;
  /** The page compressed with `encoding`, made once on first use (null if compression failed: send `body`). */
  encoded(encoding: Encoding): Promise<Buffer | null>;
}

/**
 * A kept page with what the cache knows of it: its HTML's fingerprint, and `settle()`, called each time a render finds
 * it the same: it makes its best Brotli copy the first time, and keeps that copy as the newest settled copy after.
 */
interface KeptPage extends CachedPage {
  readonly fingerprint: string;
  settle(): void;
}

export interface PageCache {
  /** The cache key of this request, or null when its page must be rendered for it alone. */
  keyFor(req: FastifyRequest): string | null;
  /** For a signed-in shopper's request: the key of the shared signed-in page it may be filled from (docs/decisions/110). */
  signedInKeyFor(req: FastifyRequest, withAvatar: boolean): string | null;
  getSignedIn(key: string): SignedInTemplate | undefined;
  /** Keeps a signed-in template, unless an administrator write came after its render began (`generation` older). */
  setSignedIn(key: string, template: SignedInTemplate, generation?: number): void;
  get(key: string): CachedPage | undefined;
  /**
   * Keeps the page and returns it; null when it is larger than the whole budget, or when `generation` is older than
   * the cache's (an administrator write came after its render began: it may show what the write changed). Nothing is
   * kept then.
   */
  set(key: string, page: { status: number; headers: [string, string][]; html: string; nonce: string }, generation?: number): CachedPage | null;
  clear(): void;
  /** Counts `clear()` calls: a render started under an older generation is not kept (docs/decisions/139). */
  readonly generation: number;
  /** Pages kept. */
  readonly size: number;
  /** Bytes kept: pages, their compressed copies, settled pages' best copies, signed-in templates and theirs (at most `maxBytes`). */
  readonly bytes: number;
}

/** Public pages whose HTML depends only on the URL for a visitor without a session. */
const CACHEABLE_PATH = /^(?:\/ne)?\/(?:|products|products\/[^/]+|blogs|blogs\/[^/]+)$|^\/ne$/;
const MAX_URL_LENGTH = 512;

const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_MODE, BROTLI_MODE_TEXT, BROTLI_PARAM_SIZE_HINT } = zlib.constants;

/**
 * What @fastify/compress uses for answers made for one request (pages of signed-in shoppers, API JSON): Brotli
 * quality 2 and gzip level 4 cost about 1–3 ms for a 300 KB page in large pieces, well under the render (measured in
 * docs/decisions/094); the page cache compresses harder, once.
 */
export const DYNAMIC_COMPRESSION = {
  brotliOptions: { params: { [BROTLI_PARAM_MODE]: BROTLI_MODE_TEXT, [BROTLI_PARAM_QUALITY]: 2 } },
  zlibOptions: { level: 4 },
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A page in Brotli at `quality`, on libuv's thread pool (never on the event loop). */
function brotliAt(body: Buffer, quality: number): Promise<Buffer> {
  return brotli(body, { params: { [BROTLI_PARAM_MODE]: BROTLI_MODE_TEXT, [BROTLI_PARAM_QUALITY]: quality, [BROTLI_PARAM_SIZE_HINT]: body.length } });
}

/** Compression of a cached page: once per page and encoding. */
function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === "br" ? brotliAt(body, 5) : gzip(body, { level: 9 });
}

/**
 * Brotli's best (quality 11) for a page that came out the same in two renders in a row (docs/decisions/141): 12–13%
 * smaller than quality 5 for the home page and the catalogue, at 30–100 times the time (0.16 s for the home page,
 * 0.5 s for the catalogue's 300 KB on this project's VM), so it is spent only on a page that stays.
 */
const SETTLED_BROTLI_QUALITY = 11;

/**
 * How long an expired page stays (never served) so that its next render can find it the same and keep it with its
 * quality-11 copy: a page asked for at least this often stays compressed hard across its renders.
 */
const KEEP_EXPIRED_MS = 30_000;

/**
 * A settled page's quality-11 copy, kept after the page itself has gone (decision 154): the fingerprint of the HTML it
 * was made from and that HTML's script hashes. A later render that comes out the same is sent in it at once, not at
 * quality 5, so a page asked for only now and then (a quiet shop) still goes out small.
 */
interface SettledCopy {
  fingerprint: string;
  scriptHashes: string[];
  brotli: Buffer;
}

/** A settled copy's HTML again (about 1.5 ms for the catalogue's 230 KB, once per quiet spell); null if it cannot be read. */
function unpacked(brotli: Buffer): Buffer | null {
  try {
    return zlib.brotliDecompressSync(brotli);
  } catch {
    return null;
  }
}

/** Pages waiting for their quality-11 copy, at most (each holds its HTML until its turn). */
const MAX_SETTLING = 8;

/** What a render's HTML says, whatever its nonce: two renders of the same page differ only in that (and its script hashes). */
function fingerprintOf(html: string, nonce: string): string {
  return createHash("sha256")
    .update(nonce ? html.replaceAll(nonce, "") : html, "utf8")
    .digest("base64");
}

export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * `'sha256-…'` CSP sources for the inline scripts of `html` whose nonce attribute is `nonce`. React escapes `<` and
 * `>` in text and attribute values, so every `<script` in rendered HTML is a real tag and the text up to the next
 * `</script` is exactly the script a browser runs. Scripts with `src` are governed by `'self'`, not hashes.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  if (!nonce) return [];
  const hashes = new Set<string>();
  for (const [, attributes, code] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const carried = /\snonce\s*=\s*"([^"]*)"/i.exec(` ${attributes}`)?.[1];
    if (carried !== nonce) continue;
    hashes.add(`'sha256-${createHash("sha256").update(code!, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** Whether the client takes gzip (q-values honoured). */
export function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : (acceptEncoding ?? "");
  let star = 0;
  let gzip: number | null = null;
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    const q = Number.isFinite(value) ? value : 0;
    if (name === "gzip") gzip = q;
    else if (name === "*") star = q;
  }
  return (gzip ?? star) > 0;
}

/** The encoding to send a cached page in: Brotli, else gzip, else none, as the client's Accept-Encoding allows. */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : (acceptEncoding ?? "");
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (name: Encoding) => q.get(name) ?? (q.has("*") ? q.get("*")! : 0);
  const br = weight("br");
  const gz = weight("gzip");
  if (br > 0 && br >= gz) return "br";
  if (gz > 0) return "gzip";
  return null;
}

/**
 * A browser's GET of a page every signed-in shopper may share (docs/decisions/110). API clients (a bearer token) and
 * crawlers get a page rendered for them.
 */
export function mayShareSignedInPage(req: FastifyRequest): boolean {
  if (req.method !== "GET" || req.url.length > MAX_URL_LENGTH) return false;
  if (!CACHEABLE_PATH.test(req.url.split("?")[0]!)) return false;
  return !req.headers.authorization && !isbot(req.headers["user-agent"] ?? "");
}

/** The default byte budget of a page cache (PAGE_CACHE_MAX_MB): kept pages, their compressed copies and signed-in templates together. */
export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/**
 * `maxBytes` bounds what the cache holds — each page's HTML and the compressed copies made of it, each signed-in
 * template's parts and their deflated copies — and `maxEntries` the number of pages (and of templates). Past either,
 * the oldest entries go first; a page larger than the whole budget is not kept.
 */
export function createPageCache({
  ttlMs,
  maxEntries = 300,
  maxBytes = PAGE_CACHE_MAX_BYTES,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}): PageCache {
  const pages = new Map<string, KeptPage>();
  const templates = new Map<string, SignedInTemplate>();
  const settledCopies = new Map<string, SettledCopy>();
  // Bytes held per entry ("p <key>" for a page, "t <key>" for a template, "s <key>" for a settled copy), oldest first:
  // the order eviction follows.
  const held = new Map<string, number>();
  let bytes = 0;
  let generation = 0;
  // Hard compressions run one at a time, so pages settling together never take more than one thread of the pool, and
  // at most MAX_SETTLING wait: past that a page stays at quality 5 until it is found the same again.
  let settling: Promise<unknown> = Promise.resolve();
  let waiting = 0;

  function drop(id: string) {
    const n = held.get(id);
    if (n === undefined) return;
    held.delete(id);
    bytes -= n;
    entriesOf(id).delete(id.slice(2));
  }
  function entriesOf(id: string): Map<string, unknown> {
    return id.startsWith("p ") ? pages : id.startsWith("t ") ? templates : settledCopies;
  }
  /** Oldest first out until the bytes fit. */
  function trim() {
    while (bytes > maxBytes && held.size) drop(held.keys().next().value!);
  }
  /** Counts `n` more bytes for an entry that is still the one kept under its key (a copy made after it was kept). */
  function grow(id: string, entry: unknown, n: number) {
    if (entriesOf(id).get(id.slice(2)) !== entry || !held.has(id)) return;
    held.set(id, held.get(id)! + n);
    bytes += n;
    trim();
  }
  /** Makes a page that serves another period the newest entry, as if kept now (the oldest go first). */
  function refresh(id: string, key: string, page: KeptPage) {
    const n = held.get(id);
    if (n === undefined) return;
    held.delete(id);
    held.set(id, n);
    pages.delete(key);
    pages.set(key, page);
  }
  /** Keeps an entry of `n` bytes as the newest, making room first; false when it cannot fit at all. */
  function admit(id: string, n: number): boolean {
    drop(id);
    if (n > maxBytes) return false;
    held.set(id, n);
    bytes += n;
    trim();
    return true;
  }

  /** Keeps a page's best copy beyond the page, as the newest entry; at most maxEntries of them, the oldest go first. */
  function keepSettledCopy(key: string, copy: SettledCopy) {
    drop(`s ${key}`);
    while (settledCopies.size >= maxEntries) drop(`s ${settledCopies.keys().next().value!}`);
    if (admit(`s ${key}`, copy.brotli.length)) settledCopies.set(key, copy);
  }

  return {
    signedInKeyFor(req, withAvatar) {
      if (ttlMs <= 0 || !req.user || !mayShareSignedInPage(req)) return null;
      return `${withAvatar ? "picture" : "letter"} ${req.url}`;
    },
    getSignedIn(key) {
      const template = templates.get(key);
      if (!template) return undefined;
      if (template.expires <= now()) {
        drop(`t ${key}`);
        return undefined;
      }
      return template;
    },
    setSignedIn(key, template, rendered) {
      if (rendered !== undefined && rendered !== generation) return;
      drop(`t ${key}`);
      const at = now();
      for (const [k, t] of templates) if (t.expires <= at) drop(`t ${k}`);
      while (templates.size >= maxEntries) drop(`t ${templates.keys().next().value!}`);
      const id = `t ${key}`;
      const size = template.parts.reduce((sum, part) => sum + part.text.length, 0);
      if (!admit(id, size)) return;
      // Its deflated parts count once made (the template is kept as given: the caller serves it too).
      const deflated = template.deflated.bind(template);
      let counted = false;
      template.deflated = () => {
        const made = deflated();
        if (!counted) {
          counted = true;
          void made.then(
            (parts) =>
              parts &&
              grow(
                id,
                template,
                parts.reduce((sum, part) => sum + part.length, 0),
              ),
          );
        }
        return made;
      };
      templates.set(key, template);
    },
    keyFor(req) {
      if (ttlMs <= 0 || req.method !== "GET") return null;
      if (req.url.length > MAX_URL_LENGTH) return null;
      const path = req.url.split("?")[0]!;
      if (!CACHEABLE_PATH.test(path)) return null;
      if (req.user || req.headers.authorization || hasSessionCookie(req.headers.cookie)) return null;
      // Crawlers and browsers get the same whole document (entry.server.tsx, docs/decisions/139): one copy for both.
      return req.url;
    },
    get(key) {
      const page = pages.get(key);
      // An expired page is not served; it stays KEEP_EXPIRED_MS for its own next render to find (see set).
      if (!page || page.expires <= now()) return undefined;
      return page;
    },
    set(key, { status, headers, html, nonce }, rendered) {
      if (rendered !== undefined && rendered !== generation) return null;
      // Pages expired for longer than KEEP_EXPIRED_MS go when the next one is kept: memory holds pages that may still be
      // served, or found again by their own next render (within the byte budget either way).
      const at = now();
      for (const [k, page] of pages) if (k !== key && page.expires + KEEP_EXPIRED_MS <= at) drop(`p ${k}`);
      const fingerprint = fingerprintOf(html, nonce);
      const previous = pages.get(key);
      if (previous?.fingerprint === fingerprint) {
        // The same page again: the kept one (its HTML, script hashes and compressed copies) serves another period,
        // and its Brotli copy is made again at the best quality.
        previous.expires = at + ttlMs;
        refresh(`p ${key}`, key, previous);
        previous.settle();
        return previous;
      }
      drop(`p ${key}`);
      // Oldest first out: a crawler walking thousands of filter combinations cannot grow the cache without bound.
      while (pages.size >= maxEntries) drop(`p ${pages.keys().next().value!}`);
      // The page settled before and went in a quiet spell: if this render is the same, the page comes back as it
      // settled, its best copy sent at once (and its HTML, unpacked from it, to clients without Brotli), with the hashes
      // of the scripts that HTML holds, as when a kept page is found the same. Otherwise that copy is stale.
      const copy = settledCopies.get(key);
      const settledBody = copy?.fingerprint === fingerprint ? unpacked(copy.brotli) : null;
      if (copy && !settledBody) drop(`s ${key}`);
      const best = settledBody ? copy!.brotli : null;
      const body = settledBody ?? Buffer.from(html, "utf8");
      const scriptHashes = settledBody ? copy!.scriptHashes : inlineScriptHashes(html, nonce);
      const id = `p ${key}`;
      if (!admit(id, body.length)) return null;
      const encodings = new Map<Encoding, Promise<Buffer | null>>();
      if (best) encodings.set("br", Promise.resolve(best));
      let settled = best !== null;
      // Its best copy once made (or brought back): kept apart as the newest settled copy whenever the page is found the
      // same again, so the copies of the pages asked for most are the last to go.
      let hard: Buffer | null = best;
      const keepHard = () => {
        if (hard) keepSettledCopy(key, { fingerprint, scriptHashes, brotli: hard });
      };
      const page: KeptPage = {
        status,
        headers: headers.filter(([name]) => !["content-length", "content-encoding", "vary"].includes(name.toLowerCase())),
        body,
        scriptHashes,
        expires: now() + ttlMs,
        fingerprint,
        encoded(encoding) {
          let made = encodings.get(encoding);
          if (!made) {
            made = compress(body, encoding).catch(() => null);
            encodings.set(encoding, made);
            void made.then((copy) => copy && grow(id, page, copy.length));
          }
          return made;
        },
        settle() {
          keepHard();
          if (settled || waiting >= MAX_SETTLING) return;
          settled = true;
          waiting++;
          settling = settling
            .then(async () => {
              // Dropped or replaced while it waited: nothing to make.
              if (pages.get(key) !== page) return;
              const made = await brotliAt(body, SETTLED_BROTLI_QUALITY).catch(() => null);
              // The quick copy, if one was made meanwhile or before, is replaced (and counted out of the budget).
              const quick = await encodings.get("br");
              if (!made || pages.get(key) !== page || (quick && made.length >= quick.length)) return;
              encodings.set("br", Promise.resolve(made));
              grow(id, page, made.length - (quick?.length ?? 0));
              hard = made;
              keepHard();
            })
            .catch(() => undefined)
            .finally(() => waiting--);
        },
      };
      pages.set(key, page);
      if (best) {
        grow(id, page, best.length);
        keepHard();
      }
      return page;
    },
    clear() {
      pages.clear();
      templates.clear();
      settledCopies.clear();
      held.clear();
      bytes = 0;
      generation++;
    },
    get generation() {
      return generation;
    },
    get size() {
      return pages.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
