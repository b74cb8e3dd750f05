import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { MSG, type ApiFailure, type FieldError } from "@khelkud/contracts";
import { AppError, STATUS_BY_KIND } from "../lib/errors.js";
import { isDatabaseUnavailable, loggableError, pgError } from "../lib/db-errors.js";
import { methodNotAllowed } from "./method-not-allowed.js";

function fieldName(context: string | undefined, instancePath: string): string {
  const p = instancePath.replace(/^\//, "").replace(/\//g, ".");
  return p || context || "request";
}

/** One error handler: typed kinds → status, validation → 400 with field errors, 5xx → generic text + request id. */
export function registerErrorHandling(app: FastifyInstance, allowedMethods: (path: string) => string[] = () => []): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiFailure = { success: false, error: error.message };
      if (error.details?.length) body.details = error.details;
      return reply.status(STATUS_BY_KIND[error.kind]).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const ctx = (error as FastifyError).validationContext;
      const details: FieldError[] = error.validation.map((v) => ({
        field: fieldName(ctx, v.instancePath),
        message: v.message ?? "is invalid",
      }));
      const first = details[0];
      const body: ApiFailure = {
        success: false,
        error: details.length === 1 && first ? `${first.message}` : MSG.validationFailed,
        details,
      };
      return reply.status(400).send(body);
    }
    // PostgreSQL "data exception" (class 22: a NUL byte or invalid UTF-8 in text, a number out of range) comes from
    // a value the client sent that validation let through: it is the client's error, not the server's.
    if (pgError(error)?.code?.startsWith("22")) {
      request.log.warn({ err: loggableError(error) }, "input rejected by the database");
      return reply.status(400).send({ success: false, error: MSG.invalidInput } satisfies ApiFailure);
    }
    const fe = error as FastifyError;
    const status = typeof fe.statusCode === "number" && fe.statusCode >= 400 && fe.statusCode < 600 ? fe.statusCode : 500;
    if (status < 500) {
      // Fastify's own 4xx (bad JSON, body too large, wrong content type, a client that left mid-body): safe to show.
      return reply.status(status).send({ success: false, error: clientMessage(fe) } satisfies ApiFailure);
    }
    // The database is down or silent (every wait is bounded, db/client.ts): try again later, not a fault of this request.
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: loggableError(error) }, "database unavailable");
      return reply.status(503).header("Retry-After", "5").send({ success: false, error: MSG.serverError, requestId: String(request.id) } satisfies ApiFailure);
    }
    request.log.error({ err: loggableError(error) }, "request failed");
    return reply.status(status).send({ success: false, error: MSG.serverError, requestId: String(request.id) } satisfies ApiFailure);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0]!;
    // The path exists with other methods: 405 and what it allows, not "no such route".
    const allow = allowedMethods(path);
    if (allow.length > 0) return methodNotAllowed(reply, request.method, path, allow);
    return reply.status(404).send({ success: false, error: `${MSG.routeNotFound}: ${request.method} ${path}` } satisfies ApiFailure);
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
