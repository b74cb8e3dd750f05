import { randomInt } from "node:crypto";

/** No 0/O, 1/I/L: read out over the phone without confusion. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const NEPAL_DATE = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kathmandu", year: "numeric", month: "2-digit", day: "2-digit" });

/**
 * Human-readable order number, e.g. KK-20261121-4F7Q9X: the date in Nepal and 6 random characters
 * (31^6 ≈ 887 million per day). The column is unique; the rare clash is retried by the caller.
 */
export function newOrderNumber(now = new Date()): string {
  const date = NEPAL_DATE.format(now).replaceAll("-", "");
  let suffix = "";
  for (let i = 0; i < 6; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `KK-${date}-${suffix}`;
}
