/**
 * Catalogue data in the page's language (docs/decisions/089): loaders hand pages products, categories and posts whose
 * `name`, `team`, `description`, `title`, `excerpt` and `content` are already the Nepali versions on a Nepali page where the
 * admin wrote one (the English text otherwise), so every card, heading, breadcrumb, filter, title, meta tag and
 * JSON-LD of the page reads them without knowing about the Nepali fields. The language comes from the request's
 * path (the `/ne` basename), which also keys the page caches.
 */
import { localeOfPath, localText, type Locale } from "@khelkud/contracts";

export function requestLocale(request: Request): Locale {
  return localeOfPath(new URL(request.url).pathname);
}

type Named = { name: string; nameNe?: string | null };

function withName<T extends Named>(item: T, locale: Locale): T {
  return locale === "ne" && item.nameNe ? { ...item, name: item.nameNe } : item;
}

/**
 * The specification table of a Nepali page (docs/decisions/132): the English table's rows in their order, each with
 * its Nepali value where the admin wrote one and its English value otherwise. Unlike the feature list, rows fall back
 * one by one: they share their keys, so a row without a Nepali value does not make the others wrong.
 */
function localSpecifications(english: Record<string, string>, nepali: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(english).map(([key, value]) => [key, Object.hasOwn(nepali, key) && nepali[key] ? nepali[key] : value]));
}

type Pictured = { altText: string; altTextNe?: string };

/**
 * A product picture's description on a Nepali page (docs/decisions/135): its own Nepali text, else the product's
 * Nepali name, else the English text. The Nepali text is not sent on: the page reads `altText`.
 */
function localPicture<P extends Pictured>(picture: P, locale: Locale, nameNe: string | null | undefined): P {
  const { altTextNe, ...rest } = picture;
  if (altTextNe === undefined && locale !== "ne") return picture;
  return { ...rest, altText: locale === "ne" ? altTextNe || nameNe || picture.altText : picture.altText } as P;
}

/**
 * A product or product card: name, description, features (the product page's list; the Nepali list when it has any,
 * docs/decisions/126), the specification values (per key, docs/decisions/132), its pictures' descriptions
 * (docs/decisions/135) and its category's name. The English SEO title and description give way to the Nepali name and
 * description where those are written, so the page's title and meta read Nepali too.
 *
 * Either way the other language's description, features, specification values and picture descriptions are emptied
 * once the page's own are in place: no page reads them, and they were about a tenth of the home page's and a product
 * page's compressed document (docs/decisions/139). `nameNe` stays, and on a Nepali page `nameEn`: the cart keeps both
 * names on its line.
 */
export function localProduct<
  T extends Named & {
    description: string;
    descriptionNe?: string | null;
    features?: string[];
    featuresNe?: string[];
    specifications?: Record<string, string>;
    specificationsNe?: Record<string, string>;
    images?: Pictured[];
    image?: Pictured | null;
    category?: Named | null;
    team?: string | null;
    teamNe?: string | null;
  },
>(p: T, locale: Locale): T {
  const out = locale === "ne" ? { ...withName(p, locale), nameEn: p.name, description: localText(locale, p.description, p.descriptionNe), ...(p.category !== undefined ? { category: p.category ? withName(p.category, locale) : null } : {}) } : { ...p };
  if (locale === "ne" && p.features && p.featuresNe?.length) out.features = p.featuresNe;
  if (locale === "ne" && p.specifications && p.specificationsNe) out.specifications = localSpecifications(p.specifications, p.specificationsNe);
  if (p.images) out.images = p.images.map((i) => localPicture(i, locale, p.nameNe));
  if (p.image) out.image = localPicture(p.image, locale, p.nameNe);
  if (locale === "ne" && p.nameNe && "metaTitle" in out) Object.assign(out, { metaTitle: null });
  if (locale === "ne" && p.descriptionNe && "metaDescription" in out) Object.assign(out, { metaDescription: null });
  // The team line (docs/decisions/174): the Nepali team where the admin wrote one; the field is not sent on.
  if (locale === "ne" && p.teamNe) out.team = p.teamNe;
  if (p.teamNe !== undefined) out.teamNe = null;
  if (p.descriptionNe !== undefined) out.descriptionNe = null;
  if (p.featuresNe) out.featuresNe = [];
  if (p.specificationsNe) out.specificationsNe = {};
  return out;
}

/**
 * A product's English name, also on a Nepali page where `name` is already the Nepali one: the cart keeps both names
 * on its line and shows the one of the page it is looked at on (docs/decisions/117).
 */
export function englishName(p: { name: string }): string {
  const en = (p as { nameEn?: unknown }).nameEn;
  return typeof en === "string" ? en : p.name;
}

/** A category (a filter, a footer link): its name. */
export function localCategory<T extends Named>(c: T, locale: Locale): T {
  return withName(c, locale);
}

/** An order's lines: the product's Nepali name kept with the line when it was ordered (docs/decisions/117). */
export function localOrder<T extends { items: Named[] }>(o: T, locale: Locale): T {
  if (locale !== "ne") return o;
  return { ...o, items: o.items.map((i) => withName(i, locale)) };
}

/**
 * A blog post or its summary: title, excerpt, its category's name (the card's chip) and, on the post, the content.
 * Its English SEO title and description give way to the Nepali title and excerpt where those are written. The Nepali
 * title, excerpt and content are emptied once placed, on either page, as a product's texts are.
 */
export function localPost<T extends { title: string; titleNe?: string | null; excerpt: string; excerptNe?: string | null; content?: string; contentNe?: string | null; category?: Named | null }>(
  p: T,
  locale: Locale,
): T {
  const out = locale === "ne" ? { ...p, title: localText(locale, p.title, p.titleNe), excerpt: localText(locale, p.excerpt, p.excerptNe) } : { ...p };
  if (locale === "ne") {
    if (p.category) out.category = withName(p.category, locale);
    if (p.content !== undefined && p.contentNe) out.content = p.contentNe;
    // A post's English SEO title and description give way to the Nepali title and excerpt, as a product's do.
    if (p.titleNe && "metaTitle" in out) Object.assign(out, { metaTitle: null });
    if (p.excerptNe && "metaDescription" in out) Object.assign(out, { metaDescription: null });
  }
  if (p.titleNe !== undefined) out.titleNe = null;
  if (p.excerptNe !== undefined) out.excerptNe = null;
  if (p.contentNe !== undefined) out.contentNe = null;
  return out;
}

// The store's address has its rule in @khelkud/contracts (the contact e-mail writes it too); pages import it from here.
export { shopAddress } from "@khelkud/contracts";
