import { toNepaliDigits } from "@khelkud/contracts";
import type { Garment, Pattern } from "./jersey-art.js";

export interface SeedProduct {
  name: string;
  team: string | null;
  brand: string;
  category: "football-jerseys" | "basketball-jerseys" | "cricket-jerseys" | "training-wear";
  garment: Garment;
  colors: [primary: string, secondary: string, accent?: string];
  colorNames: string[];
  pattern?: Pattern;
  number?: number;
  priceRs: number;
  saleRs?: number;
  featured?: boolean;
  isNew?: boolean;
  youth?: boolean;
  /** "soldout" empties every size; "low" leaves a few. */
  stock?: "soldout" | "low";
  blurb: string;
  /** The blurb in Nepali (docs/decisions/132): every demo product's Nepali description starts with it. */
  blurbNe: string;
  /** Nepali name (docs/decisions/089), for the products Nepali shoppers look for first. */
  nameNe?: string;
  /** A hand-written Nepali description, used instead of the one built from `blurbNe`. */
  descriptionNe?: string;
  /** Name-and-number printing (docs/decisions/100): the team's players, Devanagari allowed, an own fee in rupees. */
  print?: { players: [name: string, number: number][]; devanagari?: boolean; feeRs?: number };
}

/**
 * Kit and edition words as the demo products' Nepali names and blurbs write them (docs/nepali-glossary.md). The blurbs
 * keep team, player and brand names in Latin letters (docs/decisions/132); the Nepali names write them in Devanagari,
 * as Nepali sports media do (`TEAM_NE`, `PLAYER_NE`).
 */
const KIT_NE: Record<string, string> = {
  Home: "घरेलु",
  Away: "बाहिरी",
  Third: "तेस्रो",
  ODI: "ओडीआई",
  "T20 World Cup": "टी-ट्वान्टी विश्वकप",
  Training: "अभ्यास",
  NPL: "एनपीएल",
  Test: "टेस्ट",
  Icon: "आइकन",
  Association: "एसोसिएसन",
  Classic: "क्लासिक",
  Statement: "स्टेटमेन्ट",
};

const kitNe = (kit: string) => KIT_NE[kit] ?? kit;

/** Teams as the demo products' Nepali names write them: the Nepal teams in Nepali, the others transliterated. */
const TEAM_NE: Record<string, string> = {
  // Football
  "Nepal National Team": "नेपाल राष्ट्रिय टोली",
  "Manchester United": "म्यानचेस्टर युनाइटेड",
  Liverpool: "लिभरपुल",
  Arsenal: "आर्सनल",
  Chelsea: "चेल्सी",
  "Manchester City": "म्यानचेस्टर सिटी",
  "Real Madrid": "रियल म्याड्रिड",
  "FC Barcelona": "बार्सिलोना",
  "Bayern Munich": "बायर्न म्युनिख",
  Juventus: "युभेन्टस",
  "Paris Saint-Germain": "पेरिस सेन्ट जर्मेन",
  "AC Milan": "एसी मिलान",
  "Inter Milan": "इन्टर मिलान",
  "Borussia Dortmund": "बोरुसिया डर्टमुन्ड",
  Argentina: "अर्जेन्टिना",
  Brazil: "ब्राजिल",
  Portugal: "पोर्चुगल",
  France: "फ्रान्स",
  // Basketball
  "Los Angeles Lakers": "लस एन्जलस लेकर्स",
  "Golden State Warriors": "गोल्डेन स्टेट वारियर्स",
  "Chicago Bulls": "शिकागो बुल्स",
  "Boston Celtics": "बोस्टन सेल्टिक्स",
  "Miami Heat": "मियामी हिट",
  "New York Knicks": "न्युयोर्क निक्स",
  "Milwaukee Bucks": "मिल्वाकी बक्स",
  "Denver Nuggets": "डेन्भर नगेट्स",
  "Phoenix Suns": "फिनिक्स सन्स",
  "Dallas Mavericks": "डलास मेभरिक्स",
  "Philadelphia 76ers": "फिलाडेल्फिया सेभेन्टी सिक्सर्स",
  // Cricket
  "Nepal Cricket Team": "नेपाल क्रिकेट टोली",
  "Biratnagar Kings": "विराटनगर किङ्स",
  "Chitwan Rhinos": "चितवन राइनोज",
  "Janakpur Bolts": "जनकपुर बोल्ट्स",
  "Kathmandu Gurkhas": "काठमाडौं गोर्खाज",
  "Karnali Yaks": "कर्णाली याक्स",
  "Lumbini Lions": "लुम्बिनी लायन्स",
  "Pokhara Avengers": "पोखरा एभेन्जर्स",
  "Sudurpaschim Royals": "सुदूरपश्चिम रोयल्स",
  India: "भारत",
  Australia: "अस्ट्रेलिया",
  England: "इङ्ल्यान्ड",
  Pakistan: "पाकिस्तान",
  "Sri Lanka": "श्रीलंका",
};

