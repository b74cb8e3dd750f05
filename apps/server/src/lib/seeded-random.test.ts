import { describe, expect, it } from "vitest";
import { mulberry32 } from "./seeded-random.js";

describe("mulberry32", () => {
  it("draws what the demo data's seed drew before the generator moved here, so fresh shops keep the same stock", () => {
    const rand = mulberry32(20_260_101);
    expect([rand(), rand(), rand(), rand()]).toEqual([0.2559139896184206, 0.5929048631805927, 0.8053383126389235, 0.9675766411237419]);
  });

  it("repeats a sequence for one seed, differs for another, and stays in [0, 1)", () => {
    const a = mulberry32(20_261_124);
    const b = mulberry32(20_261_124);
    const c = mulberry32(20_261_125);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(Array.from({ length: 1000 }, () => c())).not.toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});
