import { useState } from "react";
import { toast } from "../../lib/toast";
import { MAX_SHOP_ADDRESS, paisaToRupees, rupeesToPaisa, VAT_NEEDS_PAN_MESSAGE, type StoreSettings } from "@khelkud/contracts";
import { useApiGet } from "../../components/admin/api/hooks";
import { SETTINGS_URL, shopApi, type StoreSettingsResult } from "../../components/admin/api/shop";
import { NoPanWarning } from "../../components/admin/no-pan-warning";
import { btn, ErrorNote, Field, input, PageHeader } from "../../components/admin/ui";
import { useAdminForm } from "../../components/admin/use-admin-form";
import { formRules } from "../../lib/use-form";

type ShippingKey = keyof StoreSettings["shipping"];
type Form = Omit<StoreSettings, "shipping" | "printFeePaisa"> & { shipping: Record<ShippingKey, string>; printFee: string };

/** The shipping rule's three amounts, in the order the form shows them. */
const SHIPPING_FIELDS: { key: ShippingKey; label: string }[] = [
  { key: "freeAbovePaisa", label: "Free shipping above" },
  { key: "valleyFeePaisa", label: "Fee inside Kathmandu Valley" },
  { key: "elsewhereFeePaisa", label: "Fee elsewhere in Nepal" },
];

const mapShipping = <A, B>(from: Record<ShippingKey, A>, f: (v: A) => B) =>
  Object.fromEntries(SHIPPING_FIELDS.map(({ key }) => [key, f(from[key])])) as Record<ShippingKey, B>;

function toForm({ printFeePaisa, ...s }: StoreSettings): Form {
  return { ...s, printFee: String(paisaToRupees(printFeePaisa)), shipping: mapShipping(s.shipping, (p) => String(paisaToRupees(p))) };
}

const isRupees = (v: string) => /^\d+(\.\d{1,2})?$/.test(v.trim());

const settingsRules = formRules<Form>((f) => ({
  shipping: Object.values(f.shipping).every(isRupees) ? undefined : "Shipping amounts must be amounts in rupees (0 or more)",
  printFeePaisa: isRupees(f.printFee) ? undefined : "The printing fee must be an amount in rupees (0 or more)",
  // As the API refuses it (docs/decisions/175): a VAT-registered seller has a PAN/VAT number.
  pan: f.vatRegistered && !f.pan.trim() ? VAT_NEEDS_PAN_MESSAGE : undefined,
}));

export default function AdminSettings() {
  const { data, error, reload } = useApiGet<StoreSettingsResult>(SETTINGS_URL);
  return (
    <div className="max-w-3xl">
      <PageHeader title="Settings" subtitle="Shop details, the shipping rule and the figures on the home and about pages" />
      {error && <ErrorNote text={error} onRetry={reload} />}
      {data && <SettingsForm settings={data.settings} version={data.version} />}
    </div>
  );
}

