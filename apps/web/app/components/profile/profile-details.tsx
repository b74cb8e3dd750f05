import { useState } from "react";
import { Form, useActionData, useNavigation, useSearchParams } from "react-router";
import { toast } from "../../lib/toast";
import { AUTH_MSG, COUNTRIES, districtsOf, placeName, placeOptions, PROVINCE_NAMES, UpdateProfileInputSchema, type Profile } from "@khelkud/contracts";
import { FormBanner, FormDone, TextField } from "../form-fields";
import type { ProfileFormResult } from "./profile-form-result";
import { useAnswerRenderedWith, useEachNewResult, useHydrated } from "../../lib/route-form";
import { useI18n } from "../../lib/i18n";

export type Flat = { name: string; email: string; phone: string; country: string; street: string; landmark: string; city: string; district: string; state: string; postalCode: string };
export const flatten = (p: Profile): Flat => ({
  name: p.name,
  email: p.email,
  phone: p.phone ?? "",
  country: p.address.country || "Nepal",
  street: p.address.street ?? "",
  landmark: p.address.landmark ?? "",
  city: p.address.city ?? "",
  district: p.address.district ?? "",
  state: p.address.state ?? "",
  postalCode: p.address.postalCode ?? "",
});
export const toInput = (f: Flat, currentPassword?: string) => ({ name: f.name, email: f.email, phone: f.phone, address: { street: f.street, landmark: f.landmark, city: f.city, district: f.country === "Nepal" ? f.district : "", state: f.state, postalCode: f.postalCode, country: f.country }, ...(currentPassword ? { currentPassword } : {}) });

/**
 * Personal information: shown, then edited in a form that posts to the profile route's action (intent "update-profile",
 * docs/decisions/088) after the same schema has been checked here.
 */
