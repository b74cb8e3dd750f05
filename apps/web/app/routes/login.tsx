import { useState } from "react";
import { Link, redirect } from "react-router";
import { toast } from "sonner";
import { LoginInputSchema, MSG, safeRedirect, type PublicUser } from "@khelkud/contracts";
import type { Route } from "./+types/login";
import { AuthCard, FormBanner, PasswordField, SubmitButton, TextField } from "../components/form-fields";
import { ApiError, apiRequest } from "../lib/account-api";
import { useAfterSessionChange } from "../lib/session";
import { useZodForm } from "../lib/use-form";
import { pageTitle } from "../lib/seo";
import { showFormAgain } from "../lib/password-form";

/** Why the admin panel sent a signed-in customer here (docs/product-rules.md §14: everyone but an administrator goes to /login). */
const ADMIN_ONLY_MESSAGE = "The admin panel is for the shop's administrators. Sign in with an administrator account to open it.";

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const to = safeRedirect(url.searchParams.get("redirect"));
  const reason = url.searchParams.get("reason");
  // Already signed in: straight on to where the visitor was going; a customer sent from /admin stays here and is told why.
  if (context.user && !(reason === "admin-only" && context.user.role !== "ADMIN")) throw redirect(to);
  return { to, hasRedirect: url.searchParams.has("redirect"), reason, signedInAs: context.user?.email ?? null };
}


/** A password form sent before the scripts ran (lib/password-form.ts). */
export const action = showFormAgain;
export const meta = () => [{ title: pageTitle("Login") }, { name: "robots", content: "noindex" }];

/** docs/product-rules.md §13: the login screen's own texts for each answer; an unknown e-mail gets the same answer as a wrong password (docs/decisions/067). */
function loginError(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 401) return MSG.invalidCredentials;
    if (err.status === 403) return MSG.accountDisabled;
    return err.message || "Login failed. Please try again.";
  }
  return "Login failed. Please try again.";
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const { to, hasRedirect, reason, signedInAs } = loaderData;
  const form = useZodForm(LoginInputSchema, { email: "", password: "", rememberMe: false });
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const after = useAfterSessionChange();

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    const input = form.validate();
    if (!input) return;
    setBusy(true);
    setBanner(null);
    try {
      const { user } = await apiRequest<{ user: PublicUser }>("/api/auth/login", { method: "POST", json: input, authCall: true });
      toast.success("Login successful!", { duration: 2000 });
      // An administrator lands in the panel unless a link asked for another page.
      await after(hasRedirect ? to : user.role === "ADMIN" ? "/admin" : "/");
    } catch (err) {
      if (err instanceof ApiError && err.details.length) form.showServerErrors(err.details);
      setBanner(loginError(err));
      setBusy(false);
    }
  }

  const v = form.values as { email: string; password: string; rememberMe: boolean };
  return (
    <AuthCard title="Welcome Back" subtitle="Sign in to your Khelkud account">
      {reason === "admin-only" ? (
        <p role="alert" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900">
          {ADMIN_ONLY_MESSAGE}
          {signedInAs ? <span className="mt-1 block font-normal">You are signed in as {signedInAs}.</span> : null}
        </p>
      ) : null}
      {reason === "buy-now" ? (
        <p role="status" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900">
          Please login to proceed with your purchase
        </p>
      ) : null}
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <FormBanner message={banner} />
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" value={v.email} error={form.errors.email} onValue={(x) => form.set("email", x)} onBlurField={() => form.blur("email")} />
        <PasswordField label="Password" autoComplete="current-password" value={v.password} error={form.errors.password} onValue={(x) => form.set("password", x)} onBlurField={() => form.blur("password")} />
        <div className="flex items-center justify-between gap-3 text-sm">
          <label className="flex min-h-11 items-center gap-2 font-semibold text-slate-700">
            <input type="checkbox" checked={v.rememberMe} onChange={(e) => form.set("rememberMe", e.target.checked)} className="h-4 w-4 rounded border-slate-300 accent-nepal" />
            Remember me
          </label>
          <Link to="/forgot-password" className="inline-flex min-h-11 items-center font-semibold text-nepal hover:underline">
            Forgot password?
          </Link>
        </div>
        <SubmitButton busy={busy} busyLabel="Signing In…">
          Sign In
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Don&apos;t have an account?{" "}
        <Link to={to === "/" ? "/register" : `/register?redirect=${encodeURIComponent(to)}`} className="inline-flex min-h-11 items-center font-semibold text-nepal hover:underline">
          Create one
        </Link>
      </p>
    </AuthCard>
  );
}
