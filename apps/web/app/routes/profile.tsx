import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { AUTH_MSG, MSG, AVATAR_MAX_BYTES, ChangePasswordInputSchema, COUNTRIES, districtsOf, PROVINCE_NAMES, UpdateProfileInputSchema, type Profile } from "@khelkud/contracts";
import type { Route } from "./+types/profile";
import { AvatarCropDialog } from "../components/avatar-crop-dialog";
import { PasswordField, SubmitButton, TextField } from "../components/form-fields";
import { ProfileOrders } from "../components/profile-orders";
import { ProfileWishlist } from "../components/profile-wishlist";
import { UserAvatar } from "../components/user-avatar";
import { ApiError, apiRequest, readAnswer } from "../lib/account-api";
import { useAfterSessionChange, useLogout } from "../lib/session";
import { useZodForm } from "../lib/use-form";
import { pageTitle } from "../lib/seo";
import { showFormAgain } from "../lib/password-form";
import { RouteLoadError } from "../components/load-error";
import { NotificationPreferences } from "../components/notification-preferences";

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.user) return { profile: null };
  return { profile: await context.services.accounts.getProfile(context.user.id) };
}


/** A password form sent before the scripts ran (lib/password-form.ts). */
export const action = showFormAgain;
export const meta = () => [{ title: pageTitle("My Profile") }, { name: "robots", content: "noindex" }];

const TABS = [
  { id: "profile", label: "Profile" },
  { id: "orders", label: "Orders" },
  { id: "wishlist", label: "Wishlist" },
  { id: "security", label: "Security" },
] as const;
type TabId = (typeof TABS)[number]["id"];
// docs/product-rules.md §10: ?tab= accepts profile, orders or wishlist; security is reached only by its tab.
const QUERY_TABS: readonly string[] = ["profile", "orders", "wishlist"];

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  if (!profile) {
    return (
      <section className="mx-auto max-w-md px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">Please Login</h1>
        <p className="mt-2 text-slate-600">Sign in to see your profile, orders and wishlist.</p>
        <Link to="/login?redirect=%2Fprofile" className="mt-6 inline-block rounded-lg bg-crimson px-6 py-3 font-bold text-white hover:bg-crimson-dark">
          Login
        </Link>
      </section>
    );
  }
  return <SignedInProfile profile={profile} />;
}

