import { Form, Link, redirect } from "react-router";
import { RegisterFormSchema, safeRedirect } from "@khelkud/contracts";
import type { Route } from "./+types/register";
import { AuthCard, FormBanner, PasswordField, SubmitButton, TextField } from "../components/form-fields";
import { pageTitle } from "../lib/seo";
import { metaT, useI18n } from "../lib/i18n";
import { clientFormAction, useRouteForm } from "../lib/route-form";
import { callApi, checked, failed, field, parseWith, readForm, redirectWithCookies } from "../lib/route-form.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const to = safeRedirect(new URL(request.url).searchParams.get("redirect"));
  if (context.user) throw redirect(to);
  return { to };
}


/** Registration, with or without the page's scripts (docs/decisions/088): the new account is signed in by the API's cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readForm(request);
  if (!(posted instanceof URLSearchParams)) return posted;
  const values = {
    name: field(posted, "name"),
    email: field(posted, "email"),
    phone: field(posted, "phone"),
    password: field(posted, "password"),
    confirmPassword: field(posted, "confirmPassword"),
    acceptTerms: checked(posted, "acceptTerms"),
  };
  const echo = { name: values.name, email: values.email, phone: values.phone, acceptTerms: values.acceptTerms };
  const parsed = parseWith(RegisterFormSchema, values, echo);
  if (!parsed.ok) return parsed.response;
  const { acceptTerms: _accepted, ...body } = parsed.value;
  const outcome = await callApi(context, { method: "POST", path: "/api/auth/register", json: body });
  if (!outcome.ok) return failed(outcome, echo, outcome.error || "Registration failed. Please try again.");
  return redirectWithCookies(safeRedirect(new URL(request.url).searchParams.get("redirect")), outcome.setCookies);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => clientFormAction(serverAction, "Account created successfully! Welcome to Khelkud!");
export const meta = ({ matches }: { matches: readonly unknown[] }) => [{ title: pageTitle(metaT(matches)("register.title")) }, { name: "robots", content: "noindex" }];

const EMPTY = { name: "", email: "", phone: "", password: "", confirmPassword: "", acceptTerms: false };

export default function RegisterPage() {
  const { form, busy, formError, onSubmit } = useRouteForm(RegisterFormSchema, EMPTY as never);
  const v = form.values as typeof EMPTY;
  const { t } = useI18n();

  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: String(v[name]),
    error: form.errors[name],
    onValue: (x: string) => form.set(name, x),
    onBlurField: () => form.blur(name),
  });

  return (
    <AuthCard title={t("register.title")} subtitle={t("register.subtitle")}>
      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <FormBanner message={formError} />
        <TextField label={t("register.fullName")} autoComplete="name" {...field("name")} />
        <TextField label={t("register.email")} type="email" autoComplete="email" inputMode="email" {...field("email")} />
        <TextField label={t("register.phone")} type="tel" autoComplete="tel" inputMode="tel" placeholder="98XXXXXXXX" hint={t("register.phoneHint")} {...field("phone")} />
        <PasswordField label={t("register.password")} autoComplete="new-password" hint={t("register.passwordHint")} {...field("password")} />
        <PasswordField label={t("register.confirmPassword")} autoComplete="new-password" {...field("confirmPassword")} />
        <div>
          <label className="flex min-h-11 items-start gap-2 py-1 text-sm text-slate-700">
            <input
              type="checkbox"
              name="acceptTerms"
              value="true"
              checked={v.acceptTerms}
              onChange={(e) => form.set("acceptTerms", e.target.checked)}
              onBlur={() => form.blur("acceptTerms")}
              aria-invalid={form.errors.acceptTerms ? true : undefined}
              className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-nepal"
            />
            <span>
              {t("register.agreeBefore")}{" "}
              <Link to="/terms" className="font-semibold text-nepal hover:underline">
                {t("register.terms")}
              </Link>{" "}
              {t("register.and")}{" "}
              <Link to="/privacy" className="font-semibold text-nepal hover:underline">
                {t("register.privacy")}
              </Link>
              {t("register.agreeAfter")}
            </span>
          </label>
          {form.errors.acceptTerms ? <p className="mt-1 text-sm text-red-700">{form.errors.acceptTerms}</p> : null}
        </div>
        <SubmitButton busy={busy} busyLabel={t("register.creating")}>
          {t("register.submit")}
        </SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t("register.haveAccount")}{" "}
        <Link to="/login" className="font-semibold text-nepal hover:underline">
          {t("register.signIn")}
        </Link>
      </p>
    </AuthCard>
  );
}
