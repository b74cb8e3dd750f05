import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { MSG } from "@khelkud/contracts";
import { localized } from "./errors.js";

interface KnownRoute {
  url: string;
  pattern: RegExp;
  methods: Set<string>;
}

const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&");

/**
 * 405 with `Allow` for a method a path does not have (RFC 9110, section 15.5.6), instead of the 404 of a path that does not
 * exist. Every route is recorded as it is added; catch-alls (`/*`: the JSON 404 under /api, the pages) are not
 * counted as "having" a path. A path that is a static route and also fits a sibling's parameter
 * (`DELETE /api/wishlist/merge` against `DELETE /api/wishlist/:productId`) is the static route's: 405 too.
 */
export function registerMethodNotAllowed(app: FastifyInstance): { allowed(path: string): string[] } {
  const routes = new Map<string, KnownRoute>();
  app.addHook("onRoute", (route) => {
    if (route.url.endsWith("*")) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    let known = routes.get(route.url);
    if (!known) {
      const source = route.url
        .split("/")
        .map((part) => (part.startsWith(":") ? "[^/]+" : escape(part)))
        .join("/");
      known = { url: route.url, pattern: new RegExp(`^${source}/?$`), methods: new Set() };
      routes.set(route.url, known);
    }
    for (const m of methods) known.methods.add(m.toUpperCase());
  });

  function allowed(path: string): string[] {
    const methods = new Set<string>();
    for (const route of routes.values()) if (route.pattern.test(path)) route.methods.forEach((m) => methods.add(m));
    return [...methods].sort();
  }

  // A request routed to a parameter route although its path is another route's static path, with another method.
  app.addHook("onRequest", async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split("?")[0]!;
    const own = req.routeOptions.url;
    if (!own || own === path || own.endsWith("*") || !own.includes(":")) return;
    const exact = routes.get(path);
    if (exact && !exact.methods.has(req.method)) return methodNotAllowed(reply, req.method, path, [...exact.methods].sort());
  });

  return { allowed };
}

export function methodNotAllowed(reply: FastifyReply, method: string, path: string, allow: string[]) {
  return reply
    .status(405)
    .header("Allow", allow.join(", "))
    .send(localized(reply.request, { success: false, error: `${MSG.methodNotAllowed}: ${method} ${path}` }));
}
