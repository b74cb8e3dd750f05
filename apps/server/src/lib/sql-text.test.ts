import { describe, expect, it } from "vitest";
import { containsPattern, escapeLike } from "./sql-text.js";

describe("escapeLike", () => {
  it("escapes wildcards and the escape character", () => {
    expect(escapeLike("50%_off\\")).toBe("50\\%\\_off\\\\");
  });
});

describe("containsPattern", () => {
  it("wraps trimmed text in % after escaping its own wildcards", () => {
    expect(containsPattern("  100%_cotton ")).toBe("%100\\%\\_cotton%");
  });
  it("is undefined for blank or missing text", () => {
    expect(containsPattern("   ")).toBeUndefined();
    expect(containsPattern(undefined)).toBeUndefined();
  });
});