/** Basketball players as the demo products' Nepali names write them. */
const PLAYER_NE: Record<string, string> = {
  "LeBron James": "लेब्रोन जेम्स",
  "Luka Dončić": "लुका डोन्चिच",
  "Stephen Curry": "स्टेफेन करी",
  "Michael Jordan": "माइकल जोर्डन",
  "Jayson Tatum": "जेसन टाटम",
  "Jimmy Butler": "जिमी बटलर",
  "Jalen Brunson": "जेलेन ब्रन्सन",
  "Giannis Antetokounmpo": "जियानिस एन्टेटोकुन्म्पो",
  "Nikola Jokić": "निकोला जोकिच",
  "Devin Booker": "डेभिन बुकर",
  "Kyrie Irving": "काइरी इर्भिङ",
  "Joel Embiid": "जोएल एम्बिड",
};

/** A word of a Nepali name from its map; a demo product without one stops the seed rather than show English. */
function inNepali(map: Record<string, string>, key: string): string {
  const ne = map[key];
  if (!ne) throw new Error(`No Nepali name for "${key}" in the demo catalogue`);
  return ne;
}

/** A demo product's team in Nepali, as its Nepali name writes it (docs/decisions/174); a product without a team has none. */
export function teamNeOf(team: string | null): string | null {
  return team === null ? null : inNepali(TEAM_NE, team);
}

/** Training wear's garment in the Nepali blurb, in the words of the category's Nepali description. */
const GARMENT_NE: Partial<Record<Garment, string>> = { tee: "टिसर्ट", jacket: "ज्याकेट", shorts: "सर्ट्स" };

const fb = (
  team: string,
  kit: string,
  brand: string,
  colors: SeedProduct["colors"],
  colorNames: string[],
  priceRs: number,
  extra: Partial<SeedProduct> = {},
): SeedProduct => ({
  name: `${team} ${kit} Jersey 2025/26`,
  team,
  brand,
  category: "football-jerseys",
  garment: "football",
  colors,
  colorNames,
  number: 10,
  priceRs,
  blurb: `The ${kit.toLowerCase()} shirt ${team} wear this season, in the fan version cut for everyday comfort.`,
  blurbNe: `यो सिजनको ${team} ${kitNe(kit)} जर्सी, हरेक दिन आरामसँग लगाउन मिल्ने फ्यान संस्करणमा।`,
  nameNe: `${inNepali(TEAM_NE, team)} ${kitNe(kit)} जर्सी ${toNepaliDigits("2025/26")}`,
  ...extra,
});

const nba = (team: string, edition: string, player: string, number: number, colors: SeedProduct["colors"], colorNames: string[], priceRs: number, extra: Partial<SeedProduct> = {}): SeedProduct => ({
  name: `${team} ${edition} Edition Swingman Jersey – ${player} #${number}`,
  team,
  brand: "Nike",
  category: "basketball-jerseys",
  garment: "basketball",
  colors,
  colorNames,
  number,
  priceRs,
  blurb: `${player}'s ${edition} Edition Swingman jersey with heat-applied name and number, made for the court and the stands.`,
  blurbNe: `${player} को ${kitNe(edition)} एडिसन स्विङम्यान जर्सी, तापले टाँसिएको नाम र नम्बरसहित, कोर्टमा खेल्न र ग्यालरीबाट हेर्न दुवैका लागि।`,
  nameNe: `${inNepali(TEAM_NE, team)} ${kitNe(edition)} एडिसन स्विङम्यान जर्सी – ${inNepali(PLAYER_NE, player)} #${toNepaliDigits(number)}`,
  ...extra,
});

