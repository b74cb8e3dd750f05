import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { MSG } from "@khelkud/contracts";
import { AppError } from "../lib/errors.js";
import { rateLimited } from "./openapi-failures.js";
import type { LimitRule } from "./rate-limit.js";

/** What a counter says when asked for one more attempt. */
export type Take = { allowed: true; counted: boolean } | { allowed: false; retryAfterSeconds: number };

/**
 * A count per key, in a fixed window from the key's first attempt, that can be given back. @fastify/rate-limit only
 * ever adds; a limit of failures takes one as an attempt starts and gives it back when the attempt did not fail.
 * Taking as the attempt starts (not counting once it has failed) keeps a burst of parallel guesses within the limit.
 */
export interface AttemptCounter {
  /** Counts one more attempt, or refuses it when `max` are already counted. */
  take(key: string): Promise<Take>;
  /** Gives back an attempt that turned out not to count; a key left at nought is dropped. */
  giveBack(key: string): Promise<void>;
}

/** Keys an in-process counter remembers (about 200 bytes each): an attacker with many addresses cannot grow it past a few MB. */
export const MEMORY_COUNTER_KEYS = 10_000;

const retryAfter = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * One process's counter (no REDIS_URL). Every key has the same window and is added when its window starts, so the
 * Map's order is the order in which windows end: room is made by dropping ended windows from the front and, when
 * all are live, the one nearest its end.
 */
export function memoryAttemptCounter(max: number, windowMs: number, maxKeys = MEMORY_COUNTER_KEYS): AttemptCounter {
  const counts = new Map<string, { count: number; endsAt: number }>();
  const makeRoom = (now: number) => {
    for (const [key, entry] of counts) {
      if (counts.size < maxKeys || entry.endsAt > now) break;
      counts.delete(key);
    }
    if (counts.size >= maxKeys) counts.delete(counts.keys().next().value!);
  };
  return {
    async take(key) {
      const now = Date.now();
      let entry = counts.get(key);
      if (entry && entry.endsAt <= now) {
        counts.delete(key);
        entry = undefined;
      }
      if (entry && entry.count >= max) return { allowed: false, retryAfterSeconds: retryAfter(entry.endsAt - now) };
      if (!entry) {
        makeRoom(now);
        entry = { count: 0, endsAt: now + windowMs };
        counts.set(key, entry);
      }
      entry.count++;
      return { allowed: true, counted: true };
    },
    async giveBack(key) {
      const entry = counts.get(key);
      if (!entry) return;
      entry.count--;
      if (entry.count <= 0 || entry.endsAt <= Date.now()) counts.delete(key);
    },
  };
}

// Check and count in one step, so two instances cannot both let the last attempt through. Answers {1, ttl} when
// counted, {0, ttl} when refused. A key without an expiry (never written so by us) is given the window rather than
// refusing for ever.
const TAKE = `
local ttl = redis.call('PTTL', KEYS[1])
if ttl == -1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) ttl = tonumber(ARGV[2]) end
if tonumber(redis.call('GET', KEYS[1]) or '0') >= tonumber(ARGV[1]) then return {0, ttl} end
if redis.call('INCR', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) ttl = tonumber(ARGV[2]) end
return {1, ttl}`;
// DECR keeps the expiry; a window that ended meanwhile is not brought back as -1.
const GIVE_BACK = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n <= 1 then redis.call('DEL', KEYS[1]) return 0 end
return redis.call('DECR', KEYS[1])`;

/**
 * The counter shared by every instance (REDIS_URL), under `<prefix>:rate-limit:<rule>:<key>` like the plugin's own
 * counters. While Redis fails, attempts are let through uncounted, as the plugin does (skipOnError), without waiting
 * for it once a command has failed; the first failure of an outage is logged, not every attempt's.
 */
export function redisAttemptCounter(redis: Redis, base: string, max: number, windowMs: number, log: FastifyInstance["log"]): AttemptCounter {
  let failing = false;
  const run = async <T>(what: () => Promise<T>, otherwise: T): Promise<T> => {
    // While Redis is known to be away, do not wait for it: ioredis would hold the command until its next reconnection.
    if (failing && redis.status !== "ready") return otherwise;
    try {
      const result = await what();
      failing = false;
      return result;
    } catch (err) {
      if (!failing) log.error({ err, counter: base }, "rate-limit counter unavailable; not limiting");
      failing = true;
      return otherwise;
    }
  };
  return {
    take: (key) =>
      run<Take>(async () => {
        const [counted, ttl] = (await redis.eval(TAKE, 1, `${base}${key}`, max, windowMs)) as [number, number];
        return counted === 0 ? { allowed: false, retryAfterSeconds: retryAfter(ttl) } : { allowed: true, counted: true };
      }, { allowed: true, counted: false }),
    giveBack: (key) => run(async () => void (await redis.eval(GIVE_BACK, 1, `${base}${key}`)), undefined),
  };
}

/** The counter for one rule: in Redis when the shop shares one (registerRateLimit), else in this process. */
function counterFor(app: FastifyInstance, rule: LimitRule): AttemptCounter {
  const shared = app.rateLimitRedis;
  return shared ? redisAttemptCounter(shared.client, `${shared.base}${rule.name}:`, rule.max, rule.windowMs, app.log) : memoryAttemptCounter(rule.max, rule.windowMs);
}

/** The answers that are failures of the request itself: malformed (400, 422), refused credentials (401, 403). */
const FAILED = new Set([400, 401, 403, 422]);

/**
 * A limit of failed requests (e.g. sign-ins with a wrong password) rather than of all requests: `check`, a
 * preValidation hook, refuses with 429, MSG.tooManyRequests and Retry-After once `rule.max` are counted, and counts
 * this one; `settle`, an onSend hook on the same route, gives the count back unless the answer is a failure. An
 * attempt refused by another limit (429) or by the server (5xx) is no failure of the client's. An answer whose client
 * has left still passes through onSend, so it is settled too; only an attempt that is never answered (the process
 * stopped) stays counted: a failure is never missed.
 */
export function limitFailures(app: FastifyInstance, rule: LimitRule) {
  const counter = counterFor(app, rule);
  const counted = new WeakMap<FastifyRequest, string>();
  return {
    check: rateLimited(async (req: FastifyRequest, reply: FastifyReply) => {
      const key = rule.key(req);
      if (key === undefined) return;
      const result = await counter.take(key);
      if (!result.allowed) {
        reply.header("Retry-After", String(result.retryAfterSeconds));
        throw new AppError("rate_limited", MSG.tooManyRequests);
      }
      if (result.counted) counted.set(req, key);
    }),
    settle: async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const key = counted.get(req);
      counted.delete(req);
      if (key !== undefined && !FAILED.has(reply.statusCode)) await counter.giveBack(key);
      return payload;
    },
  };
}
