import { useState } from "react";
import { apiResult } from "../lib/api";

/** The footer's newsletter box: subscribes once, says so when the address is already on the list. */
export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const [state, setState] = useState<{ kind: "idle" | "sending" | "ok" | "info" | "error"; text?: string }>({ kind: "idle" });

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === "sending") return;
    // The schema (and Zod with it) loads on the first submit, not with every page that shows the footer.
    const { NewsletterInputSchema } = await import("../lib/lazy-schemas");
    const parsed = NewsletterInputSchema.safeParse({ email });
    if (!parsed.success) {
      setState({ kind: "error", text: parsed.error.issues[0]?.message ?? "Invalid email address" });
      return;
    }
    setState({ kind: "sending" });
    const result = await apiResult<{ message: string }>("/api/newsletter", { body: parsed.data });
    if (result.ok) {
      setState({ kind: "ok", text: result.data.message });
      setEmail("");
    } else {
      setState({ kind: result.status === 409 ? "info" : "error", text: result.fields.email ?? result.error });
    }
  }

  const color = state.kind === "ok" ? "text-green-400" : state.kind === "info" ? "text-amber-300" : "text-red-300";
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="newsletter-title" className="rounded-xl bg-slate-800 p-5">
      <h2 id="newsletter-title" className="text-sm font-bold uppercase tracking-wider text-white">
        Newsletter
      </h2>
      <p className="mt-1 text-sm">New kits, restocks and offers by e-mail. Unsubscribe with one click.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="Your email address"
          aria-describedby={state.text ? "newsletter-status" : undefined}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-600 bg-slate-900 px-3 py-2 text-white placeholder:text-slate-400"
        />
        <button type="submit" disabled={state.kind === "sending"} className="min-h-11 rounded-lg bg-crimson px-4 py-2 font-bold text-white hover:bg-crimson-dark disabled:opacity-60">
          {state.kind === "sending" ? "Subscribing…" : "Subscribe"}
        </button>
      </div>
      <p id="newsletter-status" role="status" className={`mt-2 min-h-5 text-sm ${color}`}>
        {state.text ?? ""}
      </p>
    </form>
  );
}
