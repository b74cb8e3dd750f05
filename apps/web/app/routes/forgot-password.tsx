import { useState } from "react";
import { Link } from "react-router";
import { ForgotPasswordInputSchema } from "@khelkud/contracts";
import { AuthCard, FormBanner, SubmitButton, TextField } from "../components/form-fields";
import { ApiError, apiRequest } from "../lib/account-api";
import { pageTitle } from "../lib/seo";

export const meta = () => [{ title: pageTitle("Forgot Password") }];

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (busy || !email.trim()) return;
    const parsed = ForgotPasswordInputSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    setBanner(null);
    try {
      await apiRequest("/api/auth/forgot-password", { method: "POST", json: parsed.data, authCall: true });
      setSentTo(parsed.data.email);
    } catch (err) {
      setBanner(err instanceof ApiError ? (err.status === 0 ? "Network error. Please try again." : err.message || "Failed to send reset email") : "Failed to send reset email");
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {sentTo ? (
        <AuthCard title="Check Your Email">
          <p className="text-center text-slate-700">
            If an account exists for <strong className="break-all">{sentTo}</strong>, we have sent a link to reset your password. The link works once and for one hour.
          </p>
          <div className="mt-6 space-y-3">
            <button
              type="button"
              onClick={() => {
                setSentTo(null);
                setEmail("");
              }}
              className="w-full rounded-lg border border-slate-300 bg-white px-4 py-3 font-bold text-slate-800 hover:bg-slate-100"
            >
              Try Again
            </button>
            <Link to="/login" className="block w-full rounded-lg bg-nepal px-4 py-3 text-center font-bold text-white hover:bg-nepal-dark">
              Back to Login
            </Link>
          </div>
        </AuthCard>
      ) : (
        <AuthCard title="Forgot Password?" subtitle="Enter your email and we will send you a link to reset your password.">
          <form noValidate onSubmit={onSubmit} className="space-y-4">
            <FormBanner message={banner} />
            <TextField label="Email" type="email" autoComplete="email" inputMode="email" value={email} error={error} onValue={(x) => { setEmail(x); setError(undefined); }} />
            <SubmitButton busy={busy} disabled={!email.trim()} busyLabel="Sending…">
              Send Reset Link
            </SubmitButton>
          </form>
          <p className="mt-6 text-center text-sm">
            <Link to="/login" className="font-semibold text-nepal hover:underline">
              Back to Login
            </Link>
          </p>
        </AuthCard>
      )}
      <aside aria-labelledby="need-help" className="mx-auto -mt-6 mb-12 max-w-md px-4">
        <div className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
          <h2 id="need-help" className="font-bold text-slate-900">
            Need Help?
          </h2>
          <p className="mt-1">
            If you don&apos;t receive the email within a few minutes, check your spam folder or{" "}
            <Link to="/contact" className="font-semibold text-nepal hover:underline">
              contact our support team
            </Link>
            .
          </p>
        </div>
      </aside>
    </>
  );
}
