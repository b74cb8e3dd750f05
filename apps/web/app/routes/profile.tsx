import { useEffect, useRef, useState } from "react";
import { data, Link, useActionData, useHref, useSearchParams } from "react-router";
import { MSG, ChangePasswordInputSchema, UpdateProfileInputSchema, type Profile } from "@khelkud/contracts";
import type { Route } from "./+types/profile";
import { ProfileHeader } from "../components/profile/profile-header";
import { ProfileDetails, toInput, type Flat } from "../components/profile/profile-details";
import { SecurityTab } from "../components/profile/security-tab";
import type { ProfileFormResult } from "../components/profile/profile-form-result";
import { ProfileOrders } from "../components/profile-orders";
import { ProfileWishlist } from "../components/profile-wishlist";
import { useLogout } from "../lib/session";
import { pageTitle } from "../lib/seo";
import { localizeMessage, metaT, useI18n } from "../lib/i18n";
import { clientFormAction } from "../lib/route-form";
import { callApi, field, readForm } from "../lib/route-form.server";
import { RouteLoadError } from "../components/load-error";
import { NotificationPreferences } from "../components/notification-preferences";

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.user) return { profile: null };
  return { profile: await context.services.accounts.getProfile(context.user.id) };
}

/** Field messages by the field's own name (`address.city` → `city`), as the profile form names its inputs. */
function byLastSegment(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.split(".").pop()!, v]));
}

function answer(result: ProfileFormResult, status = 200, setCookies: string[] = []) {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("set-cookie", cookie);
  return data(result, { status, headers });
}

/**
 * The profile's two forms (docs/decisions/088): "update-profile" saves the personal information, "change-password" the
 * password; each is checked with the contracts' schema and sent to the API as this visitor.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readForm(request);
  if (!(posted instanceof URLSearchParams)) return posted;
  const intent = field(posted, "intent");
  if (intent === "change-password") {
    const values = { currentPassword: field(posted, "currentPassword"), newPassword: field(posted, "newPassword"), confirmPassword: field(posted, "confirmPassword") };
    const parsed = ChangePasswordInputSchema.safeParse(values);
    if (!parsed.success) return answer({ intent, fieldErrors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]).reverse()) }, 400);
    const outcome = await callApi<{ message: string }>(context, { method: "PUT", path: "/api/users/change-password", json: parsed.data });
    if (!outcome.ok) return answer({ intent, fieldErrors: outcome.fieldErrors, formError: outcome.error }, outcome.status);
    return answer({ intent, done: outcome.data.message }, 200, outcome.setCookies);
  }
  // The Security tab asked for without scripts: it is reached only by its tab (docs/product-rules.md §10), so the tab
  // posts instead of naming itself in the address; the page answers with that tab open.
  if (intent === "show-security") return answer({ intent: "change-password" });
  if (intent === "update-profile") {
    const flat = Object.fromEntries((["name", "email", "phone", "country", "street", "landmark", "city", "district", "state", "postalCode"] as const).map((k) => [k, field(posted, k)])) as Flat;
    const currentPassword = field(posted, "currentPassword");
    const input = toInput(flat, currentPassword || undefined);
    const parsed = UpdateProfileInputSchema.safeParse(input);
    // A failure shows the form again with what was typed (never the password).
    if (!parsed.success) return answer({ intent, values: flat, fieldErrors: byLastSegment(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]).reverse())) }, 400);
    const outcome = await callApi(context, { method: "PUT", path: "/api/users/profile", json: parsed.data });
    if (!outcome.ok) return answer({ intent, values: flat, fieldErrors: byLastSegment(outcome.fieldErrors), formError: outcome.error }, outcome.status);
    return answer({ intent, done: "Profile updated successfully!" }, 200, outcome.setCookies);
  }
  return answer({ intent: "update-profile", formError: MSG.generic }, 400);
}

/** The network-error answer names its form too, so the right one shows it. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = String((await request.clone().formData()).get("intent") ?? "update-profile");
  const result = await clientFormAction(serverAction);
  return "intent" in result ? result : { ...result, intent };
}
export const meta = ({ matches }: { matches: readonly unknown[] }) => [{ title: pageTitle(metaT(matches)("profile.title")) }, { name: "robots", content: "noindex" }];

const TABS = [{ id: "profile" }, { id: "orders" }, { id: "wishlist" }, { id: "security" }] as const;
type TabId = (typeof TABS)[number]["id"];
// docs/product-rules.md §10: ?tab= accepts profile, orders or wishlist; security is reached only by its tab.
const QUERY_TABS: readonly string[] = ["profile", "orders", "wishlist"];

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const { t } = useI18n();
  if (!profile) {
    return (
      <section className="mx-auto max-w-md px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">{t("profile.pleaseLogin")}</h1>
        <p className="mt-2 text-slate-600">{t("profile.pleaseLoginText")}</p>
        <Link to="/login?redirect=%2Fprofile" className="mt-6 inline-block rounded-lg bg-crimson px-6 py-3 font-bold text-white hover:bg-crimson-dark">
          {t("nav.login")}
        </Link>
      </section>
    );
  }
  return <SignedInProfile profile={profile} />;
}

function SignedInProfile({ profile }: { profile: Profile }) {
  const [params, setParams] = useSearchParams();
  const queryTab = params.get("tab");
  // Open when the page answers a post of the Security tab (its password form, or the tab sent without scripts).
  const answered = (useActionData() as ProfileFormResult | undefined)?.intent === "change-password";
  const [security, setSecurity] = useState(answered);
  const shownTab = useRef(queryTab);
  useEffect(() => {
    if (shownTab.current === queryTab) return;
    shownTab.current = queryTab;
    setSecurity(false);
  }, [queryTab]);
  const tab: TabId = security ? "security" : queryTab && QUERY_TABS.includes(queryTab) ? (queryTab as TabId) : "profile";
  const logout = useLogout();
  // The tabs' forms stay on this page in its language (`/ne/profile` on a Nepali page).
  const self = useHref("/profile");
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const { t: text } = useI18n();

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
      {/* Without scripts a tab is a submit button of one of these forms: the address's ?tab= (also Edit Profile's ?edit=details and its
          Cancel), or a post for Security (docs/decisions/088). */}
      <form id="profile-tab-get" method="get" action={self} hidden />
      <form id="profile-tab-post" method="post" action={self} hidden />
      <div role="tablist" aria-label={text("profile.sections")} onKeyDown={onTabKey} className="mt-6 flex gap-1 overflow-x-auto border-b border-slate-200">
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            role="tab"
            id={`tab-${t.id}`}
            type="submit"
            form={t.id === "security" ? "profile-tab-post" : "profile-tab-get"}
            name={t.id === "security" ? "intent" : "tab"}
            value={t.id === "security" ? "show-security" : t.id}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={(e) => {
              e.preventDefault();
              select(t.id);
            }}
            className={`-mb-px whitespace-nowrap border-b-2 px-4 py-3 text-sm font-bold ${tab === t.id ? "border-crimson text-crimson" : "border-transparent text-slate-600 hover:text-slate-900"}`}
          >
            {text(`profile.tabs.${t.id}`)}
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

/** The profile failed to load (e.g. the network on a client-side navigation). */
export function ErrorBoundary() {
  const { t, locale } = useI18n();
  return <RouteLoadError title={t("profile.loadError")} toastText={localizeMessage(MSG.failedProfile, locale)} />;
}
