import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { dedupeFontFaces } from "./dedupe-font-faces";

const fallback = (font: string, weight: number) =>
  `@font-face{font-family:Mukta fallback;src:local(${font});size-adjust:94.2125%;ascent-override:119.942%;font-style:normal;font-weight:${weight}}`;
const face = (file: string, weight: number) =>
  `@font-face{font-family:Mukta;font-weight:${weight};font-display:swap;src:url(/assets/${file}.woff2)format("woff2")}`;

describe("dedupeFontFaces", () => {
  it("keeps the first of identical faces and every face that differs in anything, in their order", () => {
    const css = [
      fallback("Roboto", 400),
      fallback("Arial", 400),
      face("devanagari-400", 400),
      fallback("Roboto", 400),
      fallback("Arial", 400),
      face("latin-400", 400),
      fallback("Roboto", 700),
      fallback("Arial", 700),
      face("latin-700", 700),
      "body{color:red}",
      fallback("Arial", 700),
      "@media (min-width:40rem){.a{display:block}}",
    ].join("");
    expect(dedupeFontFaces(css)).toBe(
      [
        fallback("Roboto", 400),
        fallback("Arial", 400),
        face("devanagari-400", 400),
        face("latin-400", 400),
        fallback("Roboto", 700),
        fallback("Arial", 700),
        face("latin-700", 700),
        "body{color:red}",
        "@media (min-width:40rem){.a{display:block}}",
      ].join(""),
    );
  });

  it("treats faces differing only in white space as the same face", () => {
    const spaced = "@font-face {\n  font-family: X;\n  src: local(Arial);\n}";
    expect(dedupeFontFaces(`${spaced}\n@font-face { font-family: X; src: local(Arial); }`)).toBe(`${spaced}\n`);
  });

  it("leaves a stylesheet without duplicates as it is", () => {
    const css = fs.readFileSync(new URL("../app.css", import.meta.url), "utf8");
    expect(dedupeFontFaces(css)).toBe(css);
  });
});
