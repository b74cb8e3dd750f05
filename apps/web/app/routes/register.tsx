import { Form, Link, redirect } from "react-router";
import { RegisterFormSchema, safeRedirect } from "@khelkud/contracts";
import type { Route } from "./+types/register";
import { AuthCard, FormBanner, PasswordField, SubmitButton, TextField } from "../components/form-fields";
import { pageTitle } from "../lib/seo";
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
export const meta = () => [{ title: pageTitle("Create Account") }, { name: "robots", content: "noindex" }];

const EMPTY = { name: "", email: "", phone: "", password: "", confirmPassword: "", acceptTerms: false };

export default function RegisterPage() {
  const { form, busy, formError, onSubmit } = useRouteForm(RegisterFormSchema, EMPTY as never);
  const v = form.values as typeof EMPTY;

  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: String(v[name]),
    error: form.errors[name],
    onValue: (x: string) => form.set(name, x),
    onBlurField: () => form.blur(name),
  });

  return (
    <AuthCard title="Create Account" subtitle="Join Khelkud for authentic jerseys delivered across Nepal">
      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <FormBanner message={formError} />
        <TextField label="Full Name" autoComplete="name" {...field("name")} />
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...field("email")} />
        <TextField label="Phone" type="tel" autoComplete="tel" inputMode="tel" placeholder="98XXXXXXXX" hint="Nepali mobile or landline, e.g. 98XXXXXXXX or 01-4XXXXXX" {...field("phone")} />
        <PasswordField label="Password" autoComplete="new-password" hint="At least 8 characters with upper case, lower case and a number" {...field("password")} />
        <PasswordField label="Confirm Password" autoComplete="new-password" {...field("confirmPassword")} />
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
              I agree to the{" "}
              <Link to="/terms" className="font-semibold text-nepal hover:underline">
                Terms and Conditions
              </Link>{" "}
              and{" "}
              <Link to="/privacy" className="font-semibold text-nepal hover:underline">
                Privacy Policy
              </Link>
            </span>
          </label>
          {form.errors.acceptTerms ? <p className="mt-1 text-sm text-red-700">{form.errors.acceptTerms}</p> : null}
        </div>
        <SubmitButton busy={busy} busyLabel="Creating Account…">
          Create Account
        </SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link to="/login" className="font-semibold text-nepal hover:underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
