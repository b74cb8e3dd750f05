import type { ReactNode } from "react";
import { splitList } from "@khelkud/contracts";
import { Field, input } from "./ui";

/** The search-engine fields a product and a blog post share, as the admin forms hold them (lists as comma-separated text). */
export interface SeoText {
  metaTitle: string;
  metaDescription: string;
  keywords: string;
  metaTags: string;
}

/** The form's text from a saved product or post (empty for a new one). */
export function seoText(saved: { metaTitle: string | null; metaDescription: string | null; keywords: string[]; metaTags: string[] } | null): SeoText {
  return {
    metaTitle: saved?.metaTitle ?? "",
    metaDescription: saved?.metaDescription ?? "",
    keywords: saved?.keywords.join(", ") ?? "",
    metaTags: saved?.metaTags.join(", ") ?? "",
  };
}

/** What the API takes: blank text is null, lists are split on commas. */
export function seoInput(f: SeoText) {
  return {
    metaTitle: f.metaTitle.trim() || null,
    metaDescription: f.metaDescription.trim() || null,
    keywords: splitList(f.keywords),
    metaTags: splitList(f.metaTags),
  };
}

/** Meta title, keywords, meta description, then whatever the form puts between (`children`), then the meta tags. */
export function SeoFields({ value, onChange, children }: { value: SeoText; onChange: (field: keyof SeoText, text: string) => void; children?: ReactNode }) {
  return (
    <>
      <Field label="Meta title">
        <input className={input} value={value.metaTitle} onChange={(e) => onChange("metaTitle", e.target.value)} />
      </Field>
      <Field label="Keywords" hint="Comma-separated">
        <input className={input} value={value.keywords} onChange={(e) => onChange("keywords", e.target.value)} />
      </Field>
      <Field label="Meta description">
        <textarea className={input} rows={2} value={value.metaDescription} onChange={(e) => onChange("metaDescription", e.target.value)} />
      </Field>
      {children}
      <Field label="Meta tags" hint="Comma-separated">
        <input className={input} value={value.metaTags} onChange={(e) => onChange("metaTags", e.target.value)} />
      </Field>
    </>
  );
}
