import type { Garment, Pattern } from "./jersey-art.js";

export interface SeedPost {
  title: string;
  category: string;
  excerpt: string;
  content: string;
  featured?: boolean;
  daysAgo: number;
  keywords: string[];
  art: { garment: Garment; primary: string; secondary: string; accent?: string; pattern?: Pattern; number?: number; tint: string };
}

export const SEED_POSTS: SeedPost[] = [
  {
    title: "How to Spot a Fake Football Jersey: 7 Checks Before You Buy",
    category: "buying-guide",
    excerpt: "Counterfeit shirts are everywhere from New Road stalls to social media shops. Seven quick checks tell an authentic jersey from a copy.",
    featured: true,
    daysAgo: 3,
    keywords: ["authentic jersey", "fake jersey", "buying guide"],
    art: { garment: "football", primary: "#DC143C", secondary: "#003893", number: 7, tint: "#DC143C" },
    content: `<p>A replica shirt that costs a third of the real one is tempting, but the difference shows after the first wash. Before you pay, run through these checks.</p>
<h2>1. The price is too good</h2><p>A new season's club jersey costs the shop real money to import. If a seller offers this season's Real Madrid home shirt for Rs. 1,200, it is not genuine.</p>
<h2>2. Look at the crest and badges</h2><p>Authentic crests are either finely embroidered or heat-pressed with crisp edges. Fakes have fuzzy stitching, wrong colours or a crest that sits crooked.</p>
<h2>3. Read the inside labels</h2><p>Genuine kits carry a product code on the wash-care label. Search the code: it should return exactly the shirt you are holding.</p>
<h2>4. Feel the fabric</h2><p>Modern jerseys use light, engineered knits with ventilation zones. Copies are often heavier, shinier and hot to wear.</p>
<h2>5. Check the stitching and seams</h2><p>Look for even, tight seams without loose threads, especially at the collar and cuffs.</p>
<h2>6. Compare the sponsor print</h2><p>Logos on fakes are often slightly the wrong size or font. Compare with official photos.</p>
<h2>7. Buy from a shop that names its sources</h2><p>Every shirt we sell comes from the brand or its licensed distributor, and we accept returns within 30 days if anything is not right.</p>`,
  },
  {
    title: "Washing and Caring for Your Jersey So It Lasts Seasons",
    category: "care-guide",
    excerpt: "Cold water, inside out, no dryer: simple habits that keep names, numbers and colours looking new.",
    daysAgo: 9,
    keywords: ["jersey care", "washing", "care guide"],
    art: { garment: "basketball", primary: "#FDB927", secondary: "#552583", number: 23, tint: "#552583" },
    content: `<p>Match-day shirts are made for sweat, not for hot water and tumble dryers. A few habits keep them looking new for years.</p>
<ul><li><strong>Turn it inside out</strong> before washing to protect printed names, numbers and badges.</li><li><strong>Wash cold</strong>, at 30°C or below, with similar colours.</li><li><strong>Skip fabric softener</strong>: it clogs the breathable fibres.</li><li><strong>Never iron the print</strong>. If you must iron, do it inside out on low heat.</li><li><strong>Dry in the shade</strong>. Strong Himalayan sun fades reds and blues quickly.</li></ul>
<p>For monsoon months, hang shirts indoors near a fan rather than leaving them damp, which causes mildew smells.</p>`,
  },
  {
    title: "Nepal's Cricket Rise: From Associate Status to the World Cup Stage",
    category: "sports-history",
    excerpt: "From Tribhuvan University ground to packed stands in Kirtipur, the story of how Nepal's cricket team captured a nation.",
    featured: true,
    daysAgo: 15,
    keywords: ["Nepal cricket", "history", "World Cup"],
    art: { garment: "cricket", primary: "#003893", secondary: "#DC143C", number: 7, tint: "#003893" },
    content: `<p>Few sporting stories in South Asia match the rise of Nepal's cricket team. Supporters who once followed scores on radio now fill the hillside at Kirtipur for every home match.</p>
<h2>Early years</h2><p>Cricket in Nepal grew from school and university grounds. The national team worked its way up the associate tiers, winning hearts with fearless batting and spin bowling.</p>
<h2>One Day International status</h2><p>Gaining ODI status changed everything: more fixtures, better opposition and a generation of players who believed they belonged.</p>
<h2>The world stage</h2><p>Qualifying for global tournaments turned the blue and crimson shirt into the most wanted jersey in the country. It is our best-selling cricket shirt every season.</p>`,
  },
  {
    title: "Nepal Premier League: A Fan's Guide to Team Colours",
    category: "news",
    excerpt: "Eight franchises, eight kits. Here is who wears what in the Nepal Premier League, and where their fans are.",
    daysAgo: 21,
    keywords: ["Nepal Premier League", "NPL", "team colours"],
    art: { garment: "cricket", primary: "#F59E0B", secondary: "#1E3A8A", number: 10, tint: "#b45309" },
    content: `<p>The Nepal Premier League brought franchise cricket to every province. Each side has its own colours, and each has fans who wear them with pride.</p>
<ul><li><strong>Biratnagar Kings</strong>: purple and yellow.</li><li><strong>Chitwan Rhinos</strong>: green and orange.</li><li><strong>Janakpur Bolts</strong>: amber and navy.</li><li><strong>Kathmandu Gurkhas</strong>: red and black.</li><li><strong>Karnali Yaks</strong>: teal and white.</li><li><strong>Lumbini Lions</strong>: orange and charcoal.</li><li><strong>Pokhara Avengers</strong>: blue and pink.</li><li><strong>Sudurpaschim Royals</strong>: maroon and gold.</li></ul>
<p>All eight shirts are in our cricket section in adult and youth sizes while stock lasts.</p>`,
  },
  {
    title: "Choosing the Right Jersey Size: Fan Fit vs Player Fit",
    category: "buying-guide",
    excerpt: "Player versions run tight, fan versions relaxed. Measure your chest, then use our size guide to choose.",
    daysAgo: 28,
    keywords: ["size guide", "jersey fit", "buying guide"],
    art: { garment: "football", primary: "#6CABDD", secondary: "#1C2C5B", number: 9, tint: "#1C2C5B" },
    content: `<p>Brands make two versions of most club shirts. The <strong>player version</strong> is cut slim with stretch fabric for athletes; the <strong>fan version</strong> (sometimes called stadium or replica) has a relaxed fit.</p>
<h2>Measure first</h2><p>Measure around the fullest part of your chest, under the arms. Compare with the chest figures on our size guide.</p>
<h2>Between sizes?</h2><p>Take the larger size for a fan version if you like to layer, or for a player version if you do not want it skin-tight.</p>
<p>Not sure? We exchange sizes within 30 days as long as the tags are on.</p>`,
  },
  {
    title: "Styling Retro Jerseys for Everyday Wear",
    category: "fashion",
    excerpt: "Classic kits are not just for match day. Ideas for wearing a retro shirt to college, cafés and weekend trips.",
    daysAgo: 36,
    keywords: ["retro jersey", "style", "fashion"],
    art: { garment: "basketball", primary: "#CE1141", secondary: "#000000", number: 23, tint: "#7f1d1d" },
    content: `<p>Retro basketball and football shirts have moved from the terraces to the streets.</p>
<ul><li>Pair a classic Bulls jersey with a plain white tee underneath and straight-leg jeans.</li><li>Tuck a football shirt into high-waisted trousers and add clean white trainers.</li><li>Layer an open track jacket over a jersey on cold Kathmandu evenings.</li></ul>
<p>Keep the rest of the outfit simple and let the shirt be the statement.</p>`,
  },
  {
    title: "Why We Only Sell Authentic Kits",
    category: "news",
    excerpt: "Khelkud started because we were tired of paying for shirts that fell apart. Here is our promise on authenticity.",
    daysAgo: 44,
    keywords: ["Khelkud", "authentic", "about us"],
    art: { garment: "tee", primary: "#DC143C", secondary: "#003893", tint: "#003893" },
    content: `<p>Khelkud means sport in Nepali. We started the shop in Kathmandu because genuine jerseys were hard to find and easy to fake.</p>
<p>Every product we list comes from the brand or its licensed distributor. Prices are in rupees, shipping is calculated honestly at checkout, and cash on delivery is always available.</p>
<p>If a shirt is not what you expected, return it within 30 days. That is our promise.</p>`,
  },
];