function SettingsForm({ settings, version }: { settings: StoreSettings; version: string }) {
  const form = useAdminForm(settingsRules, toForm(settings));
  const { values: f, set, errors, saving } = form;
  // The PAN bills are issued with now: the saved one, not what is being typed.
  const [savedPan, setSavedPan] = useState(settings.pan);
  // The settings this form was opened on (or last saved): a save after another administrator's is refused (409).
  const [openedOn, setOpenedOn] = useState(version);
  const submit = form.onSubmit(
    async () => {
      const { printFee, ...rest } = f;
      const shipping = mapShipping(f.shipping, (v) => rupeesToPaisa(Number(v)));
      const r = await shopApi.saveSettings({ ...rest, shipping, printFeePaisa: rupeesToPaisa(Number(printFee)) }, openedOn);
      form.reset(toForm(r.settings));
      setOpenedOn(r.version);
      setSavedPan(r.settings.pan);
      toast.success("Settings saved");
    },
    { fallback: "Settings could not be saved", field: (field) => (field.startsWith("social.") ? field : field.split(".")[0]!) },
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <legend className="px-1 font-semibold">Shop and contact</legend>
        <Field label="Shop name" error={errors.shopName}>
          <input className={input} value={f.shopName} onChange={(e) => set("shopName", e.target.value)} />
        </Field>
        <Field label="Phone" error={errors.phone}>
          <input className={input} value={f.phone} onChange={(e) => set("phone", e.target.value)} />
        </Field>
        <Field label="Email" error={errors.email}>
          <input className={input} type="email" value={f.email} onChange={(e) => set("email", e.target.value)} />
        </Field>
        <Field label="Address" error={errors.address}>
          <input className={input} maxLength={MAX_SHOP_ADDRESS} value={f.address} onChange={(e) => set("address", e.target.value)} />
        </Field>
        <Field label="Address (Nepali, optional)" hint="Shown on the Nepali pages; empty: the address above" error={errors.addressNe}>
          <input className={input} lang="ne" maxLength={MAX_SHOP_ADDRESS} value={f.addressNe} onChange={(e) => set("addressNe", e.target.value)} placeholder="न्युरोड, काठमाडौं" />
        </Field>
      </fieldset>
      <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <legend className="px-1 font-semibold">Seller on bills</legend>
        <p className="text-xs text-slate-600 sm:col-span-2">
          Printed on invoices and credit notes issued from now on; documents already issued keep what they were issued with.
        </p>
        <Field label="Legal name (blank: the shop name)" error={errors.legalName}>
          <input className={input} value={f.legalName} onChange={(e) => set("legalName", e.target.value)} />
        </Field>
        <Field label="Registered address (blank: the address above)" error={errors.legalAddress}>
          <input className={input} value={f.legalAddress} onChange={(e) => set("legalAddress", e.target.value)} />
        </Field>
        {!savedPan && <NoPanWarning inSettings />}
        <Field label="PAN / VAT number (9 digits)" error={errors.pan}>
          <input className={input} inputMode="numeric" maxLength={9} value={f.pan} onChange={(e) => set("pan", e.target.value)} />
        </Field>
        <Field label="Invoice number prefix (e.g. KK-)" error={errors.invoicePrefix}>
          <input className={input} value={f.invoicePrefix} onChange={(e) => set("invoicePrefix", e.target.value)} />
        </Field>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" checked={f.vatRegistered} onChange={(e) => set("vatRegistered", e.target.checked)} />
          VAT-registered: prices include 13% VAT and bills are Tax Invoices (otherwise an Invoice without VAT); needs the PAN/VAT number
        </label>
      </fieldset>
      <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3" data-invalid={errors.shipping ? "" : undefined}>
        <legend className="px-1 font-semibold">Shipping rule (NPR)</legend>
        {SHIPPING_FIELDS.map(({ key, label }) => (
          <Field key={key} label={label}>
            <input className={input} inputMode="decimal" value={f.shipping[key]} onChange={(e) => set("shipping", { ...f.shipping, [key]: e.target.value })} />
          </Field>
        ))}
        {errors.shipping && (
          <p role="alert" className="text-xs font-medium text-red-700 sm:col-span-3">
            {errors.shipping}
          </p>
        )}
      </fieldset>
      <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3">
        <legend className="px-1 font-semibold">Name &amp; number printing (NPR)</legend>
        <Field label="Printing fee per item" hint="For personalisable products without a fee of their own" error={errors.printFeePaisa}>
          <input className={input} inputMode="decimal" value={f.printFee} onChange={(e) => set("printFee", e.target.value)} />
        </Field>
      </fieldset>
      <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <legend className="px-1 font-semibold">Home and about page figures</legend>
        <p className="text-xs text-slate-600 sm:col-span-2">The number of products and teams is counted from the catalogue. Leave a figure empty to hide it.</p>
        <Field label="Customers (e.g. 2,500+)" error={errors.stats}>
          <input className={input} value={f.stats.customers} onChange={(e) => set("stats", { ...f.stats, customers: e.target.value })} />
        </Field>
        <Field label="Support (e.g. 7 days a week)">
          <input className={input} value={f.stats.support} onChange={(e) => set("stats", { ...f.stats, support: e.target.value })} />
        </Field>
      </fieldset>
      <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <legend className="px-1 font-semibold">Social links in the footer</legend>
        <p className="text-xs text-slate-600 sm:col-span-2">Full https addresses. A link left empty is not shown.</p>
        {(
          [
            ["facebook", "Facebook", "https://www.facebook.com/…"],
            ["instagram", "Instagram", "https://www.instagram.com/…"],
            ["tiktok", "TikTok", "https://www.tiktok.com/@…"],
            ["youtube", "YouTube", "https://www.youtube.com/@…"],
          ] as const
        ).map(([k, label, placeholder]) => (
          <Field key={k} label={label} error={errors[`social.${k}`]}>
            <input
              className={input}
              type="url"
              inputMode="url"
              placeholder={placeholder}
              value={f.social[k]}
              onChange={(e) => set("social", { ...f.social, [k]: e.target.value })}
            />
          </Field>
        ))}
      </fieldset>
      <button type="submit" className={btn.primary} disabled={saving}>
        {saving ? "Saving..." : "Save Settings"}
      </button>
    </form>
  );
}
