import { count } from "drizzle-orm";
import { loadSharp } from "../lib/sharp.js";
import { slugify } from "@khelkud/contracts";
import type { Config } from "../env.js";
import type { Db } from "./client.js";
import { blogPosts, categories, productImages, products, productSizes, storeSettings, users } from "./schema/index.js";
import { hashPassword } from "../lib/password.js";
import { mulberry32 } from "../lib/seeded-random.js";
import { createLocalStorage, type Storage } from "../plugins/storage.js";
import { BLOG_CATEGORIES, PRODUCT_CATEGORIES, SEED_PRODUCTS, teamNeOf, type SeedProduct } from "./seed/catalogue.js";
import { SEED_POSTS } from "./seed/blog.js";
import { bannerSvg, jerseySvg } from "./seed/jersey-art.js";
import { StoreSettingsSchema } from "../modules/settings/settings.service.js";

/** Demo logins, also listed in the README. Local use only: the seed never runs in production. */
export const DEMO_ADMIN = { email: "admin@khelkud.com.np", password: "Admin@2026", name: "Khelkud Admin" };
export const DEMO_CUSTOMER = { email: "customer@khelkud.com.np", password: "Customer@2026", name: "Sita Sharma" };

const FEATURES: Record<SeedProduct["garment"], string[]> = {
  football: ["Moisture-wicking recycled polyester", "Ventilated mesh side panels", "Woven club crest", "Regular fan fit"],
  cricket: ["Quick-dry breathable knit", "Sublimated team print", "Ribbed collar", "UV protection"],
  basketball: ["Lightweight double-knit mesh", "Heat-applied name and number", "Swingman cut", "Tagless neckline"],
  tee: ["Sweat-wicking fabric", "Flatlock seams against chafing", "Reflective logo", "Athletic fit"],
  jacket: ["Full-length zip", "Zip pockets", "Stand-up collar", "Slim training fit"],
  shorts: ["Elastic waistband with drawcord", "Side pockets", "Lightweight woven fabric", "Above-the-knee cut"],
};

/** The same features in Nepali (docs/decisions/126), written for shoppers (docs/nepali-glossary.md). */
const FEATURES_NE: Record<SeedProduct["garment"], string[]> = {
  football: ["पसिना सोस्ने, रिसाइकल गरिएको पोलिएस्टर", "हावा छिर्ने जालीदार छेउका प्यानल", "बुनेर बनाइएको क्लबको लोगो", "फ्यानहरूका लागि सामान्य फिट"],
  cricket: ["छिटो सुक्ने, हावा छिर्ने बुनाइ", "कपडामै मिसाएर छापिएको टोलीको डिजाइन", "रिब भएको कलर", "घामको यूभी किरणबाट सुरक्षा"],
  basketball: ["हलुका डबल-निट जाली", "तापले टाँसिएको नाम र नम्बर", "स्विङम्यान कट", "घाँटीमा ट्याग नभएको"],
  tee: ["पसिना सोस्ने कपडा", "छाला नकोर्ने समतल सिलाइ", "उज्यालोमा टल्किने लोगो", "शरीरमा मिल्ने एथलेटिक फिट"],
  jacket: ["माथिदेखि तलसम्म जिप", "जिप भएका खल्ती", "ठाडो कलर", "अभ्यासका लागि स्लिम फिट"],
  shorts: ["डोरीसहितको इलास्टिक कम्मर", "छेउमा खल्ती", "हलुका बुनेको कपडा", "घुँडाभन्दा माथिसम्मको काट"],
};

/** The demo shop's address on Nepali pages (the English one is the settings' default); postal code in ASCII digits like phone numbers. */
const DEMO_ADDRESS_NE = "न्युरोड, काठमाडौं 44600, नेपाल";

async function renderPng(svg: string): Promise<{ data: Buffer; width: number; height: number }> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function inBatches<T, R>(items: T[], size: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => fn(item, i + j)))));
  }
  return out;
}

function sizesFor(p: SeedProduct, rand: () => number): { size: string; stock: number }[] {
  const names = p.garment === "shorts" ? ["S", "M", "L", "XL"] : ["S", "M", "L", "XL", "XXL"];
  if (p.youth) names.unshift("YS", "YM", "YL");
  return names.map((size) => {
    if (p.stock === "soldout") return { size, stock: 0 };
    if (p.stock === "low") return { size, stock: rand() < 0.4 ? 0 : 1 + Math.floor(rand() * 3) };
    const r = rand();
    return { size, stock: r < 0.1 ? 0 : r < 0.25 ? 1 + Math.floor(rand() * 5) : 8 + Math.floor(rand() * 30) };
  });
}

