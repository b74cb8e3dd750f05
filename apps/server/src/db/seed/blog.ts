import type { Garment, Pattern } from "./jersey-art.js";

export interface SeedPost {
  title: string;
  category: string;
  excerpt: string;
  content: string;
  /** The post in Nepali, written for shoppers (docs/decisions/126; terms: docs/nepali-glossary.md). */
  titleNe: string;
  excerptNe: string;
  contentNe: string;
  featured?: boolean;
  daysAgo: number;
  keywords: string[];
  art: { garment: Garment; primary: string; secondary: string; accent?: string; pattern?: Pattern; number?: number; tint: string };
}

export const SEED_POSTS: SeedPost[] = [
  {
    title: "How to Spot a Fake Football Jersey: 7 Checks Before You Buy",
    titleNe: "नक्कली फुटबल जर्सी कसरी चिन्ने: किन्नुअघि ७ वटा जाँच",
    excerptNe: "न्युरोडका पसलदेखि सामाजिक सञ्जालका पेजसम्म नक्कली जर्सी जताततै छन्। छिटै गर्न सकिने सात जाँचले सक्कली र नक्कली जर्सी छुट्याउँछन्।",
    contentNe: `<p>सक्कलीको एक तिहाइ मूल्यमा पाइने जर्सीले लोभ्याउँछ, तर पहिलो पटक धोएपछि नै फरक देखिन्छ। पैसा तिर्नुअघि यी कुरा जाँच्नुहोस्।</p>
<h2>१. मूल्य पत्याउनै नसकिने गरी सस्तो</h2><p>नयाँ सिजनको क्लब जर्सी विदेशबाट ल्याउन पसललाई पनि राम्रै खर्च लाग्छ। कसैले यो सिजनको रियल मड्रिड घरेलु जर्सी रु. १,२०० मा बेच्दै छ भने त्यो सक्कली होइन।</p>
<h2>२. लोगो र ब्याज हेर्नुहोस्</h2><p>सक्कली जर्सीको लोगो राम्ररी बुनिएको वा तापले छापिएको हुन्छ, किनारा सफा हुन्छन्। नक्कलीमा धागो फुस्रो, रङ फरक वा लोगो बाङ्गो हुन्छ।</p>
<h2>३. भित्री लेबल पढ्नुहोस्</h2><p>सक्कली किटको धुने तरिका लेखिएको लेबलमा प्रोडक्ट कोड हुन्छ। त्यो कोड इन्टरनेटमा खोज्नुहोस्: तपाईंको हातमा भएकै जर्सी देखिनुपर्छ।</p>
<h2>४. कपडा छामेर हेर्नुहोस्</h2><p>आजकालका जर्सी हलुका र हावा छिर्ने गरी विशेष बुनाइमा बनेका हुन्छन्। नक्कली प्रायः गह्रौँ, बढी टल्कने र लगाउँदा तातो हुन्छन्।</p>
<h2>५. सिलाइ र जोर्नी जाँच्नुहोस्</h2><p>विशेष गरी कलर र बाहुलाको छेउमा सिलाइ मिलेको र कसिलो हुनुपर्छ, धागो झुन्डिएको हुनु हुँदैन।</p>
<h2>६. प्रायोजकको छपाइ दाँज्नुहोस्</h2><p>नक्कली जर्सीमा प्रायोजकको लोगो अलिकति सानो-ठूलो वा फरक अक्षरको हुन्छ। आधिकारिक फोटोसँग दाँजेर हेर्नुहोस्।</p>
<h2>७. सामान कहाँबाट आउँछ भनेर बताउने पसलबाट किन्नुहोस्</h2><p>हामीले बेच्ने हरेक जर्सी ब्रान्ड वा त्यसको आधिकारिक वितरकबाट आउँछ, र केही मिलेन भने ३० दिनभित्र फिर्ता लिन्छौं।</p>`,
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
    titleNe: "जर्सी धेरै सिजन टिकाउन कसरी धुने र हेरचाह गर्ने",
    excerptNe: "चिसो पानी, उल्टो पारेर धुने, ड्रायर नचलाउने: नाम, नम्बर र रङ नयाँजस्तै राख्ने सजिला बानी।",
    contentNe: `<p>खेलको दिनका जर्सी पसिनाका लागि बनेका हुन्, तातो पानी र ड्रायरका लागि होइनन्। केही बानीले तिनलाई वर्षौँसम्म नयाँजस्तै राख्छन्।</p>
<ul><li><strong>उल्टो पारेर धुनुहोस्</strong>, ताकि छापिएको नाम, नम्बर र ब्याज जोगिऊन्।</li><li><strong>चिसो पानीमा धुनुहोस्</strong>, ३०°C वा त्योभन्दा कममा, उस्तै रङका लुगासँग।</li><li><strong>फेब्रिक सफ्टनर नहाल्नुहोस्</strong>: यसले हावा छिर्ने धागो थुनिदिन्छ।</li><li><strong>छपाइमाथि कहिल्यै इस्त्री नलगाउनुहोस्</strong>। लगाउनै परे उल्टो पारेर कम तापमा लगाउनुहोस्।</li><li><strong>छहारीमा सुकाउनुहोस्</strong>। हिमालको कडा घामले रातो र निलो रङ छिट्टै फिक्का बनाउँछ।</li></ul>
<p>बर्खामा जर्सी ओसिलै नछोड्नुहोस्, ढुसीको गन्ध आउँछ; बरु घरभित्रै पङ्खानजिक सुकाउनुहोस्।</p>`,
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
    titleNe: "नेपाली क्रिकेटको उदय: एसोसिएट सदस्यतादेखि विश्वकपको मञ्चसम्म",
    excerptNe: "त्रिभुवन विश्वविद्यालयको मैदानदेखि कीर्तिपुरका खचाखच दर्शकसम्म: नेपाली क्रिकेट टोलीले देशको मन कसरी जित्यो भन्ने कथा।",
    contentNe: `<p>दक्षिण एसियामा नेपाली क्रिकेट टोलीको उदयजस्ता खेलकुदका कथा थोरै छन्। कुनै बेला रेडियोमा स्कोर सुन्ने समर्थकहरू अहिले हरेक घरेलु खेलमा कीर्तिपुरको डाँडो भरिदिन्छन्।</p>
<h2>सुरुका वर्ष</h2><p>नेपालमा क्रिकेट स्कुल र विश्वविद्यालयका मैदानबाट हुर्कियो। निडर ब्याटिङ र स्पिन बलिङले सबैको मन जित्दै राष्ट्रिय टोली एसोसिएटका तहहरू एक-एक गरी पार गर्दै माथि उक्लियो।</p>
<h2>एकदिवसीय अन्तर्राष्ट्रिय मान्यता</h2><p>ओडीआई मान्यता पाएपछि सबै कुरा बदलियो: धेरै खेल, बलिया प्रतिद्वन्द्वी, र आफू यही स्तरका हौं भन्ने विश्वास बोकेको खेलाडीको नयाँ पुस्ता।</p>
<h2>विश्वको मञ्च</h2><p>विश्वस्तरका प्रतियोगितामा छानिएपछि निलो र रातो जर्सी देशकै सबैभन्दा रुचाइएको जर्सी बन्यो। हरेक सिजन हाम्रो सबैभन्दा बढी बिक्ने क्रिकेट जर्सी यही हो।</p>`,
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
    titleNe: "नेपाल प्रिमियर लिग: समर्थकका लागि टोलीका रङको गाइड",
    excerptNe: "आठ फ्रेन्चाइज, आठ किट। नेपाल प्रिमियर लिगमा कुन टोलीले कुन रङ लगाउँछ र तिनका समर्थक कहाँ छन्, यहाँ हेर्नुहोस्।",
    contentNe: `<p>नेपाल प्रिमियर लिगसँगै फ्रेन्चाइज क्रिकेट हरेक प्रदेशमा पुग्यो। हरेक टोलीको आफ्नै रङ छ, र ती रङ गर्वका साथ लगाउने आफ्नै समर्थक छन्।</p>
<ul><li><strong>Biratnagar Kings</strong>: बैजनी र पहेँलो।</li><li><strong>Chitwan Rhinos</strong>: हरियो र सुन्तला।</li><li><strong>Janakpur Bolts</strong>: गाढा पहेँलो र नेभी निलो।</li><li><strong>Kathmandu Gurkhas</strong>: रातो र कालो।</li><li><strong>Karnali Yaks</strong>: हरियो-निलो (टिल) र सेतो।</li><li><strong>Lumbini Lions</strong>: सुन्तला र गाढा खरानी रङ।</li><li><strong>Pokhara Avengers</strong>: निलो र गुलाबी।</li><li><strong>Sudurpaschim Royals</strong>: मरुन र सुनौलो।</li></ul>
<p>आठवटै टोलीका जर्सी स्टक रहुन्जेल हाम्रो क्रिकेट खण्डमा ठूला र बालबालिकाका साइजमा पाइन्छन्।</p>`,
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
    titleNe: "जर्सीको सही साइज छान्ने: फ्यान फिट कि प्लेयर फिट",
    excerptNe: "प्लेयर संस्करण कसिलो हुन्छ, फ्यान संस्करण खुकुलो। छातीको नाप लिनुहोस्, अनि हाम्रो साइज गाइड हेरेर छान्नुहोस्।",
    contentNe: `<p>धेरैजसो क्लब जर्सीका ब्रान्डले दुई संस्करण बनाउँछन्। <strong>प्लेयर संस्करण</strong> खेलाडीका लागि तन्किने कपडामा कसिलो काटमा बनेको हुन्छ; <strong>फ्यान संस्करण</strong> (कहिलेकाहीँ स्टेडियम वा रेप्लिका भनिने) खुकुलो हुन्छ।</p>
<h2>पहिले नाप लिनुहोस्</h2><p>काखीमुनि, छातीको सबैभन्दा फराकिलो भागको वरिपरि नाप्नुहोस्। अनि हाम्रो साइज गाइडमा दिइएको छातीको नापसँग दाँज्नुहोस्।</p>
<h2>दुई साइजको बीचमा पर्नुभयो?</h2><p>फ्यान संस्करणभित्र अर्को लुगा लगाउन मन पर्छ भने, वा प्लेयर संस्करण छालामै टाँसिने गरी कसिलो चाहनुहुन्न भने, ठूलो साइज लिनुहोस्।</p>
<p>पक्का हुनुहुन्न? ट्याग नहटाएसम्म ३० दिनभित्र हामी साइज साटिदिन्छौं।</p>`,
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
    titleNe: "पुराना (रेट्रो) जर्सी दैनिक पहिरनमा कसरी लगाउने",
    excerptNe: "क्लासिक किट खेलको दिनका लागि मात्र होइनन्। कलेज, क्याफे र सप्ताहान्तको घुमघाममा रेट्रो जर्सी लगाउने केही उपाय।",
    contentNe: `<p>रेट्रो बास्केटबल र फुटबल जर्सी अब स्टेडियमबाट सडकसम्म आइपुगेका छन्।</p>
<ul><li>क्लासिक Bulls जर्सीभित्र सादा सेतो टिसर्ट र सिधा जिन्स लगाउनुहोस्।</li><li>फुटबल जर्सी अग्लो कम्मर भएको पाइन्टभित्र घुसारेर सफा सेता जुत्ता लगाउनुहोस्।</li><li>काठमाडौंका चिसा साँझमा जर्सीमाथि खुला ट्र्याक ज्याकेट लगाउनुहोस्।</li></ul>
<p>बाँकी पहिरन सादा राख्नुहोस् र जर्सीलाई नै सबैको ध्यान तान्न दिनुहोस्।</p>`,
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
    titleNe: "हामी किन सक्कली किट मात्र बेच्छौं",
    excerptNe: "छिट्टै बिग्रने जर्सीमा पैसा तिरेर दिक्क भएपछि खेलकुद सुरु भयो। सक्कलीबारे हाम्रो वाचा यहाँ छ।",
    contentNe: `<p>हाम्रो नाम खेलकुद आफ्नै भाषाको शब्द हो। सक्कली जर्सी पाउन गाह्रो र नक्कल बनाउन सजिलो भएकाले हामीले काठमाडौंमा यो पसल खोलेका हौं।</p>
<p>हामीले राख्ने हरेक सामान ब्रान्ड वा त्यसको आधिकारिक वितरकबाट आउँछ। मूल्य रुपैयाँमा हुन्छ, ढुवानी शुल्क चेकआउटमै इमानदारीपूर्वक हिसाब गरिन्छ, र क्यास अन डेलिभरी सधैं उपलब्ध छ।</p>
<p>जर्सी तपाईंले सोचेजस्तो भएन भने ३० दिनभित्र फिर्ता गर्नुहोस्। यही हाम्रो वाचा हो।</p>`,
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
