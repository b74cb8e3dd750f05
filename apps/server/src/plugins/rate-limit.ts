import { createRequire } from "node:module";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyRateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Redis } from "ioredis";
import { MSG } from "@khelkud/contracts";
import { AppError } from "../lib/errors.js";
import { closeRedis, createRedisClient } from "../lib/redis.js";
import { rateLimited } from "./openapi-failures.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The rate-limit counters' Redis connection and key prefix, for counters of our own (failure-limit.ts); null without REDIS_URL. */
    rateLimitRedis: { client: Redis; base: string } | null;
  }
}

export interface LimitRule {
  /** Counted separately from every other rule. */
  name: string;
  max: number;
  windowMs: number;
  /** The thing being limited (an IP, an account); undefined skips the rule for this request. */
  key: (req: FastifyRequest) => string | undefined;
}

/**
 * Counting is @fastify/rate-limit's: an in-process LRU store by default; with REDIS_URL the counters live in
 * Redis, so a limit counted on one instance holds on all of them (docs/decisions/011, 060). While Redis is
 * unreachable requests are not limited rather than refused (skipOnError); the outage is logged. Limits of failures
 * only (failure-limit.ts) keep their counters on the same connection.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  const shared = app.config.redis;
  if (!shared) {
    app.decorate("rateLimitRedis", null);
    await app.register(fastifyRateLimit, { global: false });
    return;
  }
  const redis = createRedisClient(shared.url, "rate-limit", app.log);
  app.addHook("onClose", () => closeRedis(redis));
  const base = `${shared.prefix}:rate-limit:`;
  app.decorate("rateLimitRedis", { client: redis, base });
  await app.register(fastifyRateLimit, { global: false, store: namedRedisStore(redis, base) as unknown as FastifyRateLimitStoreCtor, skipOnError: true });
}

interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string; url?: string };
}
type RedisStoreConstructor = new (continueExceeding: boolean | undefined, exponentialBackoff: boolean | undefined, redis: unknown, key: string) => Pick<FastifyRateLimitStore, "incr"> & { key: string };
const RedisStore = createRequire(import.meta.url)("@fastify/rate-limit/store/RedisStore.js") as RedisStoreConstructor;

/**
 * The plugin's own Redis store names a limiter after its route, and a limiter made with createRateLimit (ours) has
 * none: its keys read `khelkud:rate-limit:undefinedundefined-login-ip:…`. This store keeps the plugin's counting
 * (one Lua script per request) and names each key `<prefix>:rate-limit:<rule>:<ip or account>` from `limit()`.
 */
function namedRedisStore(redis: unknown, base: string) {
  return class NamedRedisStore extends RedisStore {
    constructor(params: StoreParams, key = base) {
      super(params.continueExceeding, params.exponentialBackoff, redis, key);
    }

    // The plugin calls child() with its merged options (typed as route options; routeInfo is what it carries).
    child(params: StoreParams): NamedRedisStore {
      const route = params.routeInfo?.method && params.routeInfo.url ? `${params.routeInfo.method}${params.routeInfo.url}:` : "";
      return new NamedRedisStore(params, `${this.key}${route}`);
    }
  };
}

/** A preValidation hook (counts malformed requests too) that applies every rule (e.g. per IP and per account) and answers 429 with MSG.tooManyRequests. */
export function limit(app: FastifyInstance, rules: LimitRule[]) {
  const checks = rules.map((rule) => ({
    rule,
    check: app.createRateLimit({ max: rule.max, timeWindow: rule.windowMs, keyGenerator: (req) => `${rule.name}:${rule.key(req) ?? ""}` }),
  }));
  return rateLimited(async (req: FastifyRequest, reply: FastifyReply) => {
    for (const { rule, check } of checks) {
      if (rule.key(req) === undefined) continue;
      const result = await check(req);
      if (!result.isAllowed && result.isExceeded) {
        reply.header("Retry-After", String(result.ttlInSeconds));
        throw new AppError("rate_limited", MSG.tooManyRequests);
      }
    }
  });
}

export const byIp = (req: FastifyRequest) => req.ip;
/** The account a request is about, from the JSON body's e-mail, lower-cased. */
export const byEmail = (req: FastifyRequest) => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" && email.trim() ? email.trim().toLowerCase() : undefined;
};
