import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiFailureSchema, envelope } from "@khelkud/contracts";
import type { Db } from "../../db/client.js";

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
        try {
          await db.execute(sql`select 1`);
          return { success: true as const, data: { status: "ready" as const } };
        } catch (err) {
          req.log.warn({ err }, "readiness check failed");
          return reply.status(503).send({ success: false, error: "Database is not reachable" });
        }
      },
    );
  };
}
