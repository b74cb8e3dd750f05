import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyHelmet from "@fastify/helmet";
import type { Config } from "../env.js";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * This request's Content-Security-Policy nonce: the only inline scripts a page may run carry it. Made when first
     * read (a page render reads it); an answer that never reads it (the API, files) has no inline script to allow.
     */
    readonly cspNonce: string;
  }
  interface FastifyReply {
    /** Sends the Content-Security-Policy whose inline scripts are these `'sha256-…'` sources (a page cached with its scripts' hashes). */
    allowScriptHashes(hashes: readonly string[]): FastifyReply;
  }
}

/** Each request's nonce, once read. */
const nonces = new WeakMap<FastifyRequest, string>();

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
 * The Content-Security-Policy for a response whose inline scripts are `scripts` (a nonce source, hash sources, or
 * none): this origin's files, no inline or eval scripts otherwise, no framing (docs/decisions/070). Fetches and the
 * manifest fall back to `default-src 'self'`, so they need no directive of their own.
 */
export function contentSecurityPolicy(config: Config): (scripts: readonly string[]) => string {
  const directives = (scripts: readonly string[]): [string, readonly string[]][] => [
    ["default-src", ["'self'"]],
    ["base-uri", ["'self'"]],
    ["script-src", ["'self'", ...scripts]],
    ["script-src-attr", ["'none'"]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:"]],
    ["font-src", ["'self'", "data:"]],
    ["object-src", ["'none'"]],
    ["frame-src", ["'none'"]],
    ["frame-ancestors", ["'none'"]],
    ["form-action", formActionSources(config)],
    ["worker-src", ["'self'", "blob:"]],
    ...(config.isProduction && config.publicUrl.startsWith("https://") ? ([["upgrade-insecure-requests", []]] as [string, string[]][]) : []),
  ];
  return (scripts) =>
    directives(scripts)
      .map(([name, values]) => [name, ...values].join(" "))
      .join(";");
}

/**
 * Security headers on every response (docs/decisions/070): a Content-Security-Policy whose scripts are this
 * origin's files plus, on a page, the inline scripts carrying the request's nonce (React Router's hydration scripts
 * render it) or, on a cached page, the hashes of its inline scripts; frame-ancestors 'none', nosniff, a strict
 * Referrer-Policy, and HSTS in production only. The nonce is made only for a response that reads it (a page): an API
 * answer or a file gets the policy without one, already built (docs/decisions/140).
 * Styles allow 'unsafe-inline' (React style attributes, the toast library's injected sheet); scripts never do.
 * The Vite development server (WEB_MODE=vite) injects its own inline scripts, so CSP is off there.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  app.decorateRequest("cspNonce", {
    getter(this: FastifyRequest) {
      let nonce = nonces.get(this);
      if (!nonce) nonces.set(this, (nonce = randomBytes(16).toString("base64")));
      return nonce;
    },
  });
  const csp = config.webMode === "vite" ? null : contentSecurityPolicy(config);
  const withoutInlineScripts = csp?.([]);
  app.decorateReply("allowScriptHashes", function (this: FastifyReply, hashes: readonly string[]) {
    return csp ? this.header("content-security-policy", csp(hashes)) : this;
  });
  if (csp) {
    app.addHook("onSend", async (req, reply) => {
      if (reply.hasHeader("content-security-policy")) return;
      const nonce = nonces.get(req);
      reply.header("content-security-policy", nonce ? csp([`'nonce-${nonce}'`]) : withoutInlineScripts);
    });
  }

  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: false,
    // Cross-origin isolation is not needed and would block the wallet pop-ups and redirects.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    frameguard: { action: "deny" },
    hsts: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Headers only browsers no one supports read (Internet Explorer, Flash, the XSS auditor Chrome removed in 2019)
    // and DNS-prefetch control, which only stops prefetching the DNS of links to other sites: about 120 bytes off
    // every answer, which on a page is part of the first round trip (docs/decisions/143).
    xXssProtection: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xDnsPrefetchControl: false,
  });
}
