/** fontverter (converts between WOFF2, WOFF and TrueType) ships no types; the one call the font tests make. */
declare module "fontverter" {
  const fontverter: { convert(font: Uint8Array, toFormat: "truetype" | "woff" | "woff2" | "sfnt", fromFormat?: string): Promise<Buffer> };
  export default fontverter;
}
