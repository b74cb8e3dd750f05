import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { outcomeUnknown, retryUnanswered } from "./retry-unanswered";

const noWait = async () => undefined;

describe("retryUnanswered", () => {
  it("sends again after a 502, a 504 or a broken connection, and returns the first real answer", async () => {
    const failures = [new ApiError("Server error", 502), new ApiError("Network error. Please try again.", 0), new ApiError("Server error", 504)];
    let calls = 0;
    const result = await retryUnanswered(async () => {
      calls++;
      const f = failures.shift();
      if (f) throw f;
      return "order-1";
    }, [1, 1, 1], noWait);
    expect(result).toBe("order-1");
    expect(calls).toBe(4);
  });

  it("never repeats a request the shop answered (4xx, or 503 with its own message)", async () => {
    for (const error of [new ApiError("Only 1 left", 409), new ApiError("Too many requests", 429), new ApiError("Khalti is not responding", 503)]) {
      let calls = 0;
      await expect(
        retryUnanswered(async () => {
          calls++;
          throw error;
        }, [1, 1], noWait),
      ).rejects.toBe(error);
      expect(calls).toBe(1);
      expect(outcomeUnknown(error)).toBe(false);
    }
  });

  it("gives up after the last pause and rethrows the last unknown outcome", async () => {
    let calls = 0;
    const last = new ApiError("Server error", 502);
    await expect(
      retryUnanswered(async () => {
        calls++;
        throw last;
      }, [1, 1], noWait),
    ).rejects.toBe(last);
    expect(calls).toBe(3);
  });
});
