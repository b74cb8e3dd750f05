import { afterEach, describe, expect, it, vi } from "vitest";
import { createMicroCache } from "./micro-cache.js";

describe("createMicroCache", () => {
  // Server test files share a worker (docs/decisions/146): fake timers must not outlive a failed test.
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shares one load between concurrent and repeated reads until the time is up", async () => {
    vi.useFakeTimers();
    const cache = createMicroCache(1000);
    const load = vi.fn(async () => 42);
    await Promise.all([cache.get("k", load), cache.get("k", load)]);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1001);
    await cache.get("k", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("does not remember failures, and clear() forgets everything", async () => {
    const cache = createMicroCache(60_000);
    await expect(cache.get("k", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => 1)).toBe(1);
    cache.clear();
    expect(await cache.get("k", async () => 2)).toBe(2);
  });

  it("is off with a ttl of 0", async () => {
    const cache = createMicroCache(0);
    const load = vi.fn(async () => 1);
    await cache.get("k", load);
    await cache.get("k", load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
