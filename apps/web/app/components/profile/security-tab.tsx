import { Form, useNavigation } from "react-router";
import { toast } from "../../lib/toast";
import { ChangePasswordInputSchema } from "@khelkud/contracts";
import { FormBanner, FormDone, PasswordField, SubmitButton } from "../form-fields";
import { useAnswerRenderedWith, useEachNewResult, useRouteForm } from "../../lib/route-form";
import type { ProfileFormResult } from "./profile-form-result";
import { useI18n } from "../../lib/i18n";

const EMPTY_PW = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Change password: a form that posts to the profile route's action (intent "change-password", docs/decisions/088). */
export function SecurityTab() {
  const { form, result, onSubmit } = useRouteForm(ChangePasswordInputSchema, EMPTY_PW);
  const answer = (result as ProfileFormResult | undefined)?.intent === "change-password" ? (result as ProfileFormResult) : undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "change-password";
  const v = form.values as typeof EMPTY_PW;
  const { reset } = form;
  const { t, say } = useI18n();
  // A post sent without scripts is answered in the page; a script's post by a toast.
  const inPage = useAnswerRenderedWith(answer);
  useEachNewResult(answer, (a) => {
    if (a.done) {
      toast.success(say(a.done), { duration: 2000 });
      reset(EMPTY_PW);
    } else if (a.formError) toast.error(say(a.formError), { duration: 3000 });
  });

  const field = (name: keyof typeof EMPTY_PW) => ({ name, value: v[name], error: form.errors[name], onValue: (x: string) => form.set(name, x), onBlurField: () => form.blur(name) });

  return (
    <div className="grid gap-6 md:grid-cols-[1fr_18rem]">
      <Form method="post" noValidate onSubmit={(e) => (busy ? e.preventDefault() : onSubmit(e))} aria-labelledby="change-password" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        <input type="hidden" name="intent" value="change-password" />
        <h2 id="change-password" className="text-xl font-bold">
          {t("profile.changePassword")}
        </h2>
        <FormDone message={inPage?.done} />
        <FormBanner message={inPage?.formError && !Object.values(inPage.fieldErrors ?? {}).includes(inPage.formError) ? inPage.formError : null} />
        <PasswordField label={t("profile.currentPassword")} autoComplete="current-password" {...field("currentPassword")} />
        <PasswordField label={t("profile.newPassword")} autoComplete="new-password" {...field("newPassword")} />
        <PasswordField label={t("profile.confirmNew")} autoComplete="new-password" {...field("confirmPassword")} />
        <SubmitButton busy={busy} busyLabel={t("profile.updating")}>
          {t("profile.updatePassword")}
        </SubmitButton>
      </Form>
      <aside className="rounded-2xl border border-slate-200 bg-white p-5 text-sm text-slate-700">
        <h2 className="font-bold text-slate-900">{t("profile.tips")}</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>{t("profile.tip1")}</li>
          <li>{t("profile.tip2")}</li>
          <li>{t("profile.tip3")}</li>
          <li>{t("profile.tip4")}</li>
        </ul>
      </aside>
    </div>
  );
}
