import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyCookie from "@fastify/cookie";
import { AUTH_MSG, MSG, SESSION_COOKIE } from "@khelkud/contracts";
import type { UserRow } from "../db/schema/index.js";
import { AppError } from "../lib/errors.js";
import { mayShareSignedInPage } from "./page-cache.js";
import type { AuthFailure, SessionsService } from "../modules/accounts/sessions.service.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in, active user, or null. */
    user: UserRow | null;
    sessionId: string | null;
    sessionToken: string | null;
    authFailure: AuthFailure | null;
  }
  interface FastifyInstance {
    requireUser: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const FAILURE_MESSAGE: Record<AuthFailure, string> = {
  missing: MSG.missingToken,
  invalid: MSG.invalidToken,
  expired: MSG.tokenExpired,
};

/** The session token from the cookie (browsers) or `Authorization: Bearer` (API clients): one check for both. */
export function tokenFrom(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice(7).trim() || undefined;
  return req.cookies[SESSION_COOKIE] || undefined;
}

const SKIP = /^\/(assets|media)\//;
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Cross-site request check for cookie-authenticated writes (docs/decisions/011): a browser names the page that
 * sent a request in Origin (or Referer, or Sec-Fetch-Site); it must be this shop. Requests without any of these
 * headers do not come from a web page, and Bearer requests cannot be forged by one.
 */
export function isSameSiteRequest(req: FastifyRequest, publicUrl: string): boolean {
  // The Host header itself, never X-Forwarded-Host (req.host follows it from a trusted proxy): a forwarded host could
  // name the attacker's own site and so allow its Origin.
  const allowed = new Set([new URL(publicUrl).origin, `${req.protocol}://${req.headers.host ?? ""}`]);
  const origin = req.headers.origin;
  if (typeof origin === "string" && origin !== "") return allowed.has(origin);
  const referer = req.headers.referer;
  if (typeof referer === "string" && referer !== "") {
    try {
      return allowed.has(new URL(referer).origin);
    } catch {
      return false;
    }
  }
  const site = req.headers["sec-fetch-site"];
  if (typeof site === "string") return site === "same-origin" || site === "none";
  return true;
}

export async function registerAuth(app: FastifyInstance, sessions: SessionsService): Promise<void> {
  await app.register(fastifyCookie);
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);
  app.decorateRequest("sessionToken", null);
  app.decorateRequest("authFailure", null);

  app.addHook("onRequest", async (req) => {
    if (SKIP.test(req.url)) return;
    const token = tokenFrom(req);
    // A shared storefront page needs only who is signed in, which it may take from a moment ago (docs/decisions/111).
    const result = await (mayShareSignedInPage(req) ? sessions.resolveForPage(token) : sessions.resolve(token));
    if ("failure" in result) {
      req.authFailure = result.failure;
      return;
    }
    req.user = result.user;
    req.sessionId = result.sessionId;
    req.sessionToken = token ?? null;
  });

  app.addHook("onRequest", async (req) => {
    if (!UNSAFE_METHODS.has(req.method)) return;
    if (req.headers.authorization?.startsWith("Bearer ")) return;
    // Sign-in and registration are checked too, so another site cannot sign a visitor into its own account.
    const cookieAuthenticated = Boolean(req.cookies[SESSION_COOKIE]) || req.url.startsWith("/api/auth/");
    if (cookieAuthenticated && !isSameSiteRequest(req, app.config.publicUrl)) throw new AppError("forbidden", AUTH_MSG.crossSite);
  });

  app.decorate("requireUser", async (req: FastifyRequest) => {
    if (!req.user) throw new AppError("unauthorized", FAILURE_MESSAGE[req.authFailure ?? "missing"]);
  });
  app.decorate("requireAdmin", async (req: FastifyRequest) => {
    if (!req.user) throw new AppError("unauthorized", FAILURE_MESSAGE[req.authFailure ?? "missing"]);
    if (req.user.role !== "ADMIN") throw new AppError("forbidden", MSG.forbidden);
  });
}
