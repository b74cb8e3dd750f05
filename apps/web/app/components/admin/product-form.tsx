import { useState } from "react";
import { toast } from "../../lib/toast";
import {
  ADMIN_MSG,
  MAX_FEATURE_LENGTH,
  MAX_PRODUCT_FEATURES,
  MAX_PRODUCT_SPECIFICATIONS,
  MAX_SPECIFICATION_KEY_LENGTH,
  MAX_SPECIFICATION_VALUE_LENGTH,
  normalisePrintName,
  parsePrintNumber,
  paisaToRupees,
  rupeesToPaisa,
  slugify,
  splitList,
  type Category,
  type Player,
  type PrintScript,
  type Product,
} from "@khelkud/contracts";
import { catalogApi } from "./api/catalog";
import { ProductImagesEditor } from "./product-images-editor";
import { SeoFields, seoInput, seoText, type SeoText } from "./seo-fields";
import { CategoryPicker } from "./category-picker";
import { btn, Field, input } from "./ui";
import { useAdminForm } from "./use-admin-form";
import { formRules } from "../../lib/use-form";
import { CloseIcon } from "../icons";

type FormState = SeoText & {
  name: string;
  slug: string;
  categoryId: string;
  description: string;
  /** Optional Nepali versions (docs/decisions/089): shown on the /ne pages, the English text when empty. */
  nameNe: string;
  descriptionNe: string;
  /** The product page's features, one a line; the Nepali list is shown on /ne pages when it has any (docs/decisions/126). */
  features: string;
  featuresNe: string;
  /** The specification table, "Name: value" a line; the Nepali lines give Nepali values to the same names (docs/decisions/132). */
  specifications: string;
  specificationsNe: string;
  price: string;
  salePrice: string;
  /**
   * `was`: the size and stock as the form was opened or last saved. An edit sends the change made since (`stockWas`),
   * which the server applies to the stock as it is now (docs/decisions/191).
   */
  sizes: { size: string; stock: string; was?: { size: string; stock: number } }[];
  colors: string;
  brand: string;
  team: string;
  teamNe: string;
  featured: boolean;
  isNew: boolean;
  status: "ACTIVE" | "INACTIVE";
  /** Name-and-number printing (docs/decisions/100). */
  personalisable: boolean;
  /** Rupees; empty: the store's default fee. */
  printFee: string;
  devanagari: boolean;
  /** One player a line: "PAUDEL 7". */
  players: string;
};

/** A feature list typed one a line, empty lines left out. */
const featureLines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/** The contracts' limits on a feature list (the API checks them again), with the same messages. */
function featureListError(text: string): string | undefined {
  const lines = featureLines(text);
  if (lines.length > MAX_PRODUCT_FEATURES) return ADMIN_MSG.tooManyFeatures;
  if (lines.some((l) => l.length > MAX_FEATURE_LENGTH)) return ADMIN_MSG.featureTooLong;
  return undefined;
}

