import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { ForgotPasswordInputSchema } from "@khelkud/contracts";
import type { Route } from "./+types/forgot-password";
import { AuthCard, FormBanner, SubmitButton, TextField } from "../components/form-fields";
import { pageTitle } from "../lib/seo";
import { metaT, useI18n } from "../lib/i18n";
import { clientFormAction, useRouteForm, type FormResult } from "../lib/route-form";
import { callApi, failed, field, parseWith, readForm } from "../lib/route-form.server";

export const meta = ({ matches }: { matches: readonly unknown[] }) => [{ title: pageTitle(metaT(matches)("forgot.title")) }];

/** Asks for a reset link, with or without the page's scripts (docs/decisions/088); the answer never says whether the account exists. */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readForm(request);
  if (!(posted instanceof URLSearchParams)) return posted;
  const echo = { email: field(posted, "email") };
  const parsed = parseWith(ForgotPasswordInputSchema, echo, echo);
  if (!parsed.ok) return parsed.response;
  const outcome = await callApi(context, { method: "POST", path: "/api/auth/forgot-password", json: parsed.value });
  if (!outcome.ok) return failed(outcome, echo, outcome.error || "Failed to send reset email");
  return { done: parsed.value.email } satisfies FormResult;
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => clientFormAction(serverAction);

export default function ForgotPasswordPage() {
  const { form, result, busy, formError, onSubmit } = useRouteForm(ForgotPasswordInputSchema, { email: "" });
  const email = String(form.values.email ?? "");
  // "Try Again" hides this answer until the next one arrives.
  const [dismissed, setDismissed] = useState<FormResult | undefined>();
  const sentTo = result?.done && result !== dismissed ? result.done : null;
  // The button waits for an address once the scripts run; before that the server's answer names a missing one.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { reset } = form;
  const { t } = useI18n();

  return (
    <>
      {sentTo ? (
        <AuthCard title={t("forgot.checkEmail")}>
          <p className="text-center text-slate-700">
            {t("forgot.sentBefore")} <strong className="break-all">{sentTo}</strong>
            {t("forgot.sentAfter")}
          </p>
          <div className="mt-6 space-y-3">
            <button
              type="button"
              onClick={() => {
                setDismissed(result);
                reset({ email: "" });
              }}
              className="w-full rounded-lg border border-slate-300 bg-white px-4 py-3 font-bold text-slate-800 hover:bg-slate-100"
            >
              {t("common.tryAgain")}
            </button>
            <Link to="/login" className="block w-full rounded-lg bg-nepal px-4 py-3 text-center font-bold text-white hover:bg-nepal-dark">
              {t("forgot.backToLogin")}
            </Link>
          </div>
        </AuthCard>
      ) : (
        <AuthCard title={t("forgot.heading")} subtitle={t("forgot.subtitle")}>
          <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
            <FormBanner message={formError} />
            <TextField label={t("login.email")} name="email" type="email" autoComplete="email" inputMode="email" value={email} error={form.errors.email} onValue={(x) => form.set("email", x)} />
            <SubmitButton busy={busy} disabled={hydrated && !email.trim()} busyLabel={t("forgot.sending")}>
              {t("forgot.send")}
            </SubmitButton>
          </Form>
          <p className="mt-6 text-center text-sm">
            <Link to="/login" className="inline-flex min-h-11 items-center font-semibold text-nepal hover:underline">
              {t("forgot.backToLogin")}
            </Link>
          </p>
        </AuthCard>
      )}
      <aside aria-labelledby="need-help" className="mx-auto -mt-6 mb-12 max-w-md px-4">
        <div className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
          <h2 id="need-help" className="font-bold text-slate-900">
            {t("forgot.help")}
          </h2>
          <p className="mt-1">
            {t("forgot.helpText")}{" "}
            <Link to="/contact" className="font-semibold text-nepal hover:underline">
              {t("forgot.contactSupport")}
            </Link>
            {t("lang.stop")}
          </p>
        </div>
      </aside>
    </>
  );
}
