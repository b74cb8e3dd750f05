import { Form, Link, redirect, redirectDocument } from "react-router";
import { AUTH_MSG, localeOfPath, LoginInputSchema, MSG, pathInLocale, safeRedirect, type PublicUser } from "@khelkud/contracts";
import type { Route } from "./+types/login";
import { AuthCard, FormBanner, PasswordField, SubmitButton, TextField } from "../components/form-fields";
import { pageTitle } from "../lib/seo";
import { metaT, useI18n } from "../lib/i18n";
import { clientFormAction, useRouteForm } from "../lib/route-form";
import { callApi, checked, failed, field, parseWith, readForm, redirectWithCookies } from "../lib/route-form.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const to = safeRedirect(url.searchParams.get("redirect"));
  const reason = url.searchParams.get("reason");
  // Already signed in: straight on to where the visitor was going; a customer sent from /admin stays here and is told why.
  if (context.user && !(reason === "admin-only" && context.user.role !== "ADMIN")) throw redirect(to);
  return { to, reason, signedInAs: context.user?.email ?? null };
}


/**
 * Sign-in, with or without the page's scripts (docs/decisions/088): the API signs the visitor in and its session cookie
 * goes out with the redirect. An administrator lands in the panel unless a link asked for another page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readForm(request);
  if (!(posted instanceof URLSearchParams)) return posted;
  const url = new URL(request.url);
  const values = { email: field(posted, "email"), password: field(posted, "password"), rememberMe: checked(posted, "rememberMe") };
  const echo = { email: values.email, rememberMe: values.rememberMe };
  const parsed = parseWith(LoginInputSchema, values, echo);
  if (!parsed.ok) return parsed.response;
  const outcome = await callApi<{ user: PublicUser }>(context, { method: "POST", path: "/api/auth/login", json: parsed.value });
  if (!outcome.ok) return failed(outcome, echo, loginError(outcome.status, outcome.error));
  const to = url.searchParams.has("redirect") ? safeRedirect(url.searchParams.get("redirect")) : outcome.data.user.role === "ADMIN" ? "/admin" : "/";
  // The account's language applies from the next page on (docs/decisions/086): a whole URL loaded as a document, so it
  // leaves this page's basename and the other language's app starts.
  const chosen = outcome.data.user.locale;
  if (chosen && chosen !== localeOfPath(url.pathname) && !to.startsWith("/admin")) {
    const headers = new Headers();
    for (const cookie of outcome.setCookies) headers.append("set-cookie", cookie);
    return redirectDocument(new URL(pathInLocale(to, chosen), url.origin).href, { status: 303, headers });
  }
  return redirectWithCookies(to, outcome.setCookies);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => clientFormAction(serverAction, "Login successful!");

export const meta = ({ matches }: { matches: readonly unknown[] }) => [{ title: pageTitle(metaT(matches)("login.title")) }, { name: "robots", content: "noindex" }];

/** docs/product-rules.md §13: the login screen's own texts for each answer; an unknown e-mail gets the same answer as a wrong password (docs/decisions/067). */
function loginError(status: number, message: string): string {
  if (status === 401) return MSG.invalidCredentials;
  if (status === 403) return message === AUTH_MSG.crossSite ? message : MSG.accountDisabled;
  return message || "Login failed. Please try again.";
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const { to, reason, signedInAs } = loaderData;
  const { form, busy, formError, onSubmit } = useRouteForm(LoginInputSchema, { email: "", password: "", rememberMe: false });

  const v = form.values as { email: string; password: string; rememberMe: boolean };
  const { t } = useI18n();
  return (
    <AuthCard title={t("login.welcome")} subtitle={t("login.subtitle")}>
      {reason === "admin-only" ? (
        <p role="alert" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900">
          {/* Why the admin panel sent a signed-in customer here (docs/product-rules.md §14: everyone but an administrator goes to /login). */}
          {t("login.adminOnly")}
          {signedInAs ? <span className="mt-1 block font-normal">{t("login.signedInAs", { email: signedInAs })}</span> : null}
        </p>
      ) : null}
      {/* Buy Now and checkout need an account (docs/product-rules.md §6): say so, not only "Welcome Back". */}
      {reason === "buy-now" || reason === "checkout" ? (
        <p role="status" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900">
          {t("login.buyNow")}
        </p>
      ) : null}
      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <FormBanner message={formError} />
        <TextField label={t("login.email")} name="email" type="email" autoComplete="email" inputMode="email" value={v.email} error={form.errors.email} onValue={(x) => form.set("email", x)} onBlurField={() => form.blur("email")} />
        <PasswordField label={t("login.password")} name="password" autoComplete="current-password" value={v.password} error={form.errors.password} onValue={(x) => form.set("password", x)} onBlurField={() => form.blur("password")} />
        <div className="flex items-center justify-between gap-3 text-sm">
          <label className="flex min-h-11 items-center gap-2 font-semibold text-slate-700">
            <input type="checkbox" name="rememberMe" value="true" checked={v.rememberMe} onChange={(e) => form.set("rememberMe", e.target.checked)} className="h-4 w-4 rounded border-slate-300 accent-nepal" />
            {t("login.remember")}
          </label>
          <Link to="/forgot-password" className="inline-flex min-h-11 items-center font-semibold text-nepal hover:underline">
            {t("login.forgot")}
          </Link>
        </div>
        <SubmitButton busy={busy} busyLabel={t("login.signingIn")}>
          {t("login.submit")}
        </SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t("login.noAccount")}{" "}
        <Link to={to === "/" ? "/register" : `/register?redirect=${encodeURIComponent(to)}`} className="inline-flex min-h-11 items-center font-semibold text-nepal hover:underline">
          {t("login.createOne")}
        </Link>
      </p>
    </AuthCard>
  );
}
