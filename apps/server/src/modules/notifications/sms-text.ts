/**
 * SMS text rules (docs/decisions/091): a message in the GSM-7 alphabet fits 160 characters in one SMS; anything else
 * (Devanagari, emoji) is sent as Unicode, 70 characters per SMS. Our English texts stay within one GSM-7 SMS.
 */
const GSM7_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM7_EXTENDED = "^{}\\[~]|€\f";

export function isGsm7(text: string): boolean {
  for (const ch of text) if (!GSM7_BASIC.includes(ch) && !GSM7_EXTENDED.includes(ch)) return false;
  return true;
}

/** Characters as the network counts them: GSM-7 septets (an extended character takes two), or UTF-16 units for Unicode. */
export function smsLength(text: string): { unicode: boolean; units: number; parts: number } {
  if (isGsm7(text)) {
    let units = 0;
    for (const ch of text) units += GSM7_EXTENDED.includes(ch) ? 2 : 1;
    return { unicode: false, units, parts: units <= 160 ? 1 : Math.ceil(units / 153) };
  }
  const units = text.length;
  return { unicode: true, units, parts: units <= 70 ? 1 : Math.ceil(units / 67) };
}

/** Shortens a GSM-7 text to one SMS (160), ending with "..." when cut. */
export function fitOneSms(text: string): string {
  if (smsLength(text).units <= 160) return text;
  let out = "";
  for (const ch of text) {
    if (smsLength(`${out}${ch}...`).units > 160) break;
    out += ch;
  }
  return `${out.trimEnd()}...`;
}

/**
 * The most SMS one message may take (docs/decisions/087): one GSM-7 SMS for English, two Unicode SMS (2 × 67 = 134
 * UTF-16 units) for Nepali, where one (70 units, and Devanagari's vowel signs and viramas each count) cannot say
 * more than "order placed".
 */
export function maxSmsParts(text: string): number {
  return isGsm7(text) ? 1 : 2;
}

/** Whether a text fits the SMS it may take. */
export function fitsSms(text: string): boolean {
  return smsLength(text).parts <= maxSmsParts(text);
}

/** Shortens a text to the SMS it may take: one GSM-7 SMS, or two Unicode SMS (ending with "…" when cut). */
export function fitSms(text: string): string {
  if (isGsm7(text)) return fitOneSms(text);
  if (fitsSms(text)) return text;
  const max = 2 * 67 - 1;
  let out = "";
  for (const ch of text) {
    if (out.length + ch.length > max) break;
    out += ch;
  }
  return `${out.trimEnd()}…`;
}

/**
 * The 10-digit national mobile number Sparrow SMS takes (98XXXXXXXX, 97…, 96…) from a stored +977 number, or null for
 * anything that is not a Nepali mobile (a landline gets no SMS).
 */
export function nepaliMobile(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/[\s\-().]/g, "");
  const m = /^(?:(?:\+|00)?977)?(9[678]\d{8})$/.exec(digits);
  return m ? m[1]! : null;
}
