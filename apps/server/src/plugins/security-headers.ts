import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import fastifyHelmet from "@fastify/helmet";
import type { Config } from "../env.js";

declare module "fastify" {
  interface FastifyRequest {
    /** This request's Content-Security-Policy nonce: the only inline scripts a page may run carry it. */
    cspNonce: string;
  }
}

/** Nonces by raw request, for helmet's directive functions (which receive Node's raw req/res). */
const nonces = new WeakMap<IncomingMessage, string>();

/** Origins an HTML form of ours may post to: the shop itself plus the configured eSewa form (a cross-origin POST in production). */
export function formActionSources(config: Config): string[] {
  const sources = new Set(["'self'"]);
  const esewa = config.payments.esewa?.formUrl;
  if (esewa) {
    const origin = new URL(esewa).origin;
    if (origin !== new URL(config.publicUrl).origin) sources.add(origin);
  }
  return [...sources];
}

/**
 * Security headers on every response (docs/decisions/070): a Content-Security-Policy whose scripts are this
 * origin's files plus inline scripts carrying the per-request nonce (React Router's hydration scripts render it),
 * frame-ancestors 'none', nosniff, a strict Referrer-Policy, and HSTS in production only.
 * Styles allow 'unsafe-inline' (React style attributes, the toast library's injected sheet); scripts never do.
 * The Vite development server (WEB_MODE=vite) injects its own inline scripts, so CSP is off there.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  app.decorateRequest("cspNonce", "");
  app.addHook("onRequest", async (req) => {
    req.cspNonce = randomBytes(16).toString("base64");
    nonces.set(req.raw, req.cspNonce);
  });

  const httpsOnly = config.isProduction && config.publicUrl.startsWith("https://");
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy:
      config.webMode === "vite"
        ? false
        : {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              baseUri: ["'self'"],
              scriptSrc: ["'self'", (req) => `'nonce-${nonces.get(req as IncomingMessage) ?? ""}'`],
              scriptSrcAttr: ["'none'"],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", "data:", "blob:"],
              fontSrc: ["'self'", "data:"],
              connectSrc: ["'self'"],
              objectSrc: ["'none'"],
              frameSrc: ["'none'"],
              frameAncestors: ["'none'"],
              formAction: formActionSources(config),
              manifestSrc: ["'self'"],
              workerSrc: ["'self'", "blob:"],
              ...(httpsOnly ? { upgradeInsecureRequests: [] } : {}),
            },
          },
    // Cross-origin isolation is not needed and would block the wallet pop-ups and redirects.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    frameguard: { action: "deny" },
    hsts: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
