import { Form, Link, useNavigation } from "react-router";
import { CONTENT_MSG } from "@khelkud/contracts";
import type { Route } from "./+types/newsletter-unsubscribe";
import { isNotFound } from "../lib/errors";
import { pageTitle } from "../lib/seo";

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

export function meta() {
  return [{ title: pageTitle("Unsubscribe") }, { name: "robots", content: "noindex" }];
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const state = actionData ? (actionData.ok ? "done" : "invalid") : loaderData.state;
  return (
    <section className="mx-auto max-w-lg px-4 py-20 text-center">
      {state === "invalid" ? (
        <>
          <h1 className="text-3xl font-bold">Link not valid</h1>
          <p className="mt-3 text-slate-600">{CONTENT_MSG.unsubscribeInvalid} It may have been replaced by a newer e-mail from us. Use the link in the latest newsletter, or contact us and we will remove your address.</p>
          <Link to="/contact" className="mt-8 inline-block rounded-lg bg-nepal px-5 py-2.5 font-semibold text-white hover:bg-nepal-dark">
            Contact Us
          </Link>
        </>
      ) : state === "done" ? (
        <div role="status">
          <h1 className="text-3xl font-bold">You are unsubscribed</h1>
          <p className="mt-3 text-slate-600">{CONTENT_MSG.newsletterUnsubscribed}</p>
          <Link to="/" className="mt-8 inline-block rounded-lg bg-nepal px-5 py-2.5 font-semibold text-white hover:bg-nepal-dark">
            Back to the shop
          </Link>
        </div>
      ) : (
        <>
          <h1 className="text-3xl font-bold">Unsubscribe from our newsletter?</h1>
          <p className="mt-3 text-slate-600">
            {loaderData.email} will no longer receive news about jerseys, restocks and offers. You can subscribe again at any time.
          </p>
          <Form method="post" className="mt-8">
            <button type="submit" disabled={navigation.state !== "idle"} className="rounded-lg bg-crimson px-6 py-3 font-bold text-white hover:bg-crimson-dark disabled:opacity-60">
              {navigation.state === "submitting" ? "Unsubscribing…" : "Unsubscribe"}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
