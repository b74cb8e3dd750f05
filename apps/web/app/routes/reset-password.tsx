import { Form, Link } from "react-router";
import { AUTH_MSG, ResetPasswordInputSchema } from "@khelkud/contracts";
import type { Route } from "./+types/reset-password";
import { AuthCard, FormBanner, PasswordField, SubmitButton } from "../components/form-fields";
import { pageTitle } from "../lib/seo";
import { localizeMessage, metaT, useI18n } from "../lib/i18n";
import { clientFormAction, useRouteForm } from "../lib/route-form";
import { callApi, failed, field, parseWith, readForm, redirectWithCookies } from "../lib/route-form.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  // A link already used, replaced by a newer one or expired says so when it is opened (docs/decisions/182).
  return { token, usable: token ? await context.services.accounts.resetLinkUsable(token) : false };
}


/** A new password, with or without the page's scripts (docs/decisions/088): the API signs the visitor in. */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readForm(request);
  if (!(posted instanceof URLSearchParams)) return posted;
  const values = { token: new URL(request.url).searchParams.get("token") ?? field(posted, "token"), password: field(posted, "password"), confirmPassword: field(posted, "confirmPassword") };
  const parsed = parseWith(ResetPasswordInputSchema, values, {});
  if (!parsed.ok) return parsed.response;
  const outcome = await callApi(context, { method: "POST", path: "/api/auth/reset-password", json: parsed.value });
  if (!outcome.ok) return failed(outcome, {}, outcome.error || "Failed to reset password");
  return redirectWithCookies("/profile", outcome.setCookies);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => clientFormAction(serverAction, "Password reset successfully! You are now signed in.");
// `strict-origin`: a request from this page, to the shop or elsewhere, names only the shop's origin as Referer, never
// the address with the token, and the page's own form posts with the shop as its Origin. With `no-referrer` a browser
// posts a form as `Origin: null`, refused as cross-site, so the form failed whenever it was sent before the scripts ran.
export const meta = ({ matches }: { matches: readonly unknown[] }) => [{ title: pageTitle(metaT(matches)("reset.title")) }, { name: "robots", content: "noindex" }, { name: "referrer", content: "strict-origin" }];

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const { token, usable } = loaderData;
  const { form, busy, formError: banner, onSubmit } = useRouteForm(ResetPasswordInputSchema, { token, password: "", confirmPassword: "" });
  const v = form.values as { password: string; confirmPassword: string };
  const { t, locale } = useI18n();

  if (!token || !usable) {
    return (
      <AuthCard title={t("reset.title")}>
        <p className="text-center text-slate-700" role={token ? "alert" : undefined}>
          {token ? localizeMessage(AUTH_MSG.resetLinkInvalid, locale) : t("reset.needsLink")}
        </p>
        <Link to="/forgot-password" className="mt-6 block rounded-lg bg-crimson px-4 py-3 text-center font-bold text-white hover:bg-crimson-dark">
          {t("reset.requestNew")}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("reset.title")} subtitle={t("reset.subtitle")}>
      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <FormBanner message={banner} />
        <PasswordField label={t("reset.newPassword")} name="password" autoComplete="new-password" hint={t("register.passwordHint")} value={v.password} error={form.errors.password} onValue={(x) => form.set("password", x)} onBlurField={() => form.blur("password")} />
        <PasswordField label={t("reset.confirm")} name="confirmPassword" autoComplete="new-password" value={v.confirmPassword} error={form.errors.confirmPassword} onValue={(x) => form.set("confirmPassword", x)} onBlurField={() => form.blur("confirmPassword")} />
        <SubmitButton busy={busy} busyLabel={t("common.saving")}>
          {t("reset.title")}
        </SubmitButton>
      </Form>
      {banner ? (
        <p className="mt-4 text-center text-sm">
          <Link to="/forgot-password" className="inline-flex min-h-11 items-center font-semibold text-nepal hover:underline">
            {t("reset.requestNew")}
          </Link>
        </p>
      ) : null}
    </AuthCard>
  );
}
