/**
 * A tiny time-bounded cache for public catalogue reads: concurrent identical requests share one database
 * round trip, and repeats within `ttlMs` are served from memory. A ttl of 0 turns it off (tests).
 * Writers call `clear()` so admins see their edits at once; stock is re-checked at checkout anyway.
 */
export function createMicroCache(ttlMs: number, maxEntries = 200) {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value as Promise<T>;
      if (entries.size >= maxEntries) entries.clear();
      const value = load();
      entries.set(key, { expires: now + ttlMs, value });
      // A failure is not remembered: the next request tries again.
      value.catch(() => entries.delete(key));
      return value;
    },
    clear(): void {
      entries.clear();
    },
  };
}
