import { Form, Link, useNavigation } from "react-router";
import { CONTENT_MSG } from "@khelkud/contracts";
import type { Route } from "./+types/newsletter-unsubscribe";
import { isNotFound } from "../lib/errors";
import { pageTitle } from "../lib/seo";
import { metaT, useI18n } from "../lib/i18n";

/** "sita.rai@example.com" → "s•••@example.com": enough to recognise, not to harvest. */
function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}•••@${domain}`;
}

function tokenOf(request: Request): string {
  return (new URL(request.url).searchParams.get("token") ?? "").trim().slice(0, 200);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const sub = token ? await context.services.newsletter.findByToken(token) : undefined;
  if (!sub) return { state: "invalid" as const, email: null };
  return { state: sub.unsubscribedAt ? ("done" as const) : ("ask" as const), email: maskEmail(sub.email) };
}

/** The button below, and mail clients' one-click unsubscribe (RFC 8058), both POST here. */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    await context.services.newsletter.unsubscribe(tokenOf(request));
    return { ok: true as const };
  } catch (error) {
    if (isNotFound(error)) return { ok: false as const };
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(metaT(matches)("newsletter.unsubscribeTitle")) }, { name: "robots", content: "noindex" }];
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { t, say } = useI18n();
  const state = actionData ? (actionData.ok ? "done" : "invalid") : loaderData.state;
  return (
    <section className="mx-auto max-w-lg px-4 py-20 text-center">
      {state === "invalid" ? (
        <>
          <h1 className="text-3xl font-bold">{t("newsletter.invalidLink")}</h1>
          <p className="mt-3 text-slate-600">
            {say(CONTENT_MSG.unsubscribeInvalid)} {t("newsletter.invalidText")}
          </p>
          <Link to="/contact" className="mt-8 inline-block rounded-lg bg-nepal px-5 py-2.5 font-semibold text-white hover:bg-nepal-dark">
            {t("newsletter.contact")}
          </Link>
        </>
      ) : state === "done" ? (
        <div role="status">
          <h1 className="text-3xl font-bold">{t("newsletter.unsubscribed")}</h1>
          <p className="mt-3 text-slate-600">{say(CONTENT_MSG.newsletterUnsubscribed)}</p>
          <Link to="/" className="mt-8 inline-block rounded-lg bg-nepal px-5 py-2.5 font-semibold text-white hover:bg-nepal-dark">
            {t("newsletter.backToShop")}
          </Link>
        </div>
      ) : (
        <>
          <h1 className="text-3xl font-bold">{t("newsletter.ask")}</h1>
          <p className="mt-3 text-slate-600">{t("newsletter.askText", { email: loaderData.email })}</p>
          <Form method="post" className="mt-8">
            <button type="submit" disabled={navigation.state !== "idle"} className="rounded-lg bg-crimson px-6 py-3 font-bold text-white hover:bg-crimson-dark disabled:opacity-60">
              {navigation.state === "submitting" ? t("newsletter.unsubscribing") : t("newsletter.unsubscribeTitle")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
