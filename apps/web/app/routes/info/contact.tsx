import { useEffect, useRef, useState } from "react";
import { pageMeta } from "../../lib/seo";
import { requestLocale, shopAddress } from "../../lib/local-text";
import { Form } from "react-router";
import type { Route } from "./+types/contact";
import { CONTACT_SUBJECTS, ContactInputSchema, type ContactInput } from "@khelkud/contracts";
import { InfoPage } from "../../components/info-page";
import { clientFormAction, useRouteForm, type FormResult } from "../../lib/route-form";
import { callApi, failed, field, parseWith, readForm } from "../../lib/route-form.server";
import { metaT, useI18n } from "../../lib/i18n";

export async function loader({ context, request }: Route.LoaderArgs) {
  const s = await context.services.settings.get();
  return { phone: s.phone, email: s.email, address: shopAddress(s, requestLocale(request)), publicUrl: context.publicUrl };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return pageMeta(matches, data?.publicUrl, "/contact", t("contact.title"), t("contact.description"));
}

type Field = keyof ContactInput;
type Values = Record<Field, string>;
const EMPTY: Values = { firstName: "", lastName: "", email: "", phone: "", subject: "General Inquiry", message: "" };
const FIELDS = Object.keys(EMPTY) as Field[];

/** The contact form, with or without the page's scripts (docs/decisions/088). */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readForm(request);
  if (!(posted instanceof URLSearchParams)) return posted;
  const values = Object.fromEntries(FIELDS.map((f) => [f, field(posted, f)])) as Values;
  const parsed = parseWith(ContactInputSchema, values, values);
  if (!parsed.ok) return parsed.response;
  const outcome = await callApi<{ message: string }>(context, { method: "POST", path: "/api/contact", json: { ...parsed.value, phone: parsed.value.phone || undefined } });
  if (!outcome.ok) return failed(outcome, values);
  return { done: outcome.data.message } satisfies FormResult;
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => clientFormAction(serverAction, undefined, "Could not reach the shop. Check your connection and try again.");

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { phone, email, address } = loaderData;
  const { form, result, busy, formError, onSubmit } = useRouteForm(ContactInputSchema, EMPTY as ContactInput);
  const values = form.values as Values;
  const errors = form.errors;
  // "Send another message" hides this answer until the next one arrives.
  const [dismissed, setDismissed] = useState<FormResult | undefined>();
  const sent = result?.done && result !== dismissed ? result.done : null;
  const { reset } = form;
  const { t, say } = useI18n();
  useEffect(() => {
    if (result?.done) reset(EMPTY);
  }, [result, reset]);
  // The answer takes the form's place, which on a phone starts below the first screen: bring it into view and give it
  // the focus, or the shopper is left looking at the footer with no word that the message went.
  const sentTitle = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!sent) return;
    sentTitle.current?.scrollIntoView({ block: "start" });
    sentTitle.current?.focus({ preventScroll: true });
  }, [sent]);

  const update = (f: Field, value: string) => form.set(f, value);
  const blur = (f: Field) => form.blur(f);
  function submit(event: React.FormEvent<HTMLFormElement>) {
    onSubmit(event);
    if (!event.defaultPrevented || busy) return;
    const parsed = ContactInputSchema.safeParse(values);
    const first = parsed.success ? undefined : parsed.error.issues[0]?.path[0];
    if (first) document.getElementById(`contact-${String(first)}`)?.focus();
  }

  const shown = (f: Field) => errors[f];
  const input = (f: Field, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}, optional = false) => (
    <div>
      <label htmlFor={`contact-${f}`} className="block text-sm font-semibold text-slate-800">
        {label} {optional ? <span className="font-normal text-slate-500">{t("contact.optional")}</span> : <span className="text-crimson" aria-hidden="true">*</span>}
      </label>
      <input
        id={`contact-${f}`}
        name={f}
        value={values[f]}
        onChange={(e) => update(f, e.target.value)}
        onBlur={() => blur(f)}
        aria-invalid={shown(f) ? true : undefined}
        aria-describedby={shown(f) ? `contact-${f}-error` : undefined}
        className={`mt-1 w-full rounded-lg border bg-white px-3 py-2.5 ${shown(f) ? "border-red-600" : "border-slate-300"}`}
        {...props}
      />
      {shown(f) ? (
        <p id={`contact-${f}-error`} className="mt-1 text-sm text-red-700">
          {say(shown(f)!)}
        </p>
      ) : null}
    </div>
  );

  return (
    <InfoPage eyebrow={t("contact.eyebrow")} title={t("contact.heading")} intro={t("contact.intro")} wide>
      <div className="grid gap-8 lg:grid-cols-3">
        <aside className="space-y-4">
          <InfoCard title={t("contact.phone")} icon="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z">
            <a href={`tel:${phone.replace(/[^+\d]/g, "")}`} className="inline-flex min-h-11 items-center font-semibold text-nepal hover:underline">
              {phone}
            </a>
          </InfoCard>
          <InfoCard title={t("contact.email")} icon="M4 4h16v16H4zM22 6l-10 7L2 6">
            <a href={`mailto:${email}`} className="inline-flex min-h-11 items-center break-all font-semibold text-nepal hover:underline">
              {email}
            </a>
          </InfoCard>
          <InfoCard title={t("contact.address")} icon="M21 10c0 7-9 13-9 13S3 17 3 10a9 9 0 0 1 18 0zM12 13a3 3 0 1 0 0-6 3 3 0 0 0 0 6">
            <address className="not-italic">{address}</address>
          </InfoCard>
          <InfoCard title={t("contact.hours")} icon="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 6v6l4 2">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt className="font-semibold">{t("contact.weekdays")}</dt>
              <dd>{t("contact.weekdayHours")}</dd>
              <dt className="font-semibold">{t("contact.sunday")}</dt>
              <dd>{t("contact.closed")}</dd>
            </dl>
          </InfoCard>
        </aside>

        <section aria-labelledby="form-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-8 lg:col-span-2">
          {sent ? (
            <div role="status" className="py-10 text-center">
              <svg className="mx-auto" width="56" height="56" viewBox="0 0 24 24" fill="none" stroke="#15803d" strokeWidth="2" aria-hidden="true">
                <circle cx="12" cy="12" r="10" />
                <path d="M7 12.5l3 3 7-7" />
              </svg>
              {/* Clear of the sticky header (64 px, 120 px with the phone's search row) when scrolled to. */}
              <h2 id="form-title" ref={sentTitle} tabIndex={-1} className="mt-4 scroll-mt-40 text-2xl font-bold outline-none md:scroll-mt-24">
                {t("contact.sent")}
              </h2>
              <p className="mt-2 text-slate-600">{say(sent)}</p>
              <button type="button" onClick={() => setDismissed(result)} className="mt-6 rounded-lg border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-100">
                {t("contact.another")}
              </button>
            </div>
          ) : (
            <Form method="post" noValidate onSubmit={submit} className="space-y-5" aria-labelledby="form-title">
              <h2 id="form-title" className="text-2xl font-bold">
                {t("contact.formTitle")}
              </h2>
              {formError ? (
                <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm font-semibold text-red-800">
                  {formError}
                </p>
              ) : null}
              <div className="grid gap-5 sm:grid-cols-2">
                {input("firstName", t("contact.firstName"), { autoComplete: "given-name", maxLength: 50 })}
                {input("lastName", t("contact.lastName"), { autoComplete: "family-name", maxLength: 50 })}
              </div>
              <div className="grid gap-5 sm:grid-cols-2">
                {input("email", t("contact.emailField"), { type: "email", autoComplete: "email", maxLength: 254 })}
                {input("phone", t("contact.phoneField"), { type: "tel", autoComplete: "tel", maxLength: 20, placeholder: "+977 98XXXXXXXX" }, true)}
              </div>
              <div>
                <label htmlFor="contact-subject" className="block text-sm font-semibold text-slate-800">
                  {t("contact.subject")} <span className="text-crimson" aria-hidden="true">*</span>
                </label>
                <select
                  id="contact-subject"
                  name="subject"
                  value={values.subject}
                  onChange={(e) => update("subject", e.target.value)}
                  className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5"
                >
                  {CONTACT_SUBJECTS.map((s) => (
                    <option key={s} value={s}>
                      {t(`contact.subjects.${s}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor="contact-message" className="block text-sm font-semibold text-slate-800">
                  {t("contact.message")} <span className="text-crimson" aria-hidden="true">*</span>
                </label>
                <textarea
                  id="contact-message"
                  name="message"
                  rows={6}
                  maxLength={5000}
                  value={values.message}
                  onChange={(e) => update("message", e.target.value)}
                  onBlur={() => blur("message")}
                  aria-invalid={shown("message") ? true : undefined}
                  aria-describedby={shown("message") ? "contact-message-error" : undefined}
                  className={`mt-1 w-full rounded-lg border bg-white px-3 py-2.5 ${shown("message") ? "border-red-600" : "border-slate-300"}`}
                />
                {shown("message") ? (
                  <p id="contact-message-error" className="mt-1 text-sm text-red-700">
                    {say(shown("message")!)}
                  </p>
                ) : null}
              </div>
              <div className="flex flex-wrap items-center gap-4">
                <button type="submit" disabled={busy} className="rounded-lg bg-crimson px-6 py-3 font-bold text-white hover:bg-crimson-dark disabled:opacity-60">
                  {busy ? t("contact.sending") : t("contact.send")}
                </button>
                <p className="text-sm text-slate-600">{t("contact.replyNote")}</p>
              </div>
            </Form>
          )}
        </section>
      </div>
    </InfoPage>
  );
}

function InfoCard({ title, icon, children }: { title: string; icon: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <svg className="shrink-0" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="#003893" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={icon} />
      </svg>
      <div>
        <h2 className="text-sm font-bold uppercase tracking-wide text-slate-600">{title}</h2>
        <div className="mt-1">{children}</div>
      </div>
    </div>
  );
}
