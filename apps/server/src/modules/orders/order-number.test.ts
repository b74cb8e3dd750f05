import { describe, expect, it } from "vitest";
import { newOrderNumber } from "./order-number.js";

describe("newOrderNumber", () => {
  it("uses the date in Nepal and six unambiguous characters", () => {
    // 20:30 UTC on 21 Nov is 02:15 on 22 Nov in Kathmandu.
    const n = newOrderNumber(new Date("2026-11-21T20:30:00Z"));
    expect(n).toMatch(/^KK-20261122-[2-9A-HJKMNP-Z]{6}$/);
  });

  it("does not repeat in practice", () => {
    const seen = new Set(Array.from({ length: 5000 }, () => newOrderNumber()));
    expect(seen.size).toBe(5000);
  });
});
