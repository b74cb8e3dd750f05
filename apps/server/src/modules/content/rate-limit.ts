/**
 * A small fixed-window counter per key (the contact form and newsletter, per IP). It lives in this
 * process only; the app-wide limiter replaces it when one exists.
 */
export function createWindowLimiter({ limit, windowMs, maxKeys = 10_000 }: { limit: number; windowMs: number; maxKeys?: number }) {
  const hits = new Map<string, { count: number; resetAt: number }>();
  return {
    /** Counts one attempt; false when the key has used up its window. */
    take(key: string, now = Date.now()): boolean {
      const entry = hits.get(key);
      if (!entry || entry.resetAt <= now) {
        if (hits.size >= maxKeys) {
          for (const [k, e] of hits) if (e.resetAt <= now) hits.delete(k);
          // Still full of live keys: forget the oldest rather than grow without bound.
          if (hits.size >= maxKeys) hits.delete(hits.keys().next().value!);
        }
        hits.set(key, { count: 1, resetAt: now + windowMs });
        return true;
      }
      entry.count += 1;
      return entry.count <= limit;
    },
  };
}
export type WindowLimiter = ReturnType<typeof createWindowLimiter>;
