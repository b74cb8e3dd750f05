import { describe, expect, it } from "vitest";
import { PersonalisationInputSchema, PlayerInputSchema } from "./personalisation.js";
import { normalisePrintName, parsePrintNumber, PRINT_MSG, printNameLength, printNameProblem } from "./print-rules.js";

describe("the name to print (docs/decisions/100)", () => {
  it("is normalised as it will be printed: NFC, ’ → ', spaces collapsed, uppercase", () => {
    expect(normalisePrintName("  o’neil   jr ")).toBe("O'NEIL JR");
    // "é" written as e + combining accent becomes one character, then is refused as not A–Z.
    expect(normalisePrintName("Jose\u0301")).toBe("JOS\u00c9");
    expect(printNameProblem(normalisePrintName("Jose\u0301"))).toBe(PRINT_MSG.nameLatin);
  });

  it("counts characters as a reader does, so a Devanagari conjunct with its vowel sign is one", () => {
    expect(printNameLength("क्षे")).toBe(1);
    expect(printNameLength("PAUDEL")).toBe(6);
  });

  it.each([
    ["PAUDEL", ["LATIN"], null],
    ["VAN DIJK", ["LATIN"], null],
    ["SMITH-ROWE", ["LATIN"], null],
    ["ABCDEFGHIJKL", ["LATIN"], null],
    ["ABCDEFGHIJKLM", ["LATIN"], PRINT_MSG.nameTooLong],
    ["PAUDEL7", ["LATIN"], PRINT_MSG.nameLatin],
    ["<SCRIPT>", ["LATIN"], PRINT_MSG.nameLatin],
    ["पौडेल", ["LATIN"], PRINT_MSG.nameLatin],
    ["पौडेल", ["LATIN", "DEVANAGARI"], null],
    ["राई७", ["LATIN", "DEVANAGARI"], PRINT_MSG.nameDevanagari],
    ["-'", ["LATIN"], PRINT_MSG.nameNeedsLetter],
    ["", ["LATIN"], PRINT_MSG.nameRequired],
  ] as const)("%s with %j → %s", (name, scripts, problem) => {
    expect(printNameProblem(name, [...scripts])).toBe(problem);
  });

  it("takes a number 0–99 only, and drops any fee the client adds", () => {
    expect(PersonalisationInputSchema.safeParse({ name: "x", number: 100 }).success).toBe(false);
    expect(PersonalisationInputSchema.safeParse({ name: "x", number: 7.5 }).success).toBe(false);
    expect(PersonalisationInputSchema.parse({ name: "rai", number: "0", fee: 1 })).toEqual({ name: "RAI", number: 0 });
    expect(PersonalisationInputSchema.safeParse({ name: "rai" }).success).toBe(false);
    expect(PersonalisationInputSchema.parse({ playerId: "paudel-7" })).toEqual({ playerId: "paudel-7" });
  });
});

describe("the number to print (docs/decisions/183)", () => {
  it.each([
    [7, 7],
    [0, 0],
    [99, 99],
    ["7", 7],
    ["07", 7],
    ["0", 0],
    ["99", 99],
    // A Nepali keyboard's digits.
    ["७", 7],
    ["०७", 7],
    ["९९", 99],
  ] as const)("takes %j as %i", (given, printed) => {
    expect(parsePrintNumber(given)).toBe(printed);
    expect(PersonalisationInputSchema.parse({ name: "rai", number: given })).toEqual({ name: "RAI", number: printed });
  });

  // A blank, a space, null, hex, a boolean or an array once came out as 0, 31, 1 or 7 (z.coerce.number).
  it.each([["blank", ""], ["a space", " "], ["null", null], ["hex", "0x1F"], ["true", true], ["false", false], ["an array", [7]], ["an object", {}], ["a padded string", " 7"], ["three digits", "007"], ["a sign", "+7"], ["a decimal string", "7.0"], ["an exponent", "1e1"], ["three Devanagari digits", "१००"], ["a negative", -1], ["100", 100], ["a fraction", 7.5], ["infinity", Infinity], ["NaN", NaN]] as const)(
    "refuses %s with the form's message",
    (_, given) => {
      expect(parsePrintNumber(given)).toBeNull();
      const r = PersonalisationInputSchema.safeParse({ name: "rai", number: given });
      expect(r.success).toBe(false);
      expect(r.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([["number", PRINT_MSG.numberRange]]);
    },
  );

  it("a listed player's number is held to the same rule", () => {
    expect(PlayerInputSchema.parse({ name: "paudel", number: "7" })).toEqual({ name: "PAUDEL", number: 7 });
    expect(PlayerInputSchema.safeParse({ name: "paudel", number: "" }).success).toBe(false);
    expect(PlayerInputSchema.safeParse({ name: "paudel", number: null }).success).toBe(false);
  });
});