/** A specification table typed "Name: value" a line (split at the first colon), empty lines left out. */
function specificationRows(text: string): [string, string][] {
  return featureLines(text).map((line) => {
    const colon = line.indexOf(":");
    return colon < 0 ? [line, ""] : [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
  });
}

const specificationText = (table: Record<string, string> | undefined) =>
  Object.entries(table ?? {})
    .map(([name, value]) => `${name}: ${value}`)
    .join("\n");

/** The contracts' limits on a specification table (the API checks them again), with the same messages. */
function specificationTableError(text: string, english?: string): string | undefined {
  const rows = specificationRows(text);
  if (new Set(rows.map(([name]) => name)).size > MAX_PRODUCT_SPECIFICATIONS) return ADMIN_MSG.tooManySpecifications;
  if (new Set(rows.map(([name]) => name)).size < rows.length) return ADMIN_MSG.specificationKeyTwice;
  // A Nepali value is shown in its English row's place; one without that row would be saved and never shown.
  if (english !== undefined) {
    const names = new Set(specificationRows(english).map(([name]) => name));
    if (rows.some(([name]) => !names.has(name))) return ADMIN_MSG.specificationNeWithoutEnglish;
  }
  if (rows.some(([name]) => !name)) return ADMIN_MSG.specificationKeyEmpty;
  if (rows.some(([name]) => name.length > MAX_SPECIFICATION_KEY_LENGTH)) return ADMIN_MSG.specificationKeyTooLong;
  if (rows.some(([, value]) => !value)) return ADMIN_MSG.specificationValueEmpty;
  if (rows.some(([, value]) => value.length > MAX_SPECIFICATION_VALUE_LENGTH)) return ADMIN_MSG.specificationValueTooLong;
  return undefined;
}

/** "PAUDEL 7" lines into players, keeping the id of a player already listed with the same name and number. */
function parsePlayers(text: string, existing: Player[]): { players: { id?: string; name: string; number: number }[]; error: string | null } {
  const players: { id?: string; name: string; number: number }[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    const m = /^(.*\S)\s+(\S+)$/.exec(line);
    // The number by the printing rule itself (docs/decisions/183): one or two digits, Western or Devanagari.
    const number = m ? parsePrintNumber(m[2]) : null;
    if (!m || number === null) return { players, error: `"${line}": write the name, a space and the number (0–99), e.g. PAUDEL 7` };
    const name = normalisePrintName(m[1]!);
    const same = existing.find((p) => p.name === name && p.number === number);
    players.push({ ...(same ? { id: same.id } : {}), name, number });
  }
  return { players, error: null };
}

function fromProduct(p: Product | null): FormState {
  return {
    name: p?.name ?? "",
    slug: p?.slug ?? "",
    categoryId: p?.categoryId ?? "",
    description: p?.description ?? "",
    nameNe: p?.nameNe ?? "",
    descriptionNe: p?.descriptionNe ?? "",
    features: (p?.features ?? []).join("\n"),
    featuresNe: (p?.featuresNe ?? []).join("\n"),
    specifications: specificationText(p?.specifications),
    specificationsNe: specificationText(p?.specificationsNe),
    price: p ? String(paisaToRupees(p.price)) : "",
    salePrice: p?.salePrice ? String(paisaToRupees(p.salePrice)) : "",
    sizes: p?.sizes.length
      ? sizeRows(p.sizes)
      : [
          { size: "S", stock: "" },
          { size: "M", stock: "" },
          { size: "L", stock: "" },
          { size: "XL", stock: "" },
        ],
    colors: p?.colors.join(", ") ?? "",
    brand: p?.brand ?? "",
    team: p?.team ?? "",
    teamNe: p?.teamNe ?? "",
    featured: p?.featured ?? false,
    isNew: p?.isNew ?? false,
    status: p?.status ?? "ACTIVE",
    ...seoText(p),
    personalisable: p?.personalisable ?? false,
    printFee: p?.printFee != null ? String(paisaToRupees(p.printFee)) : "",
    devanagari: p?.printScripts.includes("DEVANAGARI") ?? false,
    players: (p?.players ?? []).map((pl) => `${pl.name} ${pl.number}`).join("\n"),
  };
}

const isWhole = (v: string) => /^\d+$/.test(v.trim());
const isMoney = (v: string) => /^\d+(\.\d{1,2})?$/.test(v.trim()) && Number(v) > 0;

/** The form's rules (the API checks the payload again with the contracts' schema). */
const productRules = (existing: Player[]) =>
  formRules<FormState>((f) => {
    const e: Record<string, string> = {};
    if (!f.name.trim()) e.name = "Product name is required";
    if (!f.categoryId) e.categoryId = "Category is required";
    if (!f.description.trim()) e.description = "Description is required";
    if (!isMoney(f.price)) e.price = "Price is required (rupees, greater than 0)";
    if (f.salePrice.trim() && !isMoney(f.salePrice)) e.salePrice = "Sale price must be an amount in rupees";
    else if (f.salePrice.trim() && Number(f.salePrice) >= Number(f.price)) e.salePrice = "Sale price must be lower than the price";
    const sizes = f.sizes.filter((s) => s.size.trim());
    if (!sizes.length) e.sizes = "Add at least one size with its stock";
    else if (sizes.some((s) => !isWhole(s.stock))) e.sizes = "Stock is required for every size (a whole number, 0 or more)";
    if (!f.brand.trim()) e.brand = "Brand is required";
    const features = featureListError(f.features);
    if (features) e.features = features;
    const featuresNe = featureListError(f.featuresNe);
    if (featuresNe) e.featuresNe = featuresNe;
    const specifications = specificationTableError(f.specifications);
    if (specifications) e.specifications = specifications;
    const specificationsNe = specificationTableError(f.specificationsNe, f.specifications);
    if (specificationsNe) e.specificationsNe = specificationsNe;
    if (f.printFee.trim() && !/^\d+(\.\d{1,2})?$/.test(f.printFee.trim())) e.printing = "Printing fee must be an amount in rupees (empty: the store's default)";
    const parsed = parsePlayers(f.players, existing);
    if (parsed.error) e.printing = parsed.error;
    return e;
  });

/** The product dialog's form. After creating, it stays open on the new product so images can be added. */
/** The form's size rows of a product's sizes, each remembering the size and stock it started from. */
function sizeRows(sizes: readonly { size: string; stock: number }[]): FormState["sizes"] {
  return sizes.map((s) => ({ size: s.size, stock: String(s.stock), was: { size: s.size, stock: s.stock } }));
}

export function ProductForm({
  product,
  categories,
  onCategoryCreated,
  onSaved,
}: {
  product: Product | null;
  categories: Category[];
  onCategoryCreated: (c: Category) => void;
  onSaved: (p: Product, created: boolean) => void;
}) {
  const form = useAdminForm(productRules(product?.players ?? []), fromProduct(product));
  const { values: f, set, errors, saving } = form;
  const [slugTouched, setSlugTouched] = useState(Boolean(product));

  function onName(name: string) {
    form.update({ name, slug: !slugTouched || f.slug === "" ? slugify(name) : f.slug });
  }

  const submit = form.onSubmit(
    async () => {
      const payload = {
        name: f.name.trim(),
        slug: f.slug.trim(),
        categoryId: f.categoryId,
        description: f.description.trim(),
        nameNe: f.nameNe.trim() || null,
        descriptionNe: f.descriptionNe.trim() || null,
        features: featureLines(f.features),
        featuresNe: featureLines(f.featuresNe),
        specifications: Object.fromEntries(specificationRows(f.specifications)),
        specificationsNe: Object.fromEntries(specificationRows(f.specificationsNe)),
        price: rupeesToPaisa(Number(f.price)),
        salePrice: f.salePrice.trim() ? rupeesToPaisa(Number(f.salePrice)) : null,
        sizes: f.sizes.filter((s) => s.size.trim()).map((s) => ({ size: s.size.trim(), stock: Number(s.stock), ...(s.was?.size === s.size.trim() ? { stockWas: s.was.stock } : {}) })),
        colors: splitList(f.colors),
        brand: f.brand.trim(),
        team: f.team.trim() || null,
        teamNe: f.teamNe.trim() || null,
        featured: f.featured,
        isNew: f.isNew,
        status: f.status,
        ...seoInput(f),
        printing: {
          personalisable: f.personalisable,
          printFee: f.printFee.trim() ? rupeesToPaisa(Number(f.printFee)) : null,
          printScripts: f.devanagari ? (["LATIN", "DEVANAGARI"] as PrintScript[]) : (["LATIN"] as PrintScript[]),
          players: parsePlayers(f.players, product?.players ?? []).players,
        },
      };
      const data = await catalogApi.saveProduct(product?.id ?? null, payload);
      // The stock as saved becomes the form's own (with orders placed meanwhile, not what was typed), and the base of
      // the next save's changes.
      set("sizes", sizeRows(data.product.sizes));
      toast.success(product ? "Product updated successfully!" : "Product created successfully!");
      onSaved(data.product, !product);
    },
    { fallback: "Error saving product. Please try again." },
  );

  return (
    <div className="space-y-4">
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" error={errors.name}>
          <input className={input} value={f.name} onChange={(e) => onName(e.target.value)} required />
        </Field>
        <Field label="Slug" error={errors.slug} hint="Built from the name; you may edit it">
          <input
            className={input}
            value={f.slug}
            onChange={(e) => {
              setSlugTouched(true);
              set("slug", e.target.value);
            }}
          />
        </Field>
        <CategoryPicker
          type="PRODUCT"
          categories={categories}
          value={f.categoryId}
          error={errors.categoryId}
          onChange={(id) => set("categoryId", id)}
          onCreated={onCategoryCreated}
        />
        <Field label="Brand" error={errors.brand}>
          <input className={input} value={f.brand} onChange={(e) => set("brand", e.target.value)} />
        </Field>
        <div className="sm:col-span-2">
          <Field label="Description" error={errors.description}>
            <textarea className={input} rows={3} value={f.description} onChange={(e) => set("description", e.target.value)} />
          </Field>
        </div>
        <Field label="Name (Nepali, optional)" error={errors.nameNe}>
          <input className={input} lang="ne" maxLength={200} value={f.nameNe} onChange={(e) => set("nameNe", e.target.value)} placeholder="नेपाल घरेलु जर्सी" />
        </Field>
        <div className="sm:col-span-2">
          <Field label="Description (Nepali, optional)" error={errors.descriptionNe}>
            <textarea className={input} lang="ne" rows={3} maxLength={10_000} value={f.descriptionNe} onChange={(e) => set("descriptionNe", e.target.value)} />
          </Field>
        </div>
        <Field label="Features" hint="One a line, shown as a list under the description" error={errors.features}>
          <textarea className={input} rows={4} value={f.features} onChange={(e) => set("features", e.target.value)} />
        </Field>
        <Field label="Features (Nepali, optional)" hint="One a line; empty: the English features" error={errors.featuresNe}>
          <textarea className={input} lang="ne" rows={4} value={f.featuresNe} onChange={(e) => set("featuresNe", e.target.value)} placeholder="छिटो सुक्ने कपडा" />
        </Field>
        <Field label="Specifications" hint="One a line, name: value (Material: 100% recycled polyester)" error={errors.specifications}>
          <textarea className={input} rows={4} value={f.specifications} onChange={(e) => set("specifications", e.target.value)} />
        </Field>
        <Field label="Specifications (Nepali, optional)" hint="The English names, with the value in Nepali; a name left out shows its English value" error={errors.specificationsNe}>
          <textarea className={input} lang="ne" rows={4} value={f.specificationsNe} onChange={(e) => set("specificationsNe", e.target.value)} placeholder="Material: १००% रिसाइकल गरिएको पोलिएस्टर" />
        </Field>
        <Field label="Price (NPR)" error={errors.price}>
          <input className={input} inputMode="decimal" value={f.price} onChange={(e) => set("price", e.target.value)} />
        </Field>
        <Field label="Sale price (NPR, optional)" error={errors.salePrice}>
          <input className={input} inputMode="decimal" value={f.salePrice} onChange={(e) => set("salePrice", e.target.value)} />
        </Field>
        <fieldset className="sm:col-span-2" data-invalid={errors.sizes ? "" : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-700">Stock per size</legend>
          <div className="flex flex-wrap gap-2">
            {f.sizes.map((s, i) => (
              <div key={i} className="flex items-center gap-1 rounded border border-slate-200 p-1">
                <input
                  className="w-14 rounded border border-slate-300 px-2 py-1 text-sm"
                  aria-label={`Size ${i + 1}`}
                  value={s.size}
                  onChange={(e) =>
                    set(
                      "sizes",
                      f.sizes.map((x, j) => (j === i ? { ...x, size: e.target.value } : x)),
                    )
                  }
                />
                <input
                  className="w-20 rounded border border-slate-300 px-2 py-1 text-sm"
                  aria-label={`Stock for size ${s.size || i + 1}`}
                  inputMode="numeric"
                  value={s.stock}
                  onChange={(e) =>
                    set(
                      "sizes",
                      f.sizes.map((x, j) => (j === i ? { ...x, stock: e.target.value } : x)),
                    )
                  }
                />
                <button
                  type="button"
                  className="flex h-11 w-11 shrink-0 items-center justify-center text-slate-500 hover:text-red-700"
                  aria-label={`Remove size ${s.size || i + 1}`}
                  onClick={() =>
                    set(
                      "sizes",
                      f.sizes.filter((_, j) => j !== i),
                    )
                  }
                >
                  <CloseIcon className="h-4 w-4" />
                </button>
              </div>
            ))}
            <button type="button" className={btn.small} onClick={() => set("sizes", [...f.sizes, { size: "", stock: "" }])}>
              + Add size
            </button>
          </div>
          {errors.sizes && (
            <p role="alert" className="mt-1 text-xs font-medium text-red-700">
              {errors.sizes}
            </p>
          )}
        </fieldset>
        <Field label="Team">
          <input className={input} value={f.team} onChange={(e) => set("team", e.target.value)} />
        </Field>
        <Field label="Team (Nepali, optional)" hint="Shown on Nepali pages; empty: the English team" error={errors.teamNe}>
          <input className={input} lang="ne" maxLength={100} value={f.teamNe} onChange={(e) => set("teamNe", e.target.value)} placeholder="नेपाल राष्ट्रिय टोली" />
        </Field>
        <Field label="Colours" hint="Comma-separated">
          <input className={input} value={f.colors} onChange={(e) => set("colors", e.target.value)} />
        </Field>
        <Field label="Status">
          <select className={input} value={f.status} onChange={(e) => set("status", e.target.value as FormState["status"])}>
            <option value="ACTIVE">Active</option>
            <option value="INACTIVE">Inactive</option>
          </select>
        </Field>
        <div className="flex items-end gap-4 pb-2 text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={f.featured} onChange={(e) => set("featured", e.target.checked)} /> Featured
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={f.isNew} onChange={(e) => set("isNew", e.target.checked)} /> New
          </label>
        </div>
        <SeoFields value={f} onChange={set} />
        <fieldset className="space-y-2 rounded-md border border-slate-200 p-3 sm:col-span-2">
          <legend className="px-1 text-sm font-semibold">Name &amp; number printing</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={f.personalisable} onChange={(e) => set("personalisable", e.target.checked)} /> Personalisable (shoppers can add a
            name and number)
          </label>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Printing fee (Rs.)" hint="Empty: the store's default fee (Settings)">
              <input className={input} inputMode="decimal" value={f.printFee} onChange={(e) => set("printFee", e.target.value)} />
            </Field>
            <label className="flex items-center gap-2 self-end pb-2 text-sm">
              <input type="checkbox" checked={f.devanagari} onChange={(e) => set("devanagari", e.target.checked)} /> Allow Devanagari names
            </label>
          </div>
          <Field label="Players" hint="One a line: name, then number (e.g. PAUDEL 7)" error={errors.printing}>
            <textarea className={input} rows={4} value={f.players} onChange={(e) => set("players", e.target.value)} />
          </Field>
        </fieldset>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <button type="submit" className={btn.primary} disabled={saving}>
            {saving ? "Saving..." : product ? "Update Product" : "Create Product"}
          </button>
        </div>
      </form>
      {product ? (
        <ProductImagesEditor product={product} onChange={(p) => onSaved(p, false)} />
      ) : (
        <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-600">Images can be added once the product is created.</p>
      )}
    </div>
  );
}
