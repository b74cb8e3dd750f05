import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { ResetPasswordInputSchema } from "@khelkud/contracts";
import type { Route } from "./+types/reset-password";
import { AuthCard, FormBanner, PasswordField, SubmitButton } from "../components/form-fields";
import { ApiError, apiRequest } from "../lib/account-api";
import { useAfterSessionChange } from "../lib/session";
import { useZodForm } from "../lib/use-form";
import { pageTitle } from "../lib/seo";
import { showFormAgain } from "../lib/password-form";

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}


/** A password form sent before the scripts ran (lib/password-form.ts). */
export const action = showFormAgain;
export const meta = () => [{ title: pageTitle("Reset Password") }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const { token } = loaderData;
  const form = useZodForm(ResetPasswordInputSchema, { token, password: "", confirmPassword: "" });
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const after = useAfterSessionChange();
  const v = form.values as { password: string; confirmPassword: string };

  if (!token) {
    return (
      <AuthCard title="Reset Password">
        <p className="text-center text-slate-700">This page needs the link from your reset e-mail.</p>
        <Link to="/forgot-password" className="mt-6 block rounded-lg bg-crimson px-4 py-3 text-center font-bold text-white hover:bg-crimson-dark">
          Request a new link
        </Link>
      </AuthCard>
    );
  }

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    const input = form.validate();
    if (!input) return;
    setBusy(true);
    setBanner(null);
    try {
      await apiRequest("/api/auth/reset-password", { method: "POST", json: input, authCall: true });
      toast.success("Password reset successfully! You are now signed in.");
      await after("/profile");
    } catch (err) {
      if (err instanceof ApiError && err.details.length) form.showServerErrors(err.details);
      setBanner(err instanceof ApiError ? err.message : "Failed to reset password");
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password for your account.">
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <FormBanner message={banner} />
        <PasswordField label="New Password" autoComplete="new-password" hint="At least 8 characters with upper case, lower case and a number" value={v.password} error={form.errors.password} onValue={(x) => form.set("password", x)} onBlurField={() => form.blur("password")} />
        <PasswordField label="Confirm Password" autoComplete="new-password" value={v.confirmPassword} error={form.errors.confirmPassword} onValue={(x) => form.set("confirmPassword", x)} onBlurField={() => form.blur("confirmPassword")} />
        <SubmitButton busy={busy} busyLabel="Saving…">
          Reset Password
        </SubmitButton>
      </form>
      {banner ? (
        <p className="mt-4 text-center text-sm">
          <Link to="/forgot-password" className="font-semibold text-nepal hover:underline">
            Request a new link
          </Link>
        </p>
      ) : null}
    </AuthCard>
  );
}
