import { expect, test, type APIRequestContext } from "@playwright/test";

/**
 * The addresses a rendered page gives search engines and link previews (docs/decisions/105, 184): the canonical link,
 * the `hreflang` alternates, `og:url` and the breadcrumb's structured data, read from the production build's pages.
 */

async function head(request: APIRequestContext, url: string): Promise<string> {
  const res = await request.get(url, { headers: { accept: "text/html" } });
  expect(res.status(), url).toBe(200);
  const body = await res.text();
  return body.slice(0, body.indexOf("</head>"));
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1]?.replaceAll("&amp;", "&");

/** The head's addresses: canonical, og:url and each alternate by its language. */
function addresses(html: string) {
  const links = [...html.matchAll(/<link\s[^>]*>/gi)].map((m) => m[0]);
  const canonical = links.filter((l) => attr(l, "rel") === "canonical").map((l) => attr(l, "href"));
  const alternates = Object.fromEntries(links.filter((l) => attr(l, "rel") === "alternate").map((l) => [attr(l, "hreflang"), attr(l, "href")]));
  const ogUrl = [...html.matchAll(/<meta\s[^>]*property="og:url"[^>]*>/gi)].map((m) => attr(m[0], "content"));
  return { links, canonical, alternates, ogUrl };
}

function breadcrumbItems(html: string): string[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as { "@type": string; itemListElement?: { item: string }[] });
  const list = blocks.find((b) => b["@type"] === "BreadcrumbList");
  expect(list, "a BreadcrumbList").toBeDefined();
  return list!.itemListElement!.map((e) => e.item);
}

/** The shop's address as its pages write it, a demo product with its category, and a demo post. */
async function demo(request: APIRequestContext) {
  const shop = addresses(await head(request, "/")).canonical[0]!.replace(/\/$/, "");
  const product = (await (await request.get("/api/products?limit=1")).json()).data.products[0] as { slug: string; category: { slug: string } | null };
  const post = (await (await request.get("/api/blogs?limit=1")).json()).data.blogs[0] as { slug: string };
  return { shop, product: product.slug, category: product.category!.slug, post: post.slug };
}

test("a Nepali product page's breadcrumb data points at the Nepali pages, an English one's at the English pages", async ({ request }) => {
  const d = await demo(request);
  expect(breadcrumbItems(await head(request, `/ne/products/${d.product}`))).toEqual([`${d.shop}/ne`, `${d.shop}/ne/products`, `${d.shop}/ne/products?category=${d.category}`, `${d.shop}/ne/products/${d.product}`]);
  expect(breadcrumbItems(await head(request, `/products/${d.product}`))).toEqual([`${d.shop}/`, `${d.shop}/products`, `${d.shop}/products?category=${d.category}`, `${d.shop}/products/${d.product}`]);
});

test("hreflang alternates name the canonical address in each language, never a visit's tags, a search or a token", async ({ request }) => {
  const d = await demo(request);
  const cases: [string, string][] = [
    [`/products/${d.product}?utm_source=facebook&fbclid=abc`, `/products/${d.product}`],
    [`/ne/products/${d.product}?utm_source=facebook&fbclid=abc`, `/products/${d.product}`],
    [`/products/${d.product}?review=true`, `/products/${d.product}`],
    ["/products?q=nepal", "/products"],
    ["/ne/products?q=nepal&page=2", "/products"],
    [`/products?category=${d.category}&sort=price-low&page=2`, `/products?category=${d.category}`],
  ];
  for (const [url, en] of cases) {
    const { canonical, alternates, links } = addresses(await head(request, url));
    expect(alternates, url).toEqual({ en: `${d.shop}${en}`, ne: `${d.shop}/ne${en}`, "x-default": `${d.shop}${en}` });
    expect(canonical, url).toEqual([url.startsWith("/ne/") ? `${d.shop}/ne${en}` : `${d.shop}${en}`]);
    expect(links.join("\n"), url).not.toMatch(/utm_source|fbclid|review=|q=nepal/);
  }
  // A page that names no canonical has no alternates: a reset or unsubscribe link's token is not repeated in its head.
  for (const url of ["/reset-password?token=secret-reset-token", "/ne/reset-password?token=secret-reset-token", "/newsletter/unsubscribe?token=secret-unsubscribe-token"]) {
    const { canonical, alternates, links } = addresses(await head(request, url));
    expect(canonical, url).toEqual([]);
    expect(alternates, url).toEqual({});
    expect(links.join("\n"), url).not.toContain("secret-");
  }
});

test("og:url is the canonical address on the home, product, catalogue, blog and information pages, in both languages", async ({ request }) => {
  const d = await demo(request);
  for (const path of ["/", `/products/${d.product}`, `/products?category=${d.category}`, "/blogs", `/blogs/${d.post}`, "/about", "/contact", "/faq"]) {
    const nepali = path === "/" ? "/ne" : `/ne${path}`;
    for (const url of [path, nepali]) {
      const { canonical, ogUrl, alternates } = addresses(await head(request, url));
      expect(canonical, url).toEqual([`${d.shop}${url}`]);
      expect(ogUrl, url).toEqual(canonical);
      expect(alternates, url).toEqual({ en: `${d.shop}${path}`, ne: `${d.shop}${nepali}`, "x-default": `${d.shop}${path}` });
    }
  }
});
