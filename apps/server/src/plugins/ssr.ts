import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import { createRequestHandler, data, matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { Config } from "../env.js";
import { pgError } from "../lib/db-errors.js";
import type { WebLoadContext } from "../types.js";
import { acceptsGzip, inlineScriptHashes, pickEncoding, type CachedPage, type PageCache } from "./page-cache.js";
import { accountPlaceholders, fillTemplate, gzipCopy, makeTemplate, templateVariant, type SignedInTemplate } from "./shared-signed-in.js";
import type { PublicUser } from "@khelkud/contracts";
import { isSameSiteRequest } from "./auth.js";
import { AppError } from "../lib/errors.js";
import { AUTH_MSG, isLocale, MSG, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, localeFromCookie, localeOfPath, negotiateLocale, NEPALI_PREFIX, pathInLocale, type Locale } from "@khelkud/contracts";
import { toPublicUser } from "../modules/accounts/sessions.service.js";
import { methodNotAllowed } from "./method-not-allowed.js";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type ContextFactory = (req: FastifyRequest) => WebLoadContext;
/** Stores a signed-in shopper's language on the account (docs/decisions/086). */
type LocaleKeeper = (userId: string, locale: Locale) => Promise<void>;

/** SQLSTATE class 22, "data exception": a NUL byte or invalid UTF-8 in text, a number out of range. */
function notFoundIfUnrepresentable(err: unknown): never {
  if (pgError(err)?.code?.startsWith("22")) throw data({ message: "Not found" }, { status: 404 });
  throw err;
}

function isPlainObject(value: unknown): value is object {
  return typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * The services as page loaders see them. Loaders call services with raw values from the URL — a product slug, an
 * order id, a filter — without the API's request validation. A value PostgreSQL cannot even compare (class 22) names
 * nothing that exists, so the page answers 404 (its "not found" view), where the API answers 400 for the same input;
 * never a 500 with the SQL in the log. Other errors pass through unchanged.
 */
export function servicesForPages<T extends object>(services: T): T {
  return new Proxy(services, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value === "function") {
        return (...args: unknown[]) => {
          const result: unknown = Reflect.apply(value, target, args);
          return result instanceof Promise ? result.catch(notFoundIfUnrepresentable) : result;
        };
      }
      return isPlainObject(value) ? servicesForPages(value) : value;
    },
  });
}

/**
 * A rendered page's whole text. When `signal` aborts, the body is cancelled, which ends the render (entry.server.tsx),
 * and the read fails.
 */
async function readWhole(body: ReadableStream<Uint8Array>, signal: AbortSignal): Promise<string> {
  const reader = body.getReader();
  const cancel = () => void reader.cancel(signal.reason).catch(() => undefined);
  if (signal.aborted) cancel();
  signal.addEventListener("abort", cancel, { once: true });
  try {
    const parts: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
    }
    if (signal.aborted) throw new Error("The render was stopped: every visitor waiting for it left");
    return Buffer.concat(parts).toString("utf8");
  } finally {
    signal.removeEventListener("abort", cancel);
  }
}

/**
 * The address a page request is for: its path on the host it names. A request that names none (HTTP/1.0; Node
 * refuses HTTP/1.1 without a Host) is taken as one for the shop's own address. Null when the Host, or the target
 * with it, is no address (`[::1`, `a:99999`, `x y`): the request answers 400, as RFC 9112 (section 3.2) asks.
 */
function pageUrl(req: FastifyRequest, publicUrl: string): URL | null {
  try {
    return new URL(req.url, req.host ? `${req.protocol}://${req.host}` : publicUrl);
  } catch {
    return null;
  }
}

/**
 * The request as React Router reads it. Its signal aborts the render when the visitor leaves (docs/decisions/073); a
 * render shared by several visitors (a guest page for the page cache) passes its own `signal`, which aborts when the
 * last of them has left.
 */
