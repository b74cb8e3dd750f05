import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { FormResult } from "../lib/route-form";
import { useI18n } from "../lib/i18n";

/**
 * The footer's newsletter box: subscribes once, says so when the address is already on the list. It posts to the
 * /newsletter route action (docs/decisions/088): with scripts through a fetcher, so the visitor stays on the page;
 * without them as a plain form, answered by that page.
 */
export function NewsletterForm() {
  const fetcher = useFetcher<FormResult>({ key: "newsletter" });
  const [email, setEmail] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const result = fetcher.data;
  const sending = fetcher.state !== "idle";
  const { t, say } = useI18n();

  useEffect(() => {
    if (fetcher.data?.done) setEmail("");
  }, [fetcher.data]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    // The schema (and Zod with it) loads on the first submit, not with every page that shows the footer.
    const { NewsletterInputSchema } = await import("../lib/lazy-schemas");
    const parsed = NewsletterInputSchema.safeParse({ email });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0] ? say(parsed.error.issues[0].message) : t("newsletter.invalid"));
      return;
    }
    setInvalid(null);
    void fetcher.submit(form, { method: "post", action: "/newsletter" });
  }

  const state: { kind: "idle" | "ok" | "info" | "error"; text?: string } = invalid
    ? { kind: "error", text: invalid }
    : sending || !result
      ? { kind: "idle" }
      : result.done
        ? { kind: "ok", text: result.done }
        : { kind: result.status === 409 ? "info" : "error", text: result.fieldErrors?.email ?? result.formError };
  const color = state.kind === "ok" ? "text-green-400" : state.kind === "info" ? "text-amber-300" : "text-red-300";
  return (
    <fetcher.Form method="post" action="/newsletter" onSubmit={onSubmit} noValidate aria-labelledby="newsletter-title" className="rounded-xl bg-slate-800 p-5">
      <h2 id="newsletter-title" className="text-sm font-bold uppercase tracking-wider text-white">
        {t("newsletter.title")}
      </h2>
      <p className="mt-1 text-sm">{t("newsletter.boxText")}</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="newsletter-email" className="sr-only">
          {t("newsletter.emailLabel")}
        </label>
        <input
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t("newsletter.placeholder")}
          aria-describedby={state.text ? "newsletter-status" : undefined}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-600 bg-slate-900 px-3 py-2 text-white placeholder:text-slate-400"
        />
        <button type="submit" disabled={sending} className="min-h-11 rounded-lg bg-crimson px-4 py-2 font-bold text-white hover:bg-crimson-dark disabled:opacity-60">
          {sending ? t("newsletter.subscribing") : t("newsletter.subscribe")}
        </button>
      </div>
      <p id="newsletter-status" role="status" className={`mt-2 min-h-5 text-sm ${color}`}>
        {state.text ? say(state.text) : ""}
      </p>
    </fetcher.Form>
  );
}
