import { Link } from "react-router";
import { NewsletterInputSchema } from "@khelkud/contracts";
import type { Route } from "./+types/newsletter";
import { pageTitle } from "../lib/seo";
import { metaT, useI18n } from "../lib/i18n";
import type { FormResult } from "../lib/route-form";
import { callApi, failed, field, parseWith, readForm } from "../lib/route-form.server";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(metaT(matches)("newsletter.title")) }, { name: "robots", content: "noindex" }];
}

/**
 * The footer's newsletter box posts here (docs/decisions/088). With scripts it is a fetcher and the visitor stays on
 * their page; without them this page shows the answer.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readForm(request);
  if (!(posted instanceof URLSearchParams)) return posted;
  const echo = { email: field(posted, "email") };
  const parsed = parseWith(NewsletterInputSchema, echo, echo);
  if (!parsed.ok) return parsed.response;
  const outcome = await callApi<{ message: string }>(context, { method: "POST", path: "/api/newsletter", json: parsed.value });
  if (!outcome.ok) return failed(outcome, echo, outcome.fieldErrors.email ?? outcome.error);
  return { done: outcome.data.message } satisfies FormResult;
}

/** Without scripts: the answer, and the footer's box below to try again. */
export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  const result = actionData as FormResult | undefined;
  const problem = result && !result.done ? (result.fieldErrors?.email ?? result.formError) : null;
  const { t, say } = useI18n();
  return (
    <section className="mx-auto max-w-lg px-4 py-12">
      <h1 className="text-3xl font-bold">{t("newsletter.title")}</h1>
      {result?.done ? (
        <p role="status" className="mt-4 text-lg text-green-800">
          {say(result.done)}
        </p>
      ) : problem ? (
        <p role="alert" className="mt-4 text-lg font-semibold text-red-800">
          {say(problem)}
        </p>
      ) : (
        <p className="mt-4 text-slate-700">{t("newsletter.pageText")}</p>
      )}
      <Link to="/" className="mt-6 inline-flex min-h-11 items-center font-semibold text-nepal hover:underline">
        {t("newsletter.backToShop")}
      </Link>
    </section>
  );
}
