import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { en } from "./en";
import { ne } from "./ne";
import { i18nFor } from "../lib/i18n";
import "../lib/i18n-ne";

/**
 * The catalogues' check (docs/decisions/108): both languages have the same keys, every Nepali text is Nepali and keeps
 * the English text's placeholders, every key the code asks for exists, and the storefront components that have moved
 * to the catalogues render no English text of their own.
 */
const APP = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function flatten(tree: object, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(name, value);
    else for (const [k, v] of flatten(value as object, name)) out.set(k, v);
  }
  return out;
}

const EN = flatten(en);
const NE = flatten(ne);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<\/?(\w+)>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === "admin" || d.name === "locales" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [full] : [];
  });
}

describe("catalogues", () => {
  it("give every text as written, an empty one included, never its key", () => {
    for (const [locale, texts] of [["en", EN], ["ne", NE]] as const) {
      const t = i18nFor(locale).t;
      for (const [key, text] of texts) if (!placeholders(text).length) expect(t(key), `${locale} ${key}`).toBe(text);
    }
    expect(EN.get("register.agreeAfter")).toBe("");
  });

  it("have the same keys in English and Nepali", () => {
    expect([...NE.keys()].filter((k) => !EN.has(k)), "only in ne.ts").toEqual([]);
    expect([...EN.keys()].filter((k) => !NE.has(k)), "missing from ne.ts").toEqual([]);
  });

  it("give every English text a Nepali one with the same placeholders", () => {
    for (const [key, english] of EN) {
      const nepali = NE.get(key)!;
      if (english === "") continue;
      expect(nepali, key).toMatch(/[\u0900-\u097F]/);
      expect(placeholders(nepali), key).toEqual(placeholders(english));
    }
  });

  it("has every key the storefront asks for", () => {
    const missing: string[] = [];
    for (const file of sourceFiles(APP)) {
      const text = fs.readFileSync(file, "utf8");
      for (const m of text.matchAll(/\b(?:t|tBrowser|metaT\([^)]*\))\(\s*"([a-zA-Z][\w.]*)"/g)) {
        const key = m[1]!;
        if (!EN.has(key) && !EN.has(`${key}_one`)) missing.push(`${path.relative(APP, file)}: ${key}`);
      }
      // Keys given as data (NAV, FIELDS, METHODS …) are checked the same way.
      for (const m of text.matchAll(/\b(?:label|hint): "((?:nav|footer|checkout|cart|product|order|register|summary)\.[\w.]+)"/g)) {
        if (!EN.has(m[1]!)) missing.push(`${path.relative(APP, file)}: ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

/**
 * Storefront components whose texts are all in the catalogues. A sentence typed straight into one of them (JSX text or
 * a text attribute a shopper reads or hears) fails here; add a file to the list when its screen moves to the catalogues.
 */
const TRANSLATED = [
  "components/site-header.tsx",
  "components/site-footer.tsx",
  "components/language-switch.tsx",
  "components/price.tsx",
  "components/stock-badge.tsx",
  "components/star-rating.tsx",
  "components/purchase-panel.tsx",
  "components/cart-panel.tsx",
  "components/order-summary.tsx",
  "routes/register.tsx",
  "routes/checkout.tsx",
  "routes/order-success.tsx",
  "routes/cart.tsx",
  "components/order-status-badge.tsx",
  "routes/home.tsx",
  "routes/catalogue.tsx",
  "components/product-card.tsx",
  "components/showcase.tsx",
  "components/feature-tile.tsx",
  "components/search-box.tsx",
  "components/load-error.tsx",
  "components/breadcrumb.tsx",
  "components/status-screens.tsx",
  "components/live-toasts.tsx",
  "routes/product.tsx",
  "components/product-reviews.tsx",
  "components/product-gallery.tsx",
  "components/tabs.tsx",
  "components/quick-view.tsx",
  "components/personalise-panel.tsx",
  "routes/login.tsx",
  "routes/forgot-password.tsx",
  "routes/reset-password.tsx",
  "routes/not-found.tsx",
  "routes/order-detail.tsx",
  "components/profile-orders.tsx",
  "components/pay-now.tsx",
  "components/wallet-redirect.tsx",
  "components/payment-result.tsx",
  "routes/payment/esewa-failed.tsx",
  "routes/payment/esewa-success.tsx",
  "routes/payment/failed.tsx",
  "routes/payment/khalti-callback.tsx",
  "routes/payment/khalti-failed.tsx",
  "routes/payment/khalti-success.tsx",
  "routes/payment/selection.tsx",
  "routes/payment/success.tsx",
  "routes/profile.tsx",
  "components/profile/profile-header.tsx",
  "components/profile/profile-details.tsx",
  "components/profile/security-tab.tsx",
  "components/notification-preferences.tsx",
  "components/profile-wishlist.tsx",
  "components/avatar-crop-dialog.tsx",
  "components/form-fields.tsx",
  "routes/blogs.tsx",
  "routes/blog-post.tsx",
  "components/blog-card.tsx",
  "components/latest-posts.tsx",
  "routes/newsletter.tsx",
  "routes/newsletter-unsubscribe.tsx",
  "components/newsletter-form.tsx",
  "components/account-menu.tsx",
  "routes/info/contact.tsx",
  "routes/info/returns.tsx",
  "components/info-page.tsx",
  "routes/info/shipping.tsx",
  "routes/info/faq.tsx",
  "routes/info/about.tsx",
  "routes/info/size-guide.tsx",
  "routes/info/terms.tsx",
  "routes/info/privacy.tsx",
  "components/print-line.tsx",
  "components/quantity-stepper.tsx",
];

/** Words that are the same in both languages: the shop's and the wallets' names as written in Latin letters. */
const SAME_IN_BOTH = new Set(["English", "98XXXXXXXX"]);

function englishIn(source: string): string[] {
  const found: string[] = [];
  // JSX text between tags: >Some words< (not the arrow of a type: `=> Promise<void>`)
  for (const m of source.matchAll(/(?<!=)>\s*([^<>{}`]*[A-Za-z]{2,}[^<>{}`]*?)\s*</g)) {
    const text = m[1]!.trim();
    // Code between type arguments or comparisons is not text: it has operators, or is one lower-case word.
    const looksLikeText = !/[=;()&|?[\]]/.test(text) && (/^[A-Z]/.test(text) || /[A-Za-z]\s+[A-Za-z]/.test(text));
    if (looksLikeText && !SAME_IN_BOTH.has(text)) found.push(text);
  }
  // A full stop typed after a link ends a Nepali sentence with "." instead of "।": it is `t("lang.stop")`.
  // ("?" and "!" are the same in both languages.)
  for (const m of source.matchAll(/(?<!=)>\s*(\.)\s*</g)) found.push(m[1]!);
  // Text attributes: label="…", aria-label="…", title="…", placeholder="…", alt="…" with a word in them.
  for (const m of source.matchAll(/\b(?:label|aria-label|title|placeholder|alt|busyLabel|subtitle|hint)="([^"]*[A-Za-z]{2,}[^"]*)"/g)) {
    if (!SAME_IN_BOTH.has(m[1]!)) found.push(m[1]!);
  }
  return found;
}

describe("no English text outside the catalogues", () => {
  for (const file of TRANSLATED) {
    it(file, () => {
      expect(englishIn(fs.readFileSync(path.join(APP, file), "utf8"))).toEqual([]);
    });
  }

  it("finds a sentence typed into a component (the check itself)", () => {
    expect(englishIn(`<p className="x">Your cart is empty</p>`)).toEqual(["Your cart is empty"]);
    expect(englishIn(`<TextField label="Full Name" />`)).toEqual(["Full Name"]);
    expect(englishIn(`<p>{t("cart.empty")}</p>`)).toEqual([]);
    expect(englishIn(`onSaved: () => Promise<void>;`)).toEqual([]);
    expect(englishIn(`See <Link to="/returns">{t("faq.returnsLink")}</Link>.\n</>`)).toEqual(["."]);
    expect(englishIn(`<a href="tel:1">{phone}</a>\n          .\n        </p>`)).toEqual(["."]);
    expect(englishIn(`<Link to="/returns">{t("faq.returnsLink")}</Link>\n{t("lang.stop")}\n</>`)).toEqual([]);
  });
});
