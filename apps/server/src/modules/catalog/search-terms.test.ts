import { describe, expect, it } from "vitest";
import { escapeLike, MAX_SEARCH_TOKENS, searchTokens } from "./search-terms.js";

describe("searchTokens", () => {
  it("lower-cases, drops punctuation and repeats", () => {
    expect(searchTokens("  Messi's  JERSEY, jersey!! #10 ")).toEqual(["messi", "s", "jersey", "10"]);
  });

  it("keeps Devanagari letters with their vowel signs", () => {
    expect(searchTokens("नेपाल क्रिकेट")).toEqual(["नेपाल", "क्रिकेट"]);
  });

  it("turns SQL and LIKE metacharacters into nothing", () => {
    expect(searchTokens("%_\\'\";--")).toEqual([]);
  });

  it("bounds the number and the length of tokens", () => {
    expect(searchTokens(Array.from({ length: 20 }, (_, i) => `w${i}`).join(" "))).toHaveLength(MAX_SEARCH_TOKENS);
    expect(searchTokens("x".repeat(500))[0]).toHaveLength(40);
  });
});

describe("escapeLike", () => {
  it("escapes wildcards and the escape character", () => {
    expect(escapeLike("50%_off\\")).toBe("50\\%\\_off\\\\");
  });
});
