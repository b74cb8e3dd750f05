import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { accountLabels, type AccountPlaceholders, type PublicUser } from "@khelkud/contracts";

/**
 * Signed-in copies of shared pages (docs/decisions/110).
 *
 * `/`, `/products`, product pages and the blog differ between signed-in shoppers only in the header's account button
 * (avatar or initial, first name, "Account menu for …") and in who the browser's `useUser()` returns. Such a page is
 * rendered once for every signed-in shopper, by loaders that see no user and a request without cookies, with
 * placeholders where those values go; each response fills in its own shopper's values, escaped as React escapes
 * them, and the user as JSON in the page's account block (`<script type="application/json">`, which is never run).
 *
 * Compression: the parts between placeholders are compressed once, each as its own raw-deflate stream ended on a
 * byte boundary; a copy is a gzip member made of those parts with the shopper's values between them as stored
 * (uncompressed) deflate blocks, and a CRC-32 computed from the parts' CRCs. No compression per response.
 */

/** The placeholders of this process: random, so no product text or user input can contain them. */
const MARK = `kk${randomBytes(8).toString("hex")}x`;
const KINDS = ["n", "i", "f", "a", "j"] as const;
type Kind = (typeof KINDS)[number];

/** The placeholders for a template of users with (`withAvatar`) or without a picture: the two render differently. */
export function accountPlaceholders(withAvatar: boolean): AccountPlaceholders {
  return { name: `${MARK}n`, initial: `${MARK}i`, firstName: `${MARK}f`, avatar: withAvatar ? `${MARK}a` : null, json: `${MARK}j` };
}

export const ACCOUNT_BLOCK_OPEN = '<script type="application/json" id="kk-account">';

/** What React writes for text and attribute values (react-dom's escapeTextForBrowser). */
export function escapeLikeReact(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);
}

