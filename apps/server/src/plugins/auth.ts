import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyCookie from "@fastify/cookie";
import { MSG, SESSION_COOKIE } from "@khelkud/contracts";
import type { UserRow } from "../db/schema/index.js";
import { AppError } from "../lib/errors.js";
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

export async function registerAuth(app: FastifyInstance, sessions: SessionsService): Promise<void> {
  await app.register(fastifyCookie);
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);
  app.decorateRequest("sessionToken", null);
  app.decorateRequest("authFailure", null);

  app.addHook("onRequest", async (req) => {
    if (SKIP.test(req.url)) return;
    const token = tokenFrom(req);
    const result = await sessions.resolve(token);
    if ("failure" in result) {
      req.authFailure = result.failure;
      return;
    }
    req.user = result.user;
    req.sessionId = result.sessionId;
    req.sessionToken = token ?? null;
  });

  app.decorate("requireUser", async (req: FastifyRequest) => {
    if (!req.user) throw new AppError("unauthorized", FAILURE_MESSAGE[req.authFailure ?? "missing"]);
  });
  app.decorate("requireAdmin", async (req: FastifyRequest) => {
    if (!req.user) throw new AppError("unauthorized", FAILURE_MESSAGE[req.authFailure ?? "missing"]);
    if (req.user.role !== "ADMIN") throw new AppError("forbidden", MSG.forbidden);
  });
}
