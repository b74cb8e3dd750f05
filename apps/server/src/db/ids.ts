import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/** Opaque 24-character ids: a time prefix keeps inserts roughly ordered, the rest is random. */
export function newId(): string {
  const time = Date.now().toString(36).padStart(9, "0");
  const bytes = randomBytes(15);
  let rand = "";
  for (const b of bytes) rand += ALPHABET[b % 36];
  return `${time}${rand}`;
}