function toWebRequest(req: FastifyRequest, reply: FastifyReply, publicUrl: string, { signal }: { signal?: AbortSignal } = {}): Request {
  const url = pageUrl(req, publicUrl);
  if (!url) throw new AppError("invalid", MSG.badHost);
  const controller = new AbortController();
  if (!signal)
    reply.raw.on("close", () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: signal ?? controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = Readable.toWeb(req.raw) as ReadableStream;
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * A page from the anonymous page cache, in the bytes compressed when it was kept (docs/decisions/095): its
 * Content-Security-Policy allows the page's own inline scripts by hash instead of this response's nonce.
 */
async function sendCachedPage(req: FastifyRequest, reply: FastifyReply, page: CachedPage): Promise<FastifyReply> {
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  const encoded = encoding ? await page.encoded(encoding) : null;
  reply.status(page.status).headers(Object.fromEntries(page.headers));
  reply.header("vary", "Accept-Encoding");
  reply.allowScriptHashes(page.scriptHashes);
  if (encoding && encoded) return reply.header("content-encoding", encoding).send(encoded);
  // A client that takes neither encoding gets the page as it is (so does everyone, should compression ever fail:
  // then @fastify/compress compresses this one response).
  return reply.send(page.body);
}

/** A path on this site (not `//host` or `/\\host`, which browsers read as another site), at most 512 characters. */
function sitePath(value: unknown): string {
  return typeof value === "string" && value.length <= 512 && value.startsWith("/") && !/^\/[/\\]/.test(value) && ![...value].some((c) => c.charCodeAt(0) < 0x20) ? value : "/";
}

/**
 * Whether a request is a browser asking for an English page as a document, which a visitor who chose Nepali (the
 * language cookie) or whose browser prefers it (first visit, `Accept-Language`) is sent on to its `/ne/` twin.
 */
function nepaliTwinOf(req: FastifyRequest): string | null {
  if (req.method !== "GET" || req.url.length > 512) return null;
  const path = req.url.split("?")[0]!;
  if (localeOfPath(path) === "ne" || path === "/admin" || path.startsWith("/admin/") || path.startsWith("/_") || path.endsWith(".data") || path.includes("__manifest")) return null;
  const dest = req.headers["sec-fetch-dest"];
  if (dest !== undefined ? dest !== "document" : !String(req.headers.accept ?? "").includes("text/html")) return null;
  const chosen: Locale | null = localeFromCookie(req.headers.cookie) ?? negotiateLocale(req.headers["accept-language"]);
  return chosen === "ne" ? pathInLocale(req.url, "ne") : null;
}

/**
 * A signed-in shopper's copy of a shared page (docs/decisions/110): the template filled with this shopper's values,
 * sent as gzip made of the parts compressed once, under the same hash policy as a guest's copy.
 */
async function sendSignedInCopy(req: FastifyRequest, reply: FastifyReply, template: SignedInTemplate, user: PublicUser): Promise<FastifyReply> {
  const deflated = acceptsGzip(req.headers["accept-encoding"]) ? await template.deflated() : null;
  reply.status(template.status).headers(Object.fromEntries(template.headers));
  reply.header("vary", "Accept-Encoding");
  reply.allowScriptHashes(template.scriptHashes);
  if (deflated) return reply.header("content-encoding", "gzip").send(gzipCopy(template, deflated, user));
  // A client that takes no gzip gets the page as it is (@fastify/compress may still compress it for this response).
  return reply.send(fillTemplate(template, user));
}

/**
 * Where a page's loaders may put what the document renders but does not carry in its loader data (docs/decisions/152):
 * a fresh map for a document, none for a client navigation's data (`/products.data`), which carries everything.
 */
function heldBackFor(req: FastifyRequest): Map<string, unknown> | undefined {
  return req.url.split("?")[0]!.endsWith(".data") ? undefined : new Map();
}

/** The build's routes below `parentId` as the tree `matchRoutes` reads. */
function routeTree(routes: ServerBuild["routes"], parentId?: string): RouteObject[] {
  return Object.values(routes).flatMap((r): RouteObject[] => {
    if (!r || r.parentId !== parentId) return [];
    if (r.index) return [{ id: r.id, index: true, path: r.path, caseSensitive: r.caseSensitive }];
    return [{ id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: routeTree(routes, r.id) }];
  });
}
const routeTrees = new WeakMap<ServerBuild["routes"], RouteObject[]>();

/**
 * Whether a form posted to `pathname` (the request's path as the page's URL reads it) reaches a route action: false
 * when the routes it matches have none, so the request answers 405 with `Allow: GET, HEAD` here. React
 * Router would answer it with an error whose text names its internals (with its stack, outside production) and log
 * it as a failed page. A data request is matched as its page (`/x.data`; the root's is `/_root.data`, or
 * `/ne/_root.data` under the Nepali basename). Every path matches at least the catch-all route.
 */
function reachesAction(build: ServerBuild, pathname: string): boolean {
  const base = build.basename ?? "";
  const page = pathname === `${base}/_root.data` ? base || "/" : pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  let tree = routeTrees.get(build.routes);
  if (!tree) routeTrees.set(build.routes, (tree = routeTree(build.routes)));
  const matches = matchRoutes(tree, page, build.basename);
  return !matches || matches.some((m) => m.route.id !== undefined && build.routes[m.route.id]?.module.action !== undefined);
}

/** Serves the React Router app: built assets as static files, every other non-API path through SSR. */
export async function registerSsr(app: FastifyInstance, config: Config, pageCache: PageCache, makeContext: ContextFactory, keepLocale: LocaleKeeper): Promise<void> {
  const mode = config.isProduction ? "production" : "development";
  // Nepali pages are the same app under the basename `/ne` (docs/decisions/105): every link and redirect of a page
  // stays in its language, and React Router strips the prefix before it matches a route.
  let handlerFor: (locale: Locale) => Promise<ReturnType<typeof createRequestHandler>>;
  let buildFor: (locale: Locale) => Promise<ServerBuild>;
  const withBasename = (build: ServerBuild, locale: Locale): ServerBuild => (locale === "ne" ? { ...build, basename: NEPALI_PREFIX } : build);

  if (config.webMode === "vite") {
    const [{ createServer }, middie] = await Promise.all([import("vite"), import("@fastify/middie")]);
    const vite = await createServer({ root: path.join(config.repoRoot, "apps/web"), server: { middlewareMode: true, hmr: { server: app.server } }, appType: "custom" });
    await app.register(middie.default);
    app.use(vite.middlewares);
    app.addHook("onClose", () => vite.close());
    // A fresh build on every request so edits show up without a restart.
    buildFor = async (locale) => withBasename((await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild, locale);
    handlerFor = async (locale) => createRequestHandler(await buildFor(locale), mode);
  } else {
    const buildFile = path.join(config.webBuildDir, "server/index.js");
    if (!fs.existsSync(buildFile)) throw new Error(`No web build at ${buildFile}: run \`npm run build\` first.`);
    const build = (await import(buildFile)) as ServerBuild;
    const builds = { en: build, ne: withBasename(build, "ne") };
    const handlers = { en: createRequestHandler(builds.en, mode), ne: createRequestHandler(builds.ne, mode) };
    buildFor = async (locale) => builds[locale];
    handlerFor = async (locale) => handlers[locale];
    await app.register(fastifyStatic, {
      root: path.join(config.webBuildDir, "client"),
      prefix: "/",
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of text assets (apps/web/scripts/precompress.mjs): sent as they are.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed asset names never change; everything else (favicon, robots) is revalidated daily.
        res.header("Cache-Control", filePath.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "public, max-age=86400");
      },
    });
  }

  const rendering = new Map<string, Promise<SignedInTemplate | null>>();

  /**
   * The page as every signed-in shopper sees it, rendered with placeholders: its loaders get no user and a request
   * without cookies or credentials, so nothing of any one shopper can be in it (docs/decisions/110). Null when the
   * answer is not a plain 200 page or the render is not a valid template: the page is then rendered for the request.
   */
  async function renderSignedInTemplate(req: FastifyRequest, reply: FastifyReply, withAvatar: boolean): Promise<SignedInTemplate | null> {
    try {
      const request = toWebRequest(req, reply, config.publicUrl);
      request.headers.delete("cookie");
      request.headers.delete("authorization");
      const placeholders = accountPlaceholders(withAvatar);
      const handler = await handlerFor(localeOfPath(req.url.split("?")[0]!));
      const context = {
        ...makeContext(req),
        user: null,
        api: () => Promise.reject(new Error("a shared signed-in page calls no API")),
        sharedSignedIn: true,
        accountPlaceholders: placeholders,
        cspNonce: req.cspNonce,
        wholeDocument: true,
        heldBack: heldBackFor(req),
      };
      const response = await handler(request, context as never);
      if (response.status !== 200 || !response.body || response.headers.has("set-cookie") || !response.headers.get("content-type")?.startsWith("text/html")) {
        await response.body?.cancel();
        return null;
      }
      const html = await response.text();
      const page = { status: 200, headers: [...response.headers.entries()], html, scriptHashes: inlineScriptHashes(html, req.cspNonce) };
      return makeTemplate(page, placeholders, Date.now() + config.catalogCacheMs);
    } catch {
      return null;
    }
  }

  /** A guest page being rendered for the page cache, with the visitors waiting for it (docs/decisions/139). */
  interface GuestRender {
    page: Promise<CachedPage | null>;
    /** The page cache's generation when the render began: an administrator write since then makes it stale. */
    generation: number;
    controller: AbortController;
    waiting: number;
  }
  const guestRendering = new Map<string, GuestRender>();

  /**
   * Counts this visitor as waiting for `render` until it has its answer or leaves. When the last one waiting has left,
   * the render stops, as a visitor's own render does (docs/decisions/073): a client that asks for page after page and
   * hangs up at once costs no more than before.
   */
  function waitFor(render: GuestRender, reply: FastifyReply) {
    render.waiting++;
    reply.raw.once("close", () => {
      if (reply.raw.writableFinished) return;
      render.waiting--;
      if (render.waiting === 0) render.controller.abort();
    });
  }

  /**
   * A guest's page the page cache does not hold (docs/decisions/139): rendered whole, kept, and sent as the cache's
   * compressed bytes, so the first visitor gets the document every later one gets (Brotli quality 5, not the quality 2
   * of a response compressed as it streams) and the page is compressed once. Visitors asking for it while it renders
   * wait for this render. Either the kept `page`, or, when the answer is not a page to keep, that answer as `response`
   * for the visitor who started the render alone (a page over the cache's budget, or one an administrator write made
   * stale while it rendered, included).
   */
  async function renderGuestPage(req: FastifyRequest, reply: FastifyReply, key: string, render: GuestRender): Promise<{ page: CachedPage; response?: never } | { page: null; response: Response }> {
    const { signal } = render.controller;
    const handler = await handlerFor(localeOfPath(req.url.split("?")[0]!));
    const response = await handler(toWebRequest(req, reply, config.publicUrl, { signal }), { ...makeContext(req), cspNonce: req.cspNonce, wholeDocument: true, heldBack: heldBackFor(req) } as never);
    if (response.status !== 200 || !response.body || response.headers.has("set-cookie") || !response.headers.get("content-type")?.startsWith("text/html")) {
      return { page: null, response };
    }
    const headers = [...response.headers.entries()];
    const html = await readWhole(response.body, signal);
    const page = pageCache.set(key, { status: 200, headers, html, nonce: req.cspNonce }, render.generation);
    return page ? { page } : { page: null, response: new Response(html, { status: 200, headers }) };
  }

  await app.register(async (scope) => {
    // Form posts reach React Router actions as raw streams.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_req, _payload, done) => done(null));
    // A form posted to a page's route action from another site is refused here, session or not (sign-in and
    // registration included, against login CSRF), like the API's writes (docs/decisions/011, 088). The one exception
    // is the newsletter's one-click unsubscribe, which mail providers post from their own sites and which the
    // letter's token alone authorises.
    scope.addHook("onRequest", async (req) => {
      if (!pageUrl(req, config.publicUrl)) throw new AppError("invalid", MSG.badHost);
      if (!UNSAFE_METHODS.has(req.method) || req.url.startsWith("/newsletter/unsubscribe?")) return;
      if (!isSameSiteRequest(req, config.publicUrl)) throw new AppError("forbidden", AUTH_MSG.crossSite);
    });
    // The language switch (header and footer): remembers the choice in a cookie and opens the same page, query
    // included, in that language. A plain link, so it works before the scripts arrive.
    scope.get("/language", { schema: { hide: true } }, async (req, reply) => {
      const query = req.query as Record<string, unknown>;
      const to = isLocale(query.to) ? query.to : null;
      if (!to) throw new AppError("invalid", "Unknown language");
      const next = pathInLocale(sitePath(query.next), to);
      // Signed in: the account remembers it too, so the next sign-in elsewhere, the API and the e-mails follow it. A
      // link on another site cannot change it (the cookie alone is set then).
      if (req.user && req.user.locale !== to && isSameSiteRequest(req, config.publicUrl)) await keepLocale(req.user.id, to);
      const secure = config.publicUrl.startsWith("https:") ? "; Secure" : "";
      return reply
        .header("set-cookie", `${LOCALE_COOKIE}=${to}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`)
        .header("cache-control", "no-store")
        .redirect(next, 303);
    });
    scope.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      schema: { hide: true },
      handler: async (req, reply) => {
        if (UNSAFE_METHODS.has(req.method)) {
          const path = req.url.split("?")[0]!;
          // The onRequest hook has refused a request whose address does not parse.
          const { pathname } = pageUrl(req, config.publicUrl)!;
          const takesForms = reachesAction(await buildFor(localeOfPath(pathname)), pathname);
          // A page's form is posted; no page takes PUT, PATCH or DELETE, which would otherwise run its action.
          if (!takesForms || req.method !== "POST") return methodNotAllowed(reply, req.method, path, takesForms ? ["GET", "HEAD", "POST"] : ["GET", "HEAD"]);
        }
        const twin = nepaliTwinOf(req);
        if (twin) return reply.header("vary", "Cookie, Accept-Language").header("cache-control", "no-store").redirect(twin, 302);
        const user = req.user ? toPublicUser(req.user) : null;
        const signedInKey = user ? pageCache.signedInKeyFor(req, templateVariant(user)) : null;
        if (user && signedInKey) {
          let template: SignedInTemplate | null | undefined = pageCache.getSignedIn(signedInKey);
          if (!template) {
            // One render per page at a time, whoever asks while it runs waits for it.
            let pending = rendering.get(signedInKey);
            if (!pending) {
              const generation = pageCache.generation;
              pending = renderSignedInTemplate(req, reply, templateVariant(user)).finally(() => rendering.delete(signedInKey));
              // Kept unless an administrator write came after the render began (docs/decisions/139).
              void pending.then((made) => made && pageCache.setSignedIn(signedInKey, made, generation));
              rendering.set(signedInKey, pending);
            }
            template = await pending;
          }
          if (template) return sendSignedInCopy(req, reply, template, user);
        }
        const key = pageCache.keyFor(req);
        if (key) {
          const cached = pageCache.get(key);
          if (cached) return sendCachedPage(req, reply, cached);
          const pending = guestRendering.get(key);
          if (pending && pending.generation === pageCache.generation) {
            // Another visitor's render of this page is under way: its copy serves this visitor too.
            waitFor(pending, reply);
            const page = await pending.page;
            if (page) return sendCachedPage(req, reply, page);
            if (reply.raw.destroyed) return reply;
          } else {
            const render: GuestRender = { page: Promise.resolve(null), generation: pageCache.generation, controller: new AbortController(), waiting: 0 };
            const result = renderGuestPage(req, reply, key, render);
            render.page = result.then(
              (r) => r.page,
              () => null,
            );
            guestRendering.set(key, render);
            void render.page.finally(() => {
              if (guestRendering.get(key) === render) guestRendering.delete(key);
            });
            waitFor(render, reply);
            let answer: Awaited<typeof result>;
            try {
              answer = await result;
            } catch (err) {
              // Everyone waiting left and the render stopped: nobody to answer.
              if (render.controller.signal.aborted) return reply;
              throw err;
            }
            return answer.page ? sendCachedPage(req, reply, answer.page) : reply.send(answer.response);
          }
        }
        const handler = await handlerFor(localeOfPath(req.url.split("?")[0]!));
        return reply.send(await handler(toWebRequest(req, reply, config.publicUrl), { ...makeContext(req), cspNonce: req.cspNonce, heldBack: heldBackFor(req) } as never));
      },
    });
  });
}