function SignedInProfile({ profile }: { profile: Profile }) {
  const [params, setParams] = useSearchParams();
  const queryTab = params.get("tab");
  const [security, setSecurity] = useState(false);
  useEffect(() => setSecurity(false), [queryTab]);
  const tab: TabId = security ? "security" : queryTab && QUERY_TABS.includes(queryTab) ? (queryTab as TabId) : "profile";
  const logout = useLogout();
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  function select(id: TabId) {
    if (id === "security") setSecurity(true);
    else {
      setSecurity(false);
      setParams(id === "profile" ? {} : { tab: id }, { replace: true, preventScrollReset: true });
    }
    tabRefs.current[id]?.focus();
  }

  function onTabKey(e: React.KeyboardEvent) {
    const i = TABS.findIndex((t) => t.id === tab);
    if (e.key === "ArrowRight") select(TABS[(i + 1) % TABS.length]!.id);
    else if (e.key === "ArrowLeft") select(TABS[(i - 1 + TABS.length) % TABS.length]!.id);
    else return;
    e.preventDefault();
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
      <ProfileHeader profile={profile} onLogout={logout} />
      <div role="tablist" aria-label="Account sections" onKeyDown={onTabKey} className="mt-6 flex gap-1 overflow-x-auto border-b border-slate-200">
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            role="tab"
            id={`tab-${t.id}`}
            type="button"
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => select(t.id)}
            className={`-mb-px whitespace-nowrap border-b-2 px-4 py-3 text-sm font-bold ${tab === t.id ? "border-crimson text-crimson" : "border-transparent text-slate-600 hover:text-slate-900"}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="mt-6">
        {tab === "profile" ? (
          <>
            <ProfileDetails profile={profile} />
            <NotificationPreferences />
          </>
        ) : null}
        {tab === "orders" ? <ProfileOrders /> : null}
        {tab === "wishlist" ? <ProfileWishlist /> : null}
        {tab === "security" ? <SecurityTab /> : null}
      </div>
    </div>
  );
}

function uploadAvatar(jpeg: Blob, onProgress: (pct: number) => void): Promise<{ user: Profile }> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.append("profile", jpeg, "avatar.jpg");
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/uploads/profile");
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      try {
        resolve(readAnswer<{ user: Profile }>(xhr.status, xhr.responseText));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(new ApiError("Network error. Please try again.", 0));
    xhr.send(body);
  });
}

function ProfileHeader({ profile, onLogout }: { profile: Profile; onLogout: () => void }) {
  const [src, setSrc] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const after = useAfterSessionChange();

  useEffect(() => () => void (src && URL.revokeObjectURL(src)), [src]);

  function onFile(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    if (!file.type.startsWith("image/")) return void toast.error(AUTH_MSG.imageInvalid);
    if (file.size > AVATAR_MAX_BYTES) return void toast.error(AUTH_MSG.imageTooLarge);
    setSrc(URL.createObjectURL(file));
  }

  async function onCropped(jpeg: Blob) {
    setBusy(true);
    setProgress(0);
    try {
      await uploadAvatar(jpeg, setProgress);
      toast.success("Profile photo updated successfully!", { duration: 2000 });
      setSrc(null);
      await after();
    } catch (err) {
      toast.error(err instanceof ApiError && err.message ? err.message : "Failed to upload profile photo", { duration: 3000 });
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  return (
    <section className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-center sm:p-6">
      <div className="relative mx-auto sm:mx-0">
        <UserAvatar name={profile.name} src={profile.avatar} size={96} />
        <label className="absolute -bottom-1 -right-1 flex h-9 w-9 cursor-pointer items-center justify-center rounded-full bg-nepal text-white shadow ring-2 ring-white hover:bg-nepal-dark focus-within:ring-crimson">
          <span className="sr-only">Change profile photo</span>
          <input type="file" accept="image/*" onChange={onFile} className="sr-only" />
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
            <circle cx="12" cy="13" r="3.5" />
          </svg>
        </label>
      </div>
      <div className="min-w-0 flex-1 text-center sm:text-left">
        <h1 className="truncate text-2xl font-bold">{profile.name}</h1>
        <p className="truncate text-slate-600">{profile.email}</p>
        <dl className="mt-3 flex justify-center gap-6 sm:justify-start">
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">Orders</dt>
            <dd className="text-xl font-bold">{profile.counts.orders}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">Reviews</dt>
            <dd className="text-xl font-bold">{profile.counts.reviews}</dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-wrap justify-center gap-2 sm:flex-col">
        {profile.role === "ADMIN" ? (
          <Link to="/admin" className="rounded-lg bg-nepal px-4 py-2.5 text-center font-bold text-white hover:bg-nepal-dark">
            Admin Dashboard
          </Link>
        ) : null}
        <button type="button" onClick={onLogout} className="rounded-lg border border-slate-300 px-4 py-2.5 font-bold text-slate-800 hover:bg-slate-100">
          Logout
        </button>
      </div>
      <AvatarCropDialog src={src} busy={busy} progress={progress} onCancel={() => setSrc(null)} onCropped={onCropped} />
    </section>
  );
}

type Flat = { name: string; email: string; phone: string; country: string; street: string; landmark: string; city: string; district: string; state: string; postalCode: string };
const flatten = (p: Profile): Flat => ({
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
const toInput = (f: Flat, currentPassword?: string) => ({ name: f.name, email: f.email, phone: f.phone, address: { street: f.street, landmark: f.landmark, city: f.city, district: f.country === "Nepal" ? f.district : "", state: f.state, postalCode: f.postalCode, country: f.country }, ...(currentPassword ? { currentPassword } : {}) });

function ProfileDetails({ profile }: { profile: Profile }) {
  const saved = flatten(profile);
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Flat>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const after = useAfterSessionChange();
  const changed = (Object.keys(saved) as (keyof Flat)[]).some((k) => values[k].trim() !== saved[k]);
  // A new e-mail address needs the current password (the server ends other sessions and tells the old address).
  const emailChanged = values.email.trim().toLowerCase() !== saved.email.toLowerCase();
  const [currentPassword, setCurrentPassword] = useState("");

  function check(next: Flat): Record<string, string> {
    const r = UpdateProfileInputSchema.safeParse(toInput(next));
    const out: Record<string, string> = {};
    if (!r.success) for (const i of r.error.issues) out[String(i.path[i.path.length - 1])] ??= i.message;
    return out;
  }

  async function onSave(e: React.FormEvent) {
    e.preventDefault();
    const errs = check(values);
    if (emailChanged && !currentPassword) errs.currentPassword = AUTH_MSG.currentPasswordRequired;
    setErrors(errs);
    if (Object.keys(errs).length || busy) return;
    setBusy(true);
    try {
      await apiRequest("/api/users/profile", { method: "PUT", json: toInput(values, emailChanged ? currentPassword : undefined) });
      setCurrentPassword("");
      toast.success("Profile updated successfully!", { id: "profile-updated", duration: 2000 });
      setEditing(false);
      await after();
    } catch (err) {
      if (err instanceof ApiError && err.details.length) setErrors(Object.fromEntries(err.details.map((d) => [d.field.split(".").pop()!, d.message])));
      toast.error(err instanceof ApiError && err.message ? err.message : "Failed to update profile", { duration: 3000 });
    } finally {
      setBusy(false);
    }
  }

  if (!editing) {
    const rows: [string, string][] = [
      ["Full Name", saved.name],
      ["Email", saved.email],
      ["Phone", saved.phone || "—"],
      ["Country", saved.country],
      ["Street / Tole", saved.street || "—"],
      ["Landmark", saved.landmark || "—"],
      ["Municipality / Area", saved.city || "—"],
      ...(saved.country === "Nepal" ? ([["District", saved.district || "—"]] as [string, string][]) : []),
      ["Province", saved.state || "—"],
      ["Postal Code", saved.postalCode || "—"],
    ];
    return (
      <section aria-labelledby="personal-info" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <h2 id="personal-info" className="text-xl font-bold">
            Personal Information
          </h2>
          <button
            type="button"
            onClick={() => {
              setValues(saved);
              setErrors({});
              setEditing(true);
            }}
            className="rounded-lg bg-nepal px-4 py-2 font-bold text-white hover:bg-nepal-dark"
          >
            Edit Profile
          </button>
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
        value={values[name]}
        disabled={name === "district" && !values.state}
        aria-invalid={errors[name] ? true : undefined}
        onChange={(e) => {
          const x = e.target.value;
          setValues((v) => (name === "state" ? { ...v, state: x, district: districtsOf(x).some((d) => d === v.district) ? v.district : "" } : { ...v, district: x }));
        }}
        className="block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base focus:outline-none focus:ring-2 focus:ring-nepal disabled:bg-slate-100"
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o}>{o}</option>
        ))}
      </select>
      {errors[name] ? <p className="mt-1 text-sm text-red-700">{errors[name]}</p> : null}
    </div>
  );

  return (
    <form noValidate onSubmit={onSave} aria-labelledby="edit-info" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="edit-info" className="text-xl font-bold">
        Edit Personal Information
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {f("name", "Full Name", { autoComplete: "name" })}
        {f("email", "Email", { type: "email", autoComplete: "email" })}
        {emailChanged ? (
          <TextField
            label="Current Password"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            error={errors.currentPassword}
            onValue={setCurrentPassword}
            onBlurField={() => setErrors((e) => ({ ...e, currentPassword: currentPassword ? "" : AUTH_MSG.currentPasswordRequired }))}
          />
        ) : null}
        {f("phone", "Phone", { type: "tel", autoComplete: "tel" })}
        <div>
          <label htmlFor="profile-country" className="mb-1 block text-sm font-semibold text-slate-800">
            Country
          </label>
          <select id="profile-country" value={values.country} onChange={(e) => setValues((v) => ({ ...v, country: e.target.value }))} className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base focus:outline-none focus:ring-2 focus:ring-nepal">
            {COUNTRIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
        {values.country === "Nepal" ? (
          <>
            {select("state", "Province", PROVINCE_NAMES, "Select province")}
            {select("district", "District", districtsOf(values.state), values.state ? "Select district" : "Select a province first")}
          </>
        ) : (
          f("state", "State/Province", { autoComplete: "address-level1" })
        )}
        {f("city", "Municipality / Area", { autoComplete: "address-level2" })}
        <div className="sm:col-span-2">{f("street", "Street / Tole", { autoComplete: "street-address" })}</div>
        {f("landmark", "Landmark", {})}
        {f("postalCode", "Postal Code", { autoComplete: "postal-code", inputMode: "numeric" })}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" onClick={() => setEditing(false)} className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-100">
          Cancel
        </button>
        <button type="submit" disabled={!changed || busy} className="rounded-lg bg-crimson px-5 py-2.5 font-bold text-white hover:bg-crimson-dark disabled:cursor-not-allowed disabled:opacity-60">
          {busy ? "Saving…" : "Save Changes"}
        </button>
      </div>
    </form>
  );
}

const EMPTY_PW = { currentPassword: "", newPassword: "", confirmPassword: "" };

function SecurityTab() {
  const form = useZodForm(ChangePasswordInputSchema, EMPTY_PW);
  const [busy, setBusy] = useState(false);
  const v = form.values as typeof EMPTY_PW;

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    const input = form.validate();
    if (!input) return;
    setBusy(true);
    try {
      await apiRequest("/api/users/change-password", { method: "PUT", json: input });
      toast.success("Password updated successfully!", { duration: 2000 });
      form.reset(EMPTY_PW);
    } catch (err) {
      if (err instanceof ApiError && err.details.length) form.showServerErrors(err.details);
      toast.error(err instanceof ApiError && err.message ? err.message : "Failed to update password. Please try again.", { duration: 3000 });
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof typeof EMPTY_PW) => ({ value: v[name], error: form.errors[name], onValue: (x: string) => form.set(name, x), onBlurField: () => form.blur(name) });

  return (
    <div className="grid gap-6 md:grid-cols-[1fr_18rem]">
      <form method="post" noValidate onSubmit={onSubmit} aria-labelledby="change-password" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        <h2 id="change-password" className="text-xl font-bold">
          Change Password
        </h2>
        <PasswordField label="Current Password" autoComplete="current-password" {...field("currentPassword")} />
        <PasswordField label="New Password" autoComplete="new-password" {...field("newPassword")} />
        <PasswordField label="Confirm New Password" autoComplete="new-password" {...field("confirmPassword")} />
        <SubmitButton busy={busy} busyLabel="Updating…">
          Update Password
        </SubmitButton>
      </form>
      <aside className="rounded-2xl border border-slate-200 bg-white p-5 text-sm text-slate-700">
        <h2 className="font-bold text-slate-900">Password tips</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>Use 8 or more characters.</li>
          <li>Mix upper and lower case letters and numbers.</li>
          <li>Don&apos;t reuse a password from another site.</li>
          <li>Changing your password signs you out on your other devices.</li>
        </ul>
      </aside>
    </div>
  );
}

/** The profile failed to load (e.g. the network on a client-side navigation). */
export function ErrorBoundary() {
  return <RouteLoadError title="We could not load your profile" toastText={MSG.failedProfile} />;
}
