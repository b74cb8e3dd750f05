import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import zodEnglish from "zod/v4/locales/en.js";
import zodNepali from "zod/v4/locales/ne.js";
import { localizeMessage, MSG, negotiateLocale, type ApiFailure, type FieldError, type Locale } from "@khelkud/contracts";
import { AppError, STATUS_BY_KIND } from "../lib/errors.js";
import { isDatabaseUnavailable, loggableError, pgError } from "../lib/db-errors.js";
import { methodNotAllowed } from "./method-not-allowed.js";

function fieldName(context: string | undefined, instancePath: string): string {
  const p = instancePath.replace(/^\//, "").replace(/\//g, ".");
  return p || context || "request";
}

/**
 * The language an answer is written in: the request's `Accept-Language` (the storefront sends its page's language),
 * else the signed-in account's choice, else English (docs/decisions/086, 106).
 */
export function requestLocale(req: FastifyRequest): Locale {
  return negotiateLocale(req.headers["accept-language"]) ?? req.user?.locale ?? "en";
}

const ZOD_EN = zodEnglish().localeError;
const ZOD_NE = zodNepali().localeError;
const text = (out: ReturnType<typeof ZOD_EN>) => (typeof out === "string" ? out : out?.message);

type ValidationItem = { keyword?: string; instancePath: string; message?: string; params?: Record<string, unknown> };

/**
 * A schema's own message (no text of ours: a body that is no object, a field of the wrong type) in Nepali, from the
 * schema library's Nepali locale; null when the message is one the catalogue translates. The issue
 * does not carry the value it was about, so it is read again from the request at the issue's path.
 */
function nepaliSchemaMessage(req: FastifyRequest, context: string | undefined, v: ValidationItem): string | null {
  // Ours, or a text the catalogue has (Zod's "Invalid email address" is also the specification's): the catalogue decides.
  if (!v.keyword || !v.message || localizeMessage(v.message, "ne") !== v.message) return null;
  // A request without a body was validated as null.
  const root = context === "body" ? (req.body ?? null) : context === "querystring" ? req.query : context === "params" ? req.params : context === "headers" ? req.headers : undefined;
  let input: unknown = root;
  // The path's keys are joined as they are, not percent-encoded.
  for (const key of v.instancePath.split("/").filter(Boolean)) input = input !== null && typeof input === "object" ? (input as Record<string, unknown>)[key] : undefined;
  const issue = { ...v.params, code: v.keyword, input } as Parameters<typeof ZOD_EN>[0];
  try {
    return text(ZOD_EN(issue)) === v.message ? (text(ZOD_NE(issue)) ?? null) : null;
  } catch {
    return null;
  }
}

/** An error envelope in the request's language: the specification's English texts, or their Nepali catalogue entries. */
export function localized(req: FastifyRequest, body: ApiFailure): ApiFailure {
  const locale = requestLocale(req);
  if (locale === "en") return body;
  const out: ApiFailure = { ...body, error: localizeMessage(body.error, locale) };
  if (body.details) out.details = body.details.map((d) => ({ ...d, message: localizeMessage(d.message, locale) }));
  return out;
}

/** One error handler: typed kinds → status, validation → 400 with field errors, 5xx → generic text + request id. */
export function registerErrorHandling(app: FastifyInstance, allowedMethods: (path: string) => string[] = () => []): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiFailure = { success: false, error: error.message };
      if (error.details?.length) body.details = error.details;
      return reply.status(STATUS_BY_KIND[error.kind]).send(localized(request, body));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const ctx = (error as FastifyError).validationContext;
      const nepali = requestLocale(request) === "ne";
      const details: FieldError[] = error.validation.map((v) => ({
        field: fieldName(ctx, v.instancePath),
        message: (nepali && nepaliSchemaMessage(request, ctx, v as ValidationItem)) || (v.message ?? "is invalid"),
      }));
      const first = details[0];
      const body: ApiFailure = {
        success: false,
        error: details.length === 1 && first ? `${first.message}` : MSG.validationFailed,
        details,
      };
      return reply.status(400).send(localized(request, body));
    }
    // PostgreSQL "data exception" (class 22: a NUL byte or invalid UTF-8 in text, a number out of range) comes from
    // a value the client sent that validation let through: it is the client's error, not the server's.
    if (pgError(error)?.code?.startsWith("22")) {
      request.log.warn({ err: loggableError(error) }, "input rejected by the database");
      return reply.status(400).send(localized(request, { success: false, error: MSG.invalidInput }));
    }
    const fe = error as FastifyError;
    const status = typeof fe.statusCode === "number" && fe.statusCode >= 400 && fe.statusCode < 600 ? fe.statusCode : 500;
    if (status < 500) {
      // Fastify's own 4xx (bad JSON, body too large, wrong content type, a client that left mid-body): safe to show.
      return reply.status(status).send(localized(request, { success: false, error: clientMessage(fe) }));
    }
    // The database is down or silent (every wait is bounded, db/client.ts): try again later, not a fault of this request.
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: loggableError(error) }, "database unavailable");
      return reply.status(503).header("Retry-After", "5").send(localized(request, { success: false, error: MSG.serverError, requestId: String(request.id) }));
    }
    request.log.error({ err: loggableError(error) }, "request failed");
    return reply.status(status).send(localized(request, { success: false, error: MSG.serverError, requestId: String(request.id) }));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0]!;
    // The path exists with other methods: 405 and what it allows, not "no such route". A route of this very method
    // that found nothing (a built file gone from under a running server) is a plain 404.
    const allow = allowedMethods(path);
    if (allow.length > 0 && !allow.includes(request.method)) return methodNotAllowed(reply, request.method, path, allow);
    return reply.status(404).send(localized(request, { success: false, error: `${MSG.routeNotFound}: ${request.method} ${path}` }));
  });
}

function clientMessage(e: FastifyError): string {
  switch (e.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "Request body is too large";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported content type";
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "Request body must not be empty";
    default:
      return e.code === "FST_ERR_CTP_INVALID_JSON_BODY" || e instanceof SyntaxError ? "Request body is not valid JSON" : e.message;
  }
}