const cricket = (team: string, kit: string, brand: string, colors: SeedProduct["colors"], colorNames: string[], priceRs: number, extra: Partial<SeedProduct> = {}): SeedProduct => ({
  name: `${team} ${kit} Jersey 2025`,
  team,
  brand,
  category: "cricket-jerseys",
  garment: "cricket",
  colors,
  colorNames,
  number: 7,
  priceRs,
  blurb: `The ${team} ${kit.toLowerCase()} shirt in quick-dry fabric, as worn in the middle this season.`,
  blurbNe: `यो सिजन मैदानमा लगाइएको ${team} ${kitNe(kit)} जर्सी, छिटो सुक्ने कपडामा।`,
  nameNe: `${inNepali(TEAM_NE, team)} ${kitNe(kit)} जर्सी ${toNepaliDigits(2025)}`,
  ...extra,
});

/** Training wear is named by its maker's line, so its Nepali name is written out (brand and line transliterated). */
const training = (name: string, nameNe: string, brand: string, garment: Garment, colors: SeedProduct["colors"], colorNames: string[], priceRs: number, extra: Partial<SeedProduct> = {}): SeedProduct => ({
  name,
  team: null,
  brand,
  category: "training-wear",
  garment,
  colors,
  colorNames,
  priceRs,
  blurb: `${name}: light, breathable training wear for sessions in Kathmandu heat or Pokhara rain.`,
  blurbNe: `${name}: काठमाडौंको गर्मी होस् वा पोखराको पानी, अभ्यासका लागि हलुका र हावा छिर्ने ${GARMENT_NE[garment] ?? "लुगा"}।`,
  nameNe,
  ...extra,
});