function description(p: SeedProduct): string {
  const team = p.team ? ` Officially licensed ${p.team} merchandise.` : "";
  return `${p.blurb}${team} Made by ${p.brand} in ${p.colorNames.join(" and ").toLowerCase()}, with the details that set an authentic shirt apart from a copy. Machine wash cold, inside out.`;
}

/** The demo colours' names in Nepali, for the Nepali descriptions (docs/decisions/132). */
const COLOUR_NE: Record<string, string> = {
  Amber: "सुन्तले-पहेँलो",
  Black: "कालो",
  Blaugrana: "निलो-रातो",
  Blue: "निलो",
  Charcoal: "गाढा खरानी",
  Cream: "क्रिम",
  Crimson: "रातो",
  Cyan: "आकाशे",
  Gold: "सुनौलो",
  Green: "हरियो",
  Lime: "हल्का हरियो",
  Maroon: "मरुन",
  Navy: "गाढा निलो",
  Orange: "सुन्तले",
  Pink: "गुलाबी",
  Purple: "बैजनी",
  Red: "रातो",
  "Royal Blue": "गाढा निलो",
  Saffron: "केसरी",
  Silver: "चाँदी",
  "Sky Blue": "आकाशे निलो",
  Teal: "टिल",
  White: "सेतो",
  Yellow: "पहेँलो",
};

/**
 * The description in Nepali, built like the English one (docs/decisions/132), unless the product has a hand-written
 * one. A colour missing from the map is a mistake in the demo data, so it throws rather than print English.
 */
function descriptionNe(p: SeedProduct): string {
  if (p.descriptionNe) return p.descriptionNe;
  const colours = p.colorNames.map((c) => {
    const ne = COLOUR_NE[c];
    if (!ne) throw new Error(`No Nepali name for the demo colour ${c}`);
    return ne;
  });
  const team = p.team ? ` ${p.team} को आधिकारिक लाइसेन्स भएको सामान।` : "";
  return `${p.blurbNe}${team} ${p.brand} ले ${colours.join(" र ")} रङमा बनाएको, सक्कली सामानलाई नक्कलीभन्दा फरक देखाउने बारीकीसहित। चिसो पानीमा, उल्टो पारेर मेसिनमा धुनुहोस्।`;
}

/**
 * The specification table's values in Nepali, by the English keys (docs/decisions/132). No "Brand": the brand is the
 * same name in both languages, so its row shows the English value.
 */
function specificationsNe(p: SeedProduct): Record<string, string> {
  return {
    Material: p.garment === "jacket" ? "१००% रिसाइकल गरिएको पोलिएस्टर ट्रिकट" : "१००% रिसाइकल गरिएको पोलिएस्टर",
    Fit: p.garment === "basketball" ? "स्विङम्यान (खुकुलो)" : "सामान्य",
    Season: "२०२५/२६",
    Care: "चिसो पानीमा उल्टो पारेर मेसिनमा धुनुहोस्; छापिएको भागमा इस्त्री नलगाउनुहोस्",
  };
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [[u], [p]] = await Promise.all([db.select({ n: count() }).from(users), db.select({ n: count() }).from(products)]);
  return (u?.n ?? 0) === 0 && (p?.n ?? 0) === 0;
}