/** JSON that cannot end the data block it sits in or open a comment inside it. */
export function jsonForDataBlock(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

// ------------------------------------------------------------------------------------------------ CRC-32 arithmetic
// The CRC of A‖B is (the operator "append |B| zero bytes") applied to crc(A), xor crc(B) — zlib's crc32_combine.
// The operator of each part is computed once when the template is made, so a copy's CRC costs a few hundred steps.

type Gf2Matrix = Uint32Array;

function times(mat: Gf2Matrix, vec: number): number {
  let sum = 0;
  for (let i = 0; vec; i++, vec >>>= 1) if (vec & 1) sum ^= mat[i]!;
  return sum >>> 0;
}

function compose(a: Gf2Matrix, b: Gf2Matrix): Gf2Matrix {
  const out = new Uint32Array(32);
  for (let n = 0; n < 32; n++) out[n] = times(a, b[n]!);
  return out;
}

const ONE_ZERO_BYTE: Gf2Matrix = (() => {
  let op: Gf2Matrix = new Uint32Array(32);
  op[0] = 0xedb88320;
  for (let n = 1; n < 32; n++) op[n] = 1 << (n - 1);
  for (let k = 0; k < 3; k++) op = compose(op, op);
  return op;
})();

/** The operator that appends `length` bytes to a CRC-32. */
export function crcShift(length: number): Gf2Matrix {
  let result: Gf2Matrix = new Uint32Array(32);
  for (let n = 0; n < 32; n++) result[n] = (1 << n) >>> 0;
  let power = ONE_ZERO_BYTE;
  for (let len = length; len > 0; len = Math.floor(len / 2)) {
    if (len & 1) result = compose(power, result);
    if (len > 1) power = compose(power, power);
  }
  return result;
}

// ----------------------------------------------------------------------------------------------------- templates

interface Part {
  text: Buffer;
  crc: number;
  shift: Gf2Matrix;
}

export interface SignedInTemplate {
  status: number;
  headers: [string, string][];
  /** `'sha256-…'` sources of the inline scripts the rendering request's nonce let run (as for guest copies). */
  scriptHashes: string[];
  expires: number;
  parts: Part[];
  /** The placeholder between `parts[k]` and `parts[k + 1]`. */
  slots: Kind[];
  /** Each part as raw deflate, made once on first use (null if compression failed: copies go uncompressed). */
  deflated(): Promise<Buffer[] | null>;
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const deflateRaw = promisify(zlib.deflateRaw);

/**
 * A template from a shared signed-in render, or null if the render is not one every shopper may be given: a
 * placeholder inside a script that runs, the account block missing or in the wrong place, or a value missing.
 */
export function makeTemplate(
  page: { status: number; headers: [string, string][]; html: string; scriptHashes: string[] },
  placeholders: AccountPlaceholders,
  expires: number,
): SignedInTemplate | null {
  const { html } = page;
  for (const [, attributes, code] of html.matchAll(SCRIPT)) {
    if (!code!.includes(MARK)) continue;
    if (attributes !== ' type="application/json" id="kk-account"' || code !== placeholders.json) return null;
  }
  if (!html.includes(`${ACCOUNT_BLOCK_OPEN}${placeholders.json}</script>`)) return null;
  const pieces = html.split(new RegExp(`${MARK}([${KINDS.join("")}])`));
  const slots = pieces.filter((_, i) => i % 2 === 1) as Kind[];
  const count = (kind: Kind) => slots.filter((s) => s === kind).length;
  if (count("j") !== 1 || count("f") !== 1 || count("n") < 1) return null;
  if (placeholders.avatar ? count("a") < 1 || count("i") > 0 : count("i") !== 1 || count("a") > 0) return null;
  const parts = pieces
    .filter((_, i) => i % 2 === 0)
    .map((piece) => {
      const text = Buffer.from(piece, "utf8");
      return { text, crc: zlib.crc32(text), shift: crcShift(text.length) };
    });
  let made: Promise<Buffer[] | null> | null = null;
  return {
    status: page.status,
    headers: page.headers.filter(([name]) => !["content-length", "content-encoding", "vary"].includes(name.toLowerCase())),
    scriptHashes: page.scriptHashes,
    expires,
    parts,
    slots,
    deflated() {
      // Every part but the last ends on a byte boundary without the final-block bit (a sync flush), so blocks can follow it.
      made ??= Promise.all(
        parts.map((part, i) => deflateRaw(part.text, { level: 9, finishFlush: i === parts.length - 1 ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH })),
      ).catch(() => null);
      return made;
    },
  };
}

function valuesFor(user: PublicUser): Record<Kind, Buffer> {
  const { initial, firstName } = accountLabels(user.name);
  return {
    n: Buffer.from(escapeLikeReact(user.name), "utf8"),
    i: Buffer.from(escapeLikeReact(initial), "utf8"),
    f: Buffer.from(escapeLikeReact(firstName), "utf8"),
    a: Buffer.from(escapeLikeReact(user.avatar ?? ""), "utf8"),
    j: Buffer.from(jsonForDataBlock(user), "utf8"),
  };
}

/** Which template a user's copy comes from: the header draws a picture or a letter. */
export function templateVariant(user: PublicUser): boolean {
  return Boolean(user.avatar);
}

/** The page for `user`, uncompressed. */
export function fillTemplate(template: SignedInTemplate, user: PublicUser): Buffer {
  const values = valuesFor(user);
  const chunks: Buffer[] = [template.parts[0]!.text];
  template.slots.forEach((slot, k) => chunks.push(values[slot], template.parts[k + 1]!.text));
  return Buffer.concat(chunks);
}

/** Stored deflate blocks (not final) holding `data` as it is. */
function storedBlocks(data: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < data.length; at += 0xffff) {
    const piece = data.subarray(at, at + 0xffff);
    const header = Buffer.alloc(5);
    header[0] = 0; // BFINAL 0, BTYPE 00 (stored), padded to the byte boundary
    header.writeUInt16LE(piece.length, 1);
    header.writeUInt16LE(~piece.length & 0xffff, 3);
    out.push(header, piece);
  }
  return out;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The page for `user` as one gzip member, from the template's parts compressed once (`deflated`). */
export function gzipCopy(template: SignedInTemplate, deflated: Buffer[], user: PublicUser): Buffer {
  const values = valuesFor(user);
  const chunks: Buffer[] = [GZIP_HEADER, deflated[0]!];
  let crc = template.parts[0]!.crc;
  let length = template.parts[0]!.text.length;
  template.slots.forEach((slot, k) => {
    const value = values[slot];
    chunks.push(...storedBlocks(value));
    crc = zlib.crc32(value, crc);
    const part = template.parts[k + 1]!;
    chunks.push(deflated[k + 1]!);
    crc = (times(part.shift, crc) ^ part.crc) >>> 0;
    length += value.length + part.text.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  chunks.push(trailer);
  return Buffer.concat(chunks);
}
