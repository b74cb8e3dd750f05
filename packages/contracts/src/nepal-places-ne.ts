// Nepal's provinces and districts in Devanagari, as the Government of Nepal writes them, except the four districts of
// the 2017 splits, which go by their short names here as in English (रुकुम पूर्व for "रुकुम (पूर्वी भाग)", नवलपुर and
// परासी for the two Nawalparasi districts). Plain values, no Zod: the checkout's and the profile's lists read them.
// The names stored and sent stay the English ones of nepal-districts.ts; Nepali pages, mails and bills show these
// (docs/decisions/188).
import type { Locale } from "./locale.js";
import { PROVINCE_NAMES, type NepalDistrict, type NepalProvince } from "./nepal-districts.js";

/** Every province and district, typed against nepal-districts.ts: a district added there fails the type check here. */
export const PLACE_NAMES_NE: Record<NepalProvince | NepalDistrict, string> = {
  Koshi: "कोशी",
  Bhojpur: "भोजपुर",
  Dhankuta: "धनकुटा",
  Ilam: "इलाम",
  Jhapa: "झापा",
  Khotang: "खोटाङ",
  Morang: "मोरङ",
  Okhaldhunga: "ओखलढुङ्गा",
  Panchthar: "पाँचथर",
  Sankhuwasabha: "संखुवासभा",
  Solukhumbu: "सोलुखुम्बु",
  Sunsari: "सुनसरी",
  Taplejung: "ताप्लेजुङ",
  Terhathum: "तेह्रथुम",
  Udayapur: "उदयपुर",
  Madhesh: "मधेश",
  Bara: "बारा",
  Dhanusha: "धनुषा",
  Mahottari: "महोत्तरी",
  Parsa: "पर्सा",
  Rautahat: "रौतहट",
  Saptari: "सप्तरी",
  Sarlahi: "सर्लाही",
  Siraha: "सिराहा",
  Bagmati: "बागमती",
  Bhaktapur: "भक्तपुर",
  Chitwan: "चितवन",
  Dhading: "धादिङ",
  Dolakha: "दोलखा",
  Kathmandu: "काठमाडौं",
  Kavrepalanchok: "काभ्रेपलाञ्चोक",
  Lalitpur: "ललितपुर",
  Makwanpur: "मकवानपुर",
  Nuwakot: "नुवाकोट",
  Ramechhap: "रामेछाप",
  Rasuwa: "रसुवा",
  Sindhuli: "सिन्धुली",
  Sindhupalchok: "सिन्धुपाल्चोक",
  Gandaki: "गण्डकी",
  Baglung: "बागलुङ",
  Gorkha: "गोरखा",
  Kaski: "कास्की",
  Lamjung: "लमजुङ",
  Manang: "मनाङ",
  Mustang: "मुस्ताङ",
  Myagdi: "म्याग्दी",
  Nawalpur: "नवलपुर",
  Parbat: "पर्वत",
  Syangja: "स्याङ्जा",
  Tanahun: "तनहुँ",
  Lumbini: "लुम्बिनी",
  Arghakhanchi: "अर्घाखाँची",
  Banke: "बाँके",
  Bardiya: "बर्दिया",
  Dang: "दाङ",
  Gulmi: "गुल्मी",
  Kapilvastu: "कपिलवस्तु",
  Palpa: "पाल्पा",
  Parasi: "परासी",
  Pyuthan: "प्युठान",
  Rolpa: "रोल्पा",
  "Rukum East": "रुकुम पूर्व",
  Rupandehi: "रुपन्देही",
  Karnali: "कर्णाली",
  Dailekh: "दैलेख",
  Dolpa: "डोल्पा",
  Humla: "हुम्ला",
  Jajarkot: "जाजरकोट",
  Jumla: "जुम्ला",
  Kalikot: "कालिकोट",
  Mugu: "मुगु",
  "Rukum West": "रुकुम पश्चिम",
  Salyan: "सल्यान",
  Surkhet: "सुर्खेत",
  Sudurpashchim: "सुदूरपश्चिम",
  Achham: "अछाम",
  Baitadi: "बैतडी",
  Bajhang: "बझाङ",
  Bajura: "बाजुरा",
  Dadeldhura: "डडेल्धुरा",
  Darchula: "दार्चुला",
  Doti: "डोटी",
  Kailali: "कैलाली",
  Kanchanpur: "कञ्चनपुर",
};

const BY_LOWER = new Map(Object.entries(PLACE_NAMES_NE).map(([en, ne]) => [en.toLowerCase(), ne]));

/**
 * A list's options: the stored English names as values, in the page's language as labels. Districts are in that
 * language's alphabetical order (a shopper finds ललितपुर where a Nepali reader looks for it); provinces keep the
 * constitution's order, Koshi first, in both languages.
 */
export function placeOptions(names: readonly string[], locale: Locale): { value: string; label: string }[] {
  const options = names.map((value) => ({ value, label: placeName(value, locale) }));
  const provinces = names.every((n) => PROVINCE_NAMES.includes(n as NepalProvince));
  return locale === "ne" && !provinces ? options.sort((a, b) => a.label.localeCompare(b.label, "ne")) : options;
}

/** A province's or district's name in the page's language; a name Nepal does not have stays as it was written. */
export function placeName(name: string, locale: Locale): string {
  return locale === "ne" ? (BY_LOWER.get(name.trim().toLowerCase()) ?? name) : name;
}
