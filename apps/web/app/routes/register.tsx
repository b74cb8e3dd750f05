import { useState } from "react";
import { Link, redirect } from "react-router";
import { toast } from "sonner";
import { RegisterFormSchema, safeRedirect } from "@khelkud/contracts";
import type { Route } from "./+types/register";
import { AuthCard, FormBanner, PasswordField, SubmitButton, TextField } from "../components/form-fields";
import { ApiError, apiRequest } from "../lib/account-api";
import { useAfterSessionChange } from "../lib/session";
import { useZodForm } from "../lib/use-form";
import { pageTitle } from "../lib/seo";
import { showFormAgain } from "../lib/password-form";

export function loader({ request, context }: Route.LoaderArgs) {
  const to = safeRedirect(new URL(request.url).searchParams.get("redirect"));
  if (context.user) throw redirect(to);
  return { to };
}


/** A password form sent before the scripts ran (lib/password-form.ts). */
export const action = showFormAgain;
export const meta = () => [{ title: pageTitle("Create Account") }, { name: "robots", content: "noindex" }];

const EMPTY = { name: "", email: "", phone: "", password: "", confirmPassword: "", acceptTerms: false };

export default function RegisterPage({ loaderData }: Route.ComponentProps) {
  const form = useZodForm(RegisterFormSchema, EMPTY as never);
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const after = useAfterSessionChange();
  const v = form.values as typeof EMPTY;

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    const input = form.validate();
    if (!input) return;
    const { acceptTerms: _accepted, ...body } = input;
    setBusy(true);
    setBanner(null);
    try {
      await apiRequest("/api/auth/register", { method: "POST", json: body, authCall: true });
      toast.success("Account created successfully! Welcome to Khelkud!");
      await after(loaderData.to);
    } catch (err) {
      if (err instanceof ApiError && err.details.length) form.showServerErrors(err.details);
      setBanner(err instanceof ApiError && err.message ? err.message : "Registration failed. Please try again.");
      setBusy(false);
    }
  }

  const field = (name: keyof typeof EMPTY) => ({
    value: String(v[name]),
    error: form.errors[name],
    onValue: (x: string) => form.set(name, x),
    onBlurField: () => form.blur(name),
  });

  return (
    <AuthCard title="Create Account" subtitle="Join Khelkud for authentic jerseys delivered across Nepal">
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <FormBanner message={banner} />
        <TextField label="Full Name" autoComplete="name" {...field("name")} />
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...field("email")} />
        <TextField label="Phone" type="tel" autoComplete="tel" inputMode="tel" placeholder="98XXXXXXXX" hint="Nepali mobile or landline, e.g. 98XXXXXXXX or 01-4XXXXXX" {...field("phone")} />
        <PasswordField label="Password" autoComplete="new-password" hint="At least 8 characters with upper case, lower case and a number" {...field("password")} />
        <PasswordField label="Confirm Password" autoComplete="new-password" {...field("confirmPassword")} />
        <div>
          <label className="flex min-h-11 items-start gap-2 py-1 text-sm text-slate-700">
            <input
              type="checkbox"
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
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link to="/login" className="font-semibold text-nepal hover:underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