export function ProfileDetails({ profile }: { profile: Profile }) {
  const saved = flatten(profile);
  const result = useActionData() as ProfileFormResult | undefined;
  // Without scripts the page is the state: "Edit Profile" asks for ?edit=details, and a refused post comes back with
  // the form open on what was typed and its messages; a saved one shows the information and says so.
  const inPage = useAnswerRenderedWith(result?.intent === "update-profile" ? result : undefined);
  const refused = inPage && !inPage.done ? inPage : undefined;
  const [params] = useSearchParams();
  const [editing, setEditing] = useState(params.get("edit") === "details" || refused !== undefined);
  const [values, setValues] = useState<Flat>(() => ({ ...saved, ...(refused?.values as Partial<Flat> | undefined) }));
  const [errors, setErrors] = useState<Record<string, string>>(refused?.fieldErrors ?? {});
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "update-profile";
  const changed = (Object.keys(saved) as (keyof Flat)[]).some((k) => values[k].trim() !== saved[k]);
  // A new e-mail address needs the current password (the server ends other sessions and tells the old address).
  const emailChanged = values.email.trim().toLowerCase() !== saved.email.toLowerCase();
  const [currentPassword, setCurrentPassword] = useState("");
  const { t, say, locale } = useI18n();

  function check(next: Flat): Record<string, string> {
    const r = UpdateProfileInputSchema.safeParse(toInput(next));
    const out: Record<string, string> = {};
    if (!r.success) for (const i of r.error.issues) out[String(i.path[i.path.length - 1])] ??= i.message;
    return out;
  }

  function onSave(e: React.FormEvent) {
    const errs = check(values);
    if (emailChanged && !currentPassword) errs.currentPassword = AUTH_MSG.currentPasswordRequired;
    setErrors(errs);
    if (Object.keys(errs).length || busy) e.preventDefault();
  }

  // The action's answer: saved (the loaders have read the new profile), or the messages to show.
  useEachNewResult(result?.intent === "update-profile" ? result : undefined, (r) => {
    if (r.done) {
      setCurrentPassword("");
      toast.success(say(r.done), { id: "profile-updated", duration: 2000 });
      setEditing(false);
      return;
    }
    if (r.fieldErrors) setErrors(r.fieldErrors);
    toast.error(r.formError ? say(r.formError) : t("profile.updateFailed"), { duration: 3000 });
  });

  if (!editing) {
    const rows: [string, string][] = [
      [t("checkout.fullName"), saved.name],
      [t("checkout.email"), saved.email],
      [t("checkout.phone"), saved.phone || "—"],
      [t("profile.country"), saved.country],
      [t("checkout.street"), saved.street || "—"],
      [t("checkout.landmark"), saved.landmark || "—"],
      [t("checkout.area"), saved.city || "—"],
      ...(saved.country === "Nepal" ? ([[t("checkout.district"), saved.district ? placeName(saved.district, locale) : "—"]] as [string, string][]) : []),
      [t("checkout.province"), saved.state ? (saved.country === "Nepal" ? placeName(saved.state, locale) : saved.state) : "—"],
      [t("checkout.postalCode"), saved.postalCode || "—"],
    ];
    return (
      <section aria-labelledby="personal-info" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <h2 id="personal-info" className="text-xl font-bold">
            {t("profile.personalInfo")}
          </h2>
          {/* Without scripts: the profile page's GET form (routes/profile.tsx) asks for ?edit=details. */}
          <button
            type="submit"
            form="profile-tab-get"
            name="edit"
            value="details"
            onClick={(e) => {
              e.preventDefault();
              setValues(saved);
              setErrors({});
              setEditing(true);
            }}
            className="rounded-lg bg-nepal px-4 py-2 font-bold text-white hover:bg-nepal-dark"
          >
            {t("profile.edit")}
          </button>
        </div>
        <div className="mt-4 empty:hidden">
          <FormDone message={inPage?.done} />
        </div>
        <dl className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2">
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt className="text-sm font-semibold text-slate-500">{k}</dt>
              <dd className="break-words text-slate-900">{v}</dd>
            </div>
          ))}
        </dl>
      </section>
    );
  }

  const f = (name: keyof Flat, label: string, extra: Omit<React.InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "onBlur"> = {}) => (
    <TextField
      label={label}
      name={name}
      value={values[name]}
      error={errors[name]}
      onValue={(x) => setValues((v) => ({ ...v, [name]: x }))}
      onBlurField={() => setErrors((e) => ({ ...e, [name]: check(values)[name] ?? "" }))}
      {...extra}
    />
  );

  // Province first, then its districts: the district decides the shipping fee at checkout.
  const select = (name: "state" | "district", label: string, options: readonly string[], placeholder: string) => (
    <div>
      <label htmlFor={`profile-${name}`} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={`profile-${name}`}
        name={name}
        value={values[name]}
        disabled={hydrated && name === "district" && !values.state}
        aria-invalid={errors[name] ? true : undefined}
        onChange={(e) => {
          const x = e.target.value;
          setValues((v) => (name === "state" ? { ...v, state: x, district: districtsOf(x).some((d) => d === v.district) ? v.district : "" } : { ...v, district: x }));
        }}
        className="block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base focus:outline-none focus:ring-2 focus:ring-nepal disabled:bg-slate-100"
      >
        <option value="">{placeholder}</option>
        {placeOptions(options, locale).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {errors[name] ? <p className="mt-1 text-sm text-red-700">{say(errors[name])}</p> : null}
    </div>
  );

  return (
    <Form method="post" action="/profile" noValidate onSubmit={onSave} aria-labelledby="edit-info" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <input type="hidden" name="intent" value="update-profile" />
      <h2 id="edit-info" className="text-xl font-bold">
        {t("profile.editTitle")}
      </h2>
      {refused?.formError && !Object.values(refused.fieldErrors ?? {}).includes(refused.formError) ? (
        <div className="mt-4">
          <FormBanner message={refused.formError} />
        </div>
      ) : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {f("name", t("checkout.fullName"), { autoComplete: "name" })}
        {f("email", t("checkout.email"), { type: "email", autoComplete: "email" })}
        {emailChanged ? (
          <TextField
            label={t("profile.currentPassword")}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            error={errors.currentPassword}
            onValue={setCurrentPassword}
            onBlurField={() => setErrors((e) => ({ ...e, currentPassword: currentPassword ? "" : AUTH_MSG.currentPasswordRequired }))}
          />
        ) : null}
        {f("phone", t("checkout.phone"), { type: "tel", autoComplete: "tel" })}
        <div>
          <label htmlFor="profile-country" className="mb-1 block text-sm font-semibold text-slate-800">
            {t("profile.country")}
          </label>
          <select id="profile-country" name="country" value={values.country} onChange={(e) => setValues((v) => ({ ...v, country: e.target.value }))} className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base focus:outline-none focus:ring-2 focus:ring-nepal">
            {COUNTRIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
        {values.country === "Nepal" ? (
          <>
            {select("state", t("checkout.province"), PROVINCE_NAMES, t("checkout.selectProvince"))}
            {select("district", t("checkout.district"), districtsOf(values.state), values.state ? t("checkout.selectDistrict") : t("checkout.provinceFirst"))}
          </>
        ) : (
          f("state", t("profile.stateProvince"), { autoComplete: "address-level1" })
        )}
        {f("city", t("checkout.area"), { autoComplete: "address-level2" })}
        <div className="sm:col-span-2">{f("street", t("checkout.street"), { autoComplete: "street-address" })}</div>
        {f("landmark", t("checkout.landmark"), {})}
        {f("postalCode", t("checkout.postalCode"), { autoComplete: "postal-code", inputMode: "numeric" })}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button
          type="submit"
          form="profile-tab-get"
          onClick={(e) => {
            e.preventDefault();
            setEditing(false);
          }}
          className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-100"
        >
          {t("common.cancel")}
        </button>
        <button type="submit" disabled={(hydrated && !changed) || busy} className="rounded-lg bg-crimson px-5 py-2.5 font-bold text-white hover:bg-crimson-dark disabled:cursor-not-allowed disabled:opacity-60">
          {busy ? t("common.saving") : t("profile.saveChanges")}
        </button>
      </div>
    </Form>
  );
}
