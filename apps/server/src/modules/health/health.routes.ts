import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiFailureSchema, envelope } from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import { loggableError } from "../../lib/db-errors.js";
import { ping } from "./health.repository.js";

/** /api/ready answers 503 when the database has not answered `select 1` within this time. */
export const READY_TIMEOUT_MS = 1_500;

export function healthRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/health", { schema: { tags: ["health"], summary: "The process is alive", response: { 200: envelope(z.object({ status: z.literal("ok") })) } } }, async () => ({
      success: true as const,
      data: { status: "ok" as const },
    }));
    app.get(
      "/ready",
      { schema: { tags: ["health"], summary: "The database answers", response: { 200: envelope(z.object({ status: z.literal("ready") })), 503: ApiFailureSchema } } },
      async (req, reply) => {
        // A load balancer asks often and waits briefly: a database that does not answer in time is not ready, even
        // when the query would still finish (or hang until the connection timeout).
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
        });
        try {
          await Promise.race([ping(db), timeout]);
          return { success: true as const, data: { status: "ready" as const } };
        } catch (err) {
          req.log.warn({ err: loggableError(err) }, "readiness check failed");
          return reply.status(503).header("Retry-After", "5").send({ success: false, error: "Database is not reachable" });
        } finally {
          clearTimeout(timer);
        }
      },
    );
  };
}