export const SEED_PRODUCTS: SeedProduct[] = [
  // Football
  fb("Nepal National Team", "Home", "Kelme", ["#DC143C", "#003893", "#ffffff"], ["Crimson", "Blue"], 2499, {
    featured: true,
    isNew: true,
    pattern: "plain",
    youth: true,
    print: { players: [["PAUDEL", 7], ["RAI", 10], ["BISHOWKARMA", 4], ["SHRESTHA", 9], ["THAPA", 1]], devanagari: true },
    nameNe: "नेपाल राष्ट्रिय टोली घरेलु जर्सी २०२५/२६",
    descriptionNe: "नेपाली राष्ट्रिय फुटबल टोलीको रातो र निलो घरेलु जर्सी, आफ्नो मनपर्ने खेलाडीको नाम र नम्बर छपाउन सकिने।",
  }),
  fb("Nepal National Team", "Away", "Kelme", ["#ffffff", "#DC143C", "#003893"], ["White", "Crimson"], 2499, {
    featured: true,
    isNew: true,
    youth: true,
    nameNe: "नेपाल राष्ट्रिय टोली बाहिरी जर्सी २०२५/२६",
    descriptionNe: "नेपाली राष्ट्रिय फुटबल टोलीको सेतो बाहिरी जर्सी, रातो र निलो किनारासहित।",
  }),
  fb("Nepal National Team", "Third", "Kelme", ["#003893", "#DC143C", "#ffffff"], ["Blue", "Crimson"], 2299, { saleRs: 1899, pattern: "sash", nameNe: "नेपाल राष्ट्रिय टोली तेस्रो जर्सी २०२५/२६" }),
  fb("Manchester United", "Home", "Adidas", ["#DA291C", "#000000", "#FBE122"], ["Red", "Black"], 8999, {
    featured: true,
    saleRs: 7499,
    print: { players: [["FERNANDES", 8], ["RASHFORD", 10], ["MAINOO", 37]], feeRs: 800 },
  }),
  fb("Manchester United", "Away", "Adidas", ["#f5f0e6", "#DA291C", "#000000"], ["Cream", "Red"], 8499, { stock: "low" }),
  fb("Liverpool", "Home", "Nike", ["#C8102E", "#00B2A9", "#F6EB61"], ["Red"], 8999, { featured: true, print: { players: [["SALAH", 11], ["VAN DIJK", 4], ["SZOBOSZLAI", 8]], feeRs: 800 } }),
  fb("Liverpool", "Away", "Nike", ["#111827", "#00B2A9", "#F6EB61"], ["Black", "Teal"], 8499, { saleRs: 6999 }),
  fb("Arsenal", "Home", "Adidas", ["#EF0107", "#ffffff", "#063672"], ["Red", "White"], 8999, { isNew: true }),
  fb("Chelsea", "Home", "Nike", ["#034694", "#ffffff", "#DBA111"], ["Blue"], 8999, { saleRs: 6499 }),
  fb("Manchester City", "Home", "Puma", ["#6CABDD", "#ffffff", "#1C2C5B"], ["Sky Blue"], 8999, { featured: true }),
  fb("Real Madrid", "Home", "Adidas", ["#ffffff", "#FEBE10", "#00529F"], ["White", "Gold"], 9499, { featured: true, isNew: true }),
  fb("Real Madrid", "Away", "Adidas", ["#1f2937", "#FEBE10", "#00529F"], ["Charcoal", "Gold"], 8999, { stock: "soldout" }),
  fb("FC Barcelona", "Home", "Nike", ["#A50044", "#004D98", "#EDBB00"], ["Blaugrana"], 9499, { pattern: "stripes", featured: true }),
  fb("FC Barcelona", "Away", "Nike", ["#EDBB00", "#A50044", "#004D98"], ["Gold"], 8999, { saleRs: 7299 }),
  fb("Bayern Munich", "Home", "Adidas", ["#DC052D", "#ffffff", "#0066B2"], ["Red", "White"], 8999, { isNew: true }),
  fb("Juventus", "Home", "Adidas", ["#ffffff", "#000000", "#000000"], ["Black", "White"], 8499, { pattern: "stripes" }),
  fb("Paris Saint-Germain", "Home", "Nike", ["#004170", "#DA291C", "#ffffff"], ["Navy", "Red"], 8999, { pattern: "halves" }),
  fb("AC Milan", "Home", "Puma", ["#FB090B", "#000000", "#000000"], ["Red", "Black"], 8499, { pattern: "stripes", saleRs: 6999 }),
  fb("Inter Milan", "Home", "Nike", ["#0068A8", "#000000", "#000000"], ["Blue", "Black"], 8499, { pattern: "stripes", stock: "low" }),
  fb("Borussia Dortmund", "Home", "Puma", ["#FDE100", "#000000", "#000000"], ["Yellow", "Black"], 7999),
  fb("Argentina", "Home", "Adidas", ["#75AADB", "#ffffff", "#ffffff"], ["Sky Blue", "White"], 7999, { pattern: "stripes", featured: true, saleRs: 6799 }),
  fb("Brazil", "Home", "Nike", ["#FFDF00", "#009C3B", "#002776"], ["Yellow", "Green"], 7999, { isNew: true }),
  fb("Portugal", "Home", "Nike", ["#C8102E", "#006600", "#FFD700"], ["Red", "Green"], 7999, { number: 7 }),
  fb("France", "Home", "Nike", ["#002654", "#ED2939", "#ffffff"], ["Navy"], 7999, { saleRs: 5999 }),
  // Basketball
  nba("Los Angeles Lakers", "Icon", "LeBron James", 23, ["#FDB927", "#552583", "#ffffff"], ["Gold", "Purple"], 6499, { featured: true }),
  nba("Los Angeles Lakers", "Association", "Luka Dončić", 77, ["#ffffff", "#552583", "#FDB927"], ["White", "Purple"], 6499, { isNew: true }),
  nba("Golden State Warriors", "Icon", "Stephen Curry", 30, ["#1D428A", "#FFC72C", "#ffffff"], ["Royal Blue", "Gold"], 6499, { featured: true, saleRs: 5499 }),
  nba("Chicago Bulls", "Classic", "Michael Jordan", 23, ["#CE1141", "#000000", "#ffffff"], ["Red", "Black"], 7999, { featured: true }),
  nba("Boston Celtics", "Icon", "Jayson Tatum", 0, ["#007A33", "#ffffff", "#BA9653"], ["Green", "White"], 6499),
  nba("Miami Heat", "Statement", "Jimmy Butler", 22, ["#000000", "#98002E", "#F9A01B"], ["Black", "Red"], 5999, { saleRs: 4499 }),
  nba("New York Knicks", "Icon", "Jalen Brunson", 11, ["#006BB6", "#F58426", "#ffffff"], ["Blue", "Orange"], 6499, { isNew: true }),
  nba("Milwaukee Bucks", "Icon", "Giannis Antetokounmpo", 34, ["#00471B", "#EEE1C6", "#0077C0"], ["Green", "Cream"], 6499, { stock: "low" }),
  nba("Denver Nuggets", "Icon", "Nikola Jokić", 15, ["#0E2240", "#FEC524", "#8B2131"], ["Navy", "Gold"], 6499),
  nba("Phoenix Suns", "Icon", "Devin Booker", 1, ["#1D1160", "#E56020", "#ffffff"], ["Purple", "Orange"], 5999, { saleRs: 4999 }),
  nba("Dallas Mavericks", "Icon", "Kyrie Irving", 11, ["#00538C", "#B8C4CA", "#ffffff"], ["Blue", "Silver"], 5999, { stock: "soldout" }),
  nba("Philadelphia 76ers", "Icon", "Joel Embiid", 21, ["#006BB6", "#ED174C", "#ffffff"], ["Blue", "Red"], 5999),
  // Cricket
  cricket("Nepal Cricket Team", "ODI", "Kelme", ["#003893", "#DC143C", "#ffffff"], ["Blue", "Crimson"], 1999, { featured: true, isNew: true, youth: true, nameNe: "नेपाल क्रिकेट टोली ओडीआई जर्सी २०२५" }),
  cricket("Nepal Cricket Team", "T20 World Cup", "Kelme", ["#DC143C", "#003893", "#ffffff"], ["Crimson", "Blue"], 2199, { featured: true, isNew: true, youth: true, nameNe: "नेपाल क्रिकेट टोली टी-ट्वान्टी विश्वकप जर्सी २०२५" }),
  cricket("Nepal Cricket Team", "Training", "Kelme", ["#1e3a8a", "#ffffff", "#DC143C"], ["Navy"], 1599, { saleRs: 1299, nameNe: "नेपाल क्रिकेट टोली अभ्यास जर्सी २०२५" }),
  cricket("Biratnagar Kings", "NPL", "Shikhar", ["#7C3AED", "#FACC15", "#ffffff"], ["Purple", "Yellow"], 1799),
  cricket("Chitwan Rhinos", "NPL", "Shikhar", ["#166534", "#F97316", "#ffffff"], ["Green", "Orange"], 1799, { isNew: true }),
  cricket("Janakpur Bolts", "NPL", "Shikhar", ["#F59E0B", "#1E3A8A", "#ffffff"], ["Amber", "Navy"], 1799, { featured: true }),
  cricket("Kathmandu Gurkhas", "NPL", "Shikhar", ["#B91C1C", "#111827", "#FACC15"], ["Red", "Black"], 1799, { saleRs: 1499 }),
  cricket("Karnali Yaks", "NPL", "Shikhar", ["#0E7490", "#F8FAFC", "#F59E0B"], ["Teal", "White"], 1799),
  cricket("Lumbini Lions", "NPL", "Shikhar", ["#EA580C", "#1F2937", "#ffffff"], ["Orange", "Charcoal"], 1799, { stock: "low" }),
  cricket("Pokhara Avengers", "NPL", "Shikhar", ["#1D4ED8", "#E11D48", "#ffffff"], ["Blue", "Pink"], 1799),
  cricket("Sudurpaschim Royals", "NPL", "Shikhar", ["#9D174D", "#FDE68A", "#ffffff"], ["Maroon", "Gold"], 1799),
  cricket("India", "ODI", "Adidas", ["#1F4E9C", "#F97316", "#ffffff"], ["Blue", "Saffron"], 3499, { saleRs: 2999 }),
  cricket("Australia", "ODI", "Asics", ["#FFCD00", "#00843D", "#ffffff"], ["Gold", "Green"], 3499),
  cricket("England", "Test", "Castore", ["#f8fafc", "#1e3a8a", "#C8102E"], ["White", "Navy"], 3299),
  cricket("Pakistan", "ODI", "AJ Sports", ["#01411C", "#A3E635", "#ffffff"], ["Green"], 2999),
  cricket("Sri Lanka", "ODI", "Moose", ["#1e3a8a", "#FACC15", "#ffffff"], ["Blue", "Yellow"], 2799, { stock: "soldout" }),
  // Training wear
  training("Nike Dri-FIT Academy Training Top", "नाइकी ड्राइ-फिट एकेडेमी अभ्यास टप", "Nike", "tee", ["#111827", "#22d3ee", "#22d3ee"], ["Black", "Cyan"], 2499, { featured: true }),
  training("Adidas Tiro 24 Training Jacket", "एडिडास टिरो २४ अभ्यास ज्याकेट", "Adidas", "jacket", ["#1e293b", "#ffffff", "#ffffff"], ["Navy", "White"], 5499, { saleRs: 4299, isNew: true }),
  training("Puma teamGOAL Training Shorts", "पुमा टिमगोल अभ्यास सर्ट्स", "Puma", "shorts", ["#111827", "#ffffff"], ["Black"], 1499),
  training("Under Armour Tech 2.0 Tee", "अन्डर आर्मर टेक २.० टिसर्ट", "Under Armour", "tee", ["#dc2626", "#ffffff"], ["Red"], 2299, { saleRs: 1799 }),
  training("Nike Park 20 Track Jacket", "नाइकी पार्क २० ट्र्याक ज्याकेट", "Nike", "jacket", ["#003893", "#ffffff", "#DC143C"], ["Royal Blue"], 4999),
  training("Adidas Own the Run Tee", "एडिडास ओन द रन टिसर्ट", "Adidas", "tee", ["#65a30d", "#ffffff"], ["Lime"], 1999, { isNew: true }),
  training("Under Armour Challenger Knit Shorts", "अन्डर आर्मर च्यालेन्जर निट सर्ट्स", "Under Armour", "shorts", ["#1f2937", "#dc2626"], ["Charcoal", "Red"], 1799, { stock: "low" }),
  training("Kelme Nepal Training Tee", "केल्मे नेपाल अभ्यास टिसर्ट", "Kelme", "tee", ["#DC143C", "#003893"], ["Crimson"], 1299, { featured: true, youth: true }),
  training("Puma teamLIGA Training Jersey", "पुमा टिमलिगा अभ्यास जर्सी", "Puma", "tee", ["#f97316", "#111827"], ["Orange", "Black"], 1799, { saleRs: 1399 }),
  training("Adidas Condivo 22 Track Jacket", "एडिडास कन्डिभो २२ ट्र्याक ज्याकेट", "Adidas", "jacket", ["#111827", "#DC143C", "#ffffff"], ["Black", "Red"], 5999),
  training("Nike Dri-FIT Strike Shorts", "नाइकी ड्राइ-फिट स्ट्राइक सर्ट्स", "Nike", "shorts", ["#0f766e", "#ffffff"], ["Teal"], 1899),
  training("Li-Ning Basketball Practice Tee", "ली-निङ बास्केटबल अभ्यास टिसर्ट", "Li-Ning", "tee", ["#facc15", "#111827"], ["Yellow"], 1599),
];