export async function seedIfEmpty(db: Db, config: Config, log: (msg: string) => void = console.log): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  log("Empty database: adding the demo catalogue, blog and accounts…");
  const started = Date.now();
  await seedDemoData(db, createLocalStorage(config.uploadsDir));
  log(`Demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

export async function seedDemoData(db: Db, storage: Storage): Promise<void> {
  // Deterministic, so every fresh database gets the same demo stock.
  const rand = mulberry32(20_260_101);
  const now = Date.now();
  const hour = 3_600_000;

  // Pictures first (content-addressed files), then every row in one transaction.
  const productArt = await inBatches(SEED_PRODUCTS, 4, async (p) => {
    const views = p.garment === "shorts" || p.garment === "tee" ? (["front"] as const) : (["front", "back"] as const);
    return Promise.all(
      views.map(async (view) => {
        const png = await renderPng(jerseySvg({ garment: p.garment, primary: p.colors[0], secondary: p.colors[1], accent: p.colors[2], pattern: p.pattern, number: p.number, view }));
        return { key: await storage.put("products", png.data, "png"), width: png.width, height: png.height, view };
      }),
    );
  });
  const postArt = await inBatches(SEED_POSTS, 4, async (post) => {
    const png = await renderPng(bannerSvg(post.art, post.art.tint));
    return storage.put("blog", png.data, "png");
  });
  const [adminHash, customerHash] = await Promise.all([hashPassword(DEMO_ADMIN.password), hashPassword(DEMO_CUSTOMER.password)]);

  await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values([
        { name: DEMO_ADMIN.name, email: DEMO_ADMIN.email, passwordHash: adminHash, role: "ADMIN", phone: "+9779801234567", addressCity: "Kathmandu", addressDistrict: "Kathmandu", addressState: "Bagmati" },
        {
          name: DEMO_CUSTOMER.name,
          email: DEMO_CUSTOMER.email,
          passwordHash: customerHash,
          role: "USER",
          phone: "+9779841234567",
          addressStreet: "Jhamsikhel Road 12",
          addressCity: "Lalitpur",
          addressDistrict: "Lalitpur",
          addressState: "Bagmati",
          addressPostalCode: "44700",
        },
      ])
      .returning();

    const productCats = await tx
      .insert(categories)
      .values(PRODUCT_CATEGORIES.map((c, i) => ({ ...c, type: "PRODUCT" as const, sortOrder: i })))
      .returning();
    const blogCats = await tx
      .insert(categories)
      .values(BLOG_CATEGORIES.map((c, i) => ({ ...c, type: "BLOG" as const, sortOrder: i })))
      .returning();
    const catId = (list: typeof productCats, slug: string) => list.find((c) => c.slug === slug)!.id;

    for (const [i, p] of SEED_PRODUCTS.entries()) {
      // New products are the most recent; the rest spread over the last ten weeks.
      const createdAt = new Date(now - (p.isNew ? i : 48 + i * 26) * hour);
      const [row] = await tx
        .insert(products)
        .values({
          name: p.name,
          slug: slugify(p.name),
          description: description(p),
          nameNe: p.nameNe ?? null,
          descriptionNe: descriptionNe(p),
          brand: p.brand,
          team: p.team,
          teamNe: teamNeOf(p.team),
          categoryId: catId(productCats, p.category),
          price: p.priceRs * 100,
          salePrice: p.saleRs ? p.saleRs * 100 : null,
          colors: p.colorNames,
          features: FEATURES[p.garment],
          featuresNe: FEATURES_NE[p.garment],
          specifications: {
            Brand: p.brand,
            Material: p.garment === "jacket" ? "100% recycled polyester tricot" : "100% recycled polyester",
            Fit: p.garment === "basketball" ? "Swingman (relaxed)" : "Regular",
            Season: "2025/26",
            Care: "Machine wash cold, inside out; do not iron print",
          },
          specificationsNe: specificationsNe(p),
          featured: p.featured ?? false,
          isNew: p.isNew ?? false,
          personalisable: Boolean(p.print),
          printFee: p.print?.feeRs ? p.print.feeRs * 100 : null,
          printScripts: p.print?.devanagari ? ["LATIN", "DEVANAGARI"] : ["LATIN"],
          players: (p.print?.players ?? []).map(([name, number]) => ({ id: `${slugify(name)}-${number}`, name, number })),
          metaTitle: `${p.name} | Khelkud`,
          metaDescription: `Buy the authentic ${p.name} in Nepal. Cash on delivery, Khalti and eSewa accepted.`,
          keywords: [p.team, p.brand, p.category.replace("-", " ")].filter((k): k is string => !!k),
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: products.id });
      const productId = row!.id;
      await tx.insert(productSizes).values(sizesFor(p, rand).map((s, sortOrder) => ({ productId, ...s, sortOrder })));
      await tx.insert(productImages).values(
        productArt[i]!.map((img, sortOrder) => ({
          productId,
          key: img.key,
          width: img.width,
          height: img.height,
          isPrimary: sortOrder === 0,
          sortOrder,
          altText: `${p.name}, ${img.view} view`,
          altTextNe: `${p.nameNe ?? p.name}, ${img.view === "front" ? "अगाडिको" : "पछाडिको"} दृश्य`,
        })),
      );
    }

    await tx.insert(blogPosts).values(
      SEED_POSTS.map((post, i) => {
        const at = new Date(now - post.daysAgo * 24 * hour);
        return {
          title: post.title,
          slug: slugify(post.title),
          excerpt: post.excerpt,
          content: post.content,
          titleNe: post.titleNe,
          excerptNe: post.excerptNe,
          contentNe: post.contentNe,
          categoryId: catId(blogCats, post.category),
          authorId: admin!.id,
          authorName: "Khelkud Team",
          featuredImageKey: postArt[i]!,
          featured: post.featured ?? false,
          status: "PUBLISHED" as const,
          metaTitle: post.title,
          metaDescription: post.excerpt,
          keywords: post.keywords,
          publishedAt: at,
          createdAt: at,
          updatedAt: at,
        };
      }),
    );

    await tx.insert(storeSettings).values({ key: "store", value: StoreSettingsSchema.parse({ addressNe: DEMO_ADDRESS_NE }) });
  });
}
