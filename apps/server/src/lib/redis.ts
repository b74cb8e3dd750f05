import { Redis } from "ioredis";
import type { FastifyBaseLogger } from "fastify";

/**
 * One Redis connection for a shared concern (rate-limit counters, the live channel's publish and subscribe
 * sides). Commands fail fast while Redis is away instead of queueing for ever, so a Redis outage slows
 * nothing down; the connection keeps retrying in the background.
 */
export function createRedisClient(url: string, name: string, log: FastifyBaseLogger): Redis {
  const client = new Redis(url, {
    connectionName: `khelkud-${name}`,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let reported = false;
  client.on("error", (err: Error) => {
    // ioredis repeats the same error on every retry; one line per outage is enough.
    if (!reported) log.error({ err, redis: name }, "redis connection error");
    reported = true;
  });
  client.on("ready", () => {
    if (reported) log.info({ redis: name }, "redis connection restored");
    reported = false;
  });
  return client;
}

/** Closes a client politely, or at once when Redis cannot be reached (shutdown must never wait on it). */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === "ready") {
    try {
      await client.quit();
      return;
    } catch {
      // quit failed mid-way: fall through to a hard disconnect.
    }
  }
  client.disconnect();
}
