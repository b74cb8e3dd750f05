import { Form, useNavigation } from "react-router";
import { toast } from "sonner";
import { ChangePasswordInputSchema } from "@khelkud/contracts";
import { FormBanner, FormDone, PasswordField, SubmitButton } from "../form-fields";
import { useAnswerRenderedWith, useEachNewResult, useRouteForm } from "../../lib/route-form";
import type { ProfileFormResult } from "./profile-form-result";

const EMPTY_PW = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Change password: a form that posts to the profile route's action (intent "change-password", docs/decisions/088). */
export function SecurityTab() {
  const { form, result, onSubmit } = useRouteForm(ChangePasswordInputSchema, EMPTY_PW);
  const answer = (result as ProfileFormResult | undefined)?.intent === "change-password" ? (result as ProfileFormResult) : undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "change-password";
  const v = form.values as typeof EMPTY_PW;
  const { reset } = form;
  // A post sent without scripts is answered in the page; a script's post by a toast.
  const inPage = useAnswerRenderedWith(answer);
  useEachNewResult(answer, (a) => {
    if (a.done) {
      toast.success(a.done, { duration: 2000 });
      reset(EMPTY_PW);
    } else if (a.formError) toast.error(a.formError, { duration: 3000 });
  });

  const field = (name: keyof typeof EMPTY_PW) => ({ name, value: v[name], error: form.errors[name], onValue: (x: string) => form.set(name, x), onBlurField: () => form.blur(name) });

  return (
    <div className="grid gap-6 md:grid-cols-[1fr_18rem]">
      <Form method="post" noValidate onSubmit={(e) => (busy ? e.preventDefault() : onSubmit(e))} aria-labelledby="change-password" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        <input type="hidden" name="intent" value="change-password" />
        <h2 id="change-password" className="text-xl font-bold">
          Change Password
        </h2>
        <FormDone message={inPage?.done} />
        <FormBanner message={inPage?.formError && !Object.values(inPage.fieldErrors ?? {}).includes(inPage.formError) ? inPage.formError : null} />
        <PasswordField label="Current Password" autoComplete="current-password" {...field("currentPassword")} />
        <PasswordField label="New Password" autoComplete="new-password" {...field("newPassword")} />
        <PasswordField label="Confirm New Password" autoComplete="new-password" {...field("confirmPassword")} />
        <SubmitButton busy={busy} busyLabel="Updating…">
          Update Password
        </SubmitButton>
      </Form>
      <aside className="rounded-2xl border border-slate-200 bg-white p-5 text-sm text-slate-700">
        <h2 className="font-bold text-slate-900">Password tips</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>Use 8 or more characters.</li>
          <li>Mix upper and lower case letters and numbers.</li>
          <li>Don&apos;t reuse a password from another site.</li>
          <li>Changing your password signs you out on your other devices.</li>
        </ul>
      </aside>
    </div>
  );
}
