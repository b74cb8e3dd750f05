/**
 * Devanagari written in plain Latin letters, the way Nepali shoppers romanise it ("नेपाल" → "nepal",
 * "मेस्सी" → "messi", "क्रिकेट" → "kriket"): a Nepali query is searched as its romanisation, typo tolerance bridges
 * the spelling gap to English words (kriket → cricket), and a product's Nepali name and description are romanised by
 * the same table in SQL (`khelkud_romanise`, migrations/0010_nepali_texts_and_languages.sql; docs/decisions/114), so
 * "नेपाल जर्सी" meets "नेपाल घरेलु जर्सी" word for word. Change both together (catalog.nepali.test.ts compares them).
 *
 * The table is a simplified Hunterian/ISO 15919 scheme without diacritics: long and short vowels write the same,
 * retroflex and dental consonants write the same, and a consonant's inherent "a" is dropped at the end of a word
 * (schwa deletion, as spoken) and kept elsewhere. Virama joins consonants; anusvara and chandrabindu write "n".
 */
const CONSONANTS: Record<string, string> = {
  क: "k",
  ख: "kh",
  ग: "g",
  घ: "gh",
  ङ: "ng",
  च: "ch",
  छ: "chh",
  ज: "j",
  झ: "jh",
  ञ: "n",
  ट: "t",
  ठ: "th",
  ड: "d",
  ढ: "dh",
  ण: "n",
  त: "t",
  थ: "th",
  द: "d",
  ध: "dh",
  न: "n",
  प: "p",
  फ: "ph",
  ब: "b",
  भ: "bh",
  म: "m",
  य: "y",
  र: "r",
  ल: "l",
  ळ: "l",
  व: "v",
  श: "sh",
  ष: "sh",
  स: "s",
  ह: "h",
};
/** A consonant with nukta (़) sounds different: ड़ → r, फ़ → f, ज़ → z. */
const NUKTA: Record<string, string> = { क: "q", ख: "kh", ग: "g", ज: "z", ड: "r", ढ: "rh", फ: "f", य: "y" };
const VOWELS: Record<string, string> = {
  अ: "a",
  आ: "a",
  इ: "i",
  ई: "i",
  उ: "u",
  ऊ: "u",
  ऋ: "ri",
  ऌ: "li",
  ऍ: "e",
  ऎ: "e",
  ए: "e",
  ऐ: "ai",
  ऑ: "o",
  ऒ: "o",
  ओ: "o",
  औ: "au",
};
const VOWEL_SIGNS: Record<string, string> = {
  "ा": "a",
  "ि": "i",
  "ी": "i",
  "ु": "u",
  "ू": "u",
  "ृ": "ri",
  "ॄ": "ri",
  "ॅ": "e",
  "ॆ": "e",
  "े": "e",
  "ै": "ai",
  "ॉ": "o",
  "ॊ": "o",
  "ो": "o",
  "ौ": "au",
};
const SIGNS: Record<string, string> = { "ं": "n", "ँ": "n", "ः": "h", ऽ: "" };
const VIRAMA = "्";
const NUKTA_SIGN = "़";
const DIGIT_ZERO = 0x0966;

/** True for a Devanagari letter or sign that continues a word. */
function inWord(c: string | undefined): boolean {
  return c !== undefined && (c in CONSONANTS || c in VOWELS || c in VOWEL_SIGNS || c in SIGNS || c === VIRAMA || c === NUKTA_SIGN);
}

/** Replaces every run of Devanagari in `text` by its romanisation; other characters pass unchanged. */
export function devanagariToLatin(text: string): string {
  if (!/[\u0900-\u097F]/.test(text)) return text;
  const chars = [...text];
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    const consonant = CONSONANTS[c];
    if (consonant !== undefined) {
      let latin = consonant;
      if (chars[i + 1] === NUKTA_SIGN) {
        latin = NUKTA[c] ?? consonant;
        i++;
      }
      const next = chars[i + 1];
      if (next === VIRAMA) i++;
      else if (next !== undefined && next in VOWEL_SIGNS) {
        latin += VOWEL_SIGNS[next];
        i++;
      } else if (inWord(next)) latin += "a";
      out += latin;
      continue;
    }
    const code = c.codePointAt(0)!;
    if (code >= DIGIT_ZERO && code <= DIGIT_ZERO + 9) out += String(code - DIGIT_ZERO);
    else if (c in VOWELS) out += VOWELS[c];
    else if (c in SIGNS) out += SIGNS[c];
    else if (c in VOWEL_SIGNS) out += VOWEL_SIGNS[c];
    else if (c === VIRAMA || c === NUKTA_SIGN) continue;
    else if (code >= 0x0900 && code <= 0x097f) out += " ";
    else out += c;
  }
  return out;
}
