/** The mail and SMS catalogue (docs/decisions/087): the same keys in both languages, real Nepali in the Nepali one. */
import { describe, expect, it } from "vitest";
import { MAIL_TEXTS } from "./texts.js";

type Value = string | ((...args: never[]) => string) | Record<string, string>;
const SAMPLE_ARGS = ["KK-2611-ABC123", "रु. ५,१५०", "खल्ती"];

/** Every text of an entry: a string, each value of a map, or a function's output for sample arguments (both cases of a boolean). */
function textsOf(value: Value): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "function") {
    const fn = value as unknown as (...args: unknown[]) => string;
    return [fn(...SAMPLE_ARGS), fn(SAMPLE_ARGS[0], null, null), fn(SAMPLE_ARGS[0], SAMPLE_ARGS[1], true), fn(SAMPLE_ARGS[0], SAMPLE_ARGS[1], false)];
  }
  return Object.values(value);
}

describe("mail catalogue", () => {
  it("has the same keys, and the same keys inside each map, in English and Nepali", () => {
    expect(Object.keys(MAIL_TEXTS.ne).sort()).toEqual(Object.keys(MAIL_TEXTS.en).sort());
    for (const [key, value] of Object.entries(MAIL_TEXTS.en)) {
      const ne = (MAIL_TEXTS.ne as unknown as Record<string, Value>)[key]!;
      expect(typeof ne, key).toBe(typeof value);
      if (typeof value === "object") expect(Object.keys(ne).sort(), key).toEqual(Object.keys(value).sort());
    }
  });

  it("writes every Nepali text in Devanagari (punctuation-only endings excepted) and keeps the English free of it", () => {
    const exempt = new Set(["footerAfter"]);
    for (const [key, value] of Object.entries(MAIL_TEXTS.ne as unknown as Record<string, Value>)) {
      for (const text of textsOf(value)) if (!exempt.has(key) || text.length > 1) expect(text, key).toMatch(/[\u0900-\u097F]/);
    }
    for (const [key, value] of Object.entries(MAIL_TEXTS.en as unknown as Record<string, Value>)) {
      for (const text of textsOf(value)) expect(text.replace(/रु\. ५,१५०|खल्ती/g, ""), key).not.toMatch(/[\u0900-\u097F]/);
    }
  });

  it("keeps the order number and amounts it is given in every text that takes them", () => {
    for (const locale of ["en", "ne"] as const) {
      const t = MAIL_TEXTS[locale];
      expect(t.placedSms("KK-1", "X-TOTAL", "M")).toContain("X-TOTAL");
      expect(t.outBody("KK-1", "X-TOTAL")).toContain("X-TOTAL");
      expect(t.cancelledRefunded("X-TOTAL")).toContain("X-TOTAL");
      expect(t.shippedSms("KK-1", "Courier", "TRACK-1")).toContain("TRACK-1");
    }
  });
});
