import type { FastifyInstance, RouteOptions } from "fastify";
import { z } from "zod";
import { ApiFailureSchema } from "@khelkud/contracts";

/** Marks a preValidation/onRequest hook that answers 429, so the operation documents it. */
export const RATE_LIMITED = Symbol.for("khelkud.rateLimited");
export function rateLimited<T extends object>(hook: T): T {
  return Object.assign(hook, { [RATE_LIMITED]: true });
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type Schema = { hide?: boolean; body?: unknown; querystring?: unknown; params?: unknown; response?: Record<string, unknown> };

/**
 * An onRoute hook for the /api scope: documents in the OpenAPI document the failures an operation can answer, with
 * the envelope it answers them in, so a schema-driven client meets no undocumented status. Derived from the route
 * itself: 400 when it validates input; 401 behind a sign-in; 403 behind the administrator check, and for writes (a
 * cookie-carrying write from another site is refused); 404 for a path with an id; 415 with a body; 429 behind a rate
 * limit; 503 when the database does not answer. What a route documents itself wins.
 */
export function documentFailures(app: FastifyInstance) {
  return (route: RouteOptions) => {
    const schema = (route.schema ?? {}) as Schema;
    if (schema.hide) return;
    const hooks = [route.onRequest, route.preValidation, route.preHandler].flat().filter(Boolean) as unknown[];
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
    const admin = route.url.startsWith("/api/admin/") || route.url === "/api/users/:id/role" || hooks.includes(app.requireAdmin);
    const signedIn = admin || hooks.includes(app.requireUser);
    const failures: number[] = [503];
    if (schema.body || schema.querystring || schema.params) failures.push(400);
    if (signedIn) failures.push(401);
    if (admin || methods.some((m) => UNSAFE.has(m))) failures.push(403);
    if (route.url.includes(":")) failures.push(404);
    if (schema.body) failures.push(415);
    if (hooks.some((h) => typeof h === "function" && RATE_LIMITED in h)) failures.push(429);
    const documented: Record<string, unknown> = Object.fromEntries(failures.map((status) => [String(status), ApiFailureSchema]));
    const own = schema.response ?? {};
    // A route that documents no success keeps a "200" of any type (its body is described in the summary: CSV, JSON…).
    if (!Object.keys(own).some((status) => status.startsWith("2"))) documented["200"] = { description: "Success", content: { "*/*": { schema: z.unknown() } } };
    route.schema = { ...schema, response: { ...documented, ...own } };
  };
}