export const PRODUCT_CATEGORIES = [
  { slug: "football-jerseys", name: "Football Jerseys", description: "Club and national team football shirts, Nepal to Europe.", nameNe: "फुटबल जर्सी", descriptionNe: "नेपालदेखि युरोपसम्मका क्लब र राष्ट्रिय टोलीका फुटबल जर्सी।" },
  { slug: "basketball-jerseys", name: "Basketball Jerseys", description: "NBA Swingman jerseys and court classics.", nameNe: "बास्केटबल जर्सी", descriptionNe: "एनबीए स्विङम्यान जर्सी र कोर्टका पुराना रोजाइ।" },
  { slug: "cricket-jerseys", name: "Cricket Jerseys", description: "Nepal national team, Nepal Premier League and international cricket shirts.", nameNe: "क्रिकेट जर्सी", descriptionNe: "नेपाली राष्ट्रिय टोली, नेपाल प्रिमियर लिग र अन्तर्राष्ट्रिय क्रिकेट जर्सी।" },
  { slug: "training-wear", name: "Training Wear", description: "Training tops, shorts and track jackets for match day and every day.", nameNe: "अभ्यासका लुगा", descriptionNe: "खेलको दिन र हरेक दिनका लागि अभ्यासका टिसर्ट, सर्ट्स र ज्याकेट।" },
] as const;

export const BLOG_CATEGORIES = [
  { slug: "buying-guide", name: "Buying Guide", description: "How to choose and check a jersey.", nameNe: "किन्ने गाइड", descriptionNe: "जर्सी कसरी छान्ने र जाँच्ने।" },
  { slug: "care-guide", name: "Care Guide", description: "Washing and keeping your kit.", nameNe: "हेरचाह गाइड", descriptionNe: "किट धुने र जोगाएर राख्ने तरिका।" },
  { slug: "sports-history", name: "Sports History", description: "Stories behind the shirts.", nameNe: "खेलकुदको इतिहास", descriptionNe: "जर्सीपछाडिका कथाहरू।" },
  { slug: "news", name: "News", description: "What is new at Khelkud and in Nepali sport.", nameNe: "समाचार", descriptionNe: "खेलकुद पसल र नेपाली खेलकुदमा के नयाँ छ।" },
  { slug: "fashion", name: "Fashion", description: "Wearing sportswear off the pitch.", nameNe: "फेसन", descriptionNe: "मैदानबाहिर खेलकुदका लुगा लगाउने तरिका।" },
] as const;
