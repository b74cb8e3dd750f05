import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useRouteLoaderData, useSearchParams } from "react-router";
import { toast } from "../lib/toast";
import { REVIEW_COMMENT_MAX, type MyReview, type Product, type Review, type ReviewList } from "@khelkud/contracts";
import { apiResult } from "../lib/api";
import { localizeMessage, tBrowser, useI18n, withStrong } from "../lib/i18n";
import { Stars } from "./star-rating";

type Mine = MyReview | "signed-out" | null;

/**
 * The reviews of one product: the list with stars and "Verified buyer", and the form for a signed-in
 * customer with a delivered order (opened by `?review=true`, the order page's Write Review link).
 * Review text is plain text: React renders it as text, never as HTML.
 */
export function ProductReviews({ product }: { product: Product }) {
  const [list, setList] = useState<ReviewList | null>(null);
  const [failed, setFailed] = useState(false);
  const [mine, setMine] = useState<Mine>(null);
  const [editing, setEditing] = useState(false);
  const { t, day, digits } = useI18n();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const wantsForm = searchParams.get("review") === "true";
  const formRef = useRef<HTMLDivElement>(null);
  // A guest has no review of their own: not asking spares a 401 in the browser console.
  const signedIn = Boolean((useRouteLoaderData("root") as { user?: unknown } | undefined)?.user);

  const load = useCallback(async () => {
    setFailed(false);
    const [reviews, me] = await Promise.all([
      apiResult<ReviewList>(`/api/products/${encodeURIComponent(product.id)}/reviews`, { method: "GET" }),
      signedIn ? apiResult<MyReview>(`/api/products/${encodeURIComponent(product.id)}/reviews/mine`, { method: "GET" }) : Promise.resolve({ ok: false as const, status: 401 }),
    ]);
    if (reviews.ok) setList(reviews.data);
    else setFailed(true);
    setMine(me.ok ? me.data : me.status === 401 ? "signed-out" : null);
  }, [product.id, signedIn]);

  useEffect(() => {
    void load();
  }, [load]);

  const canWrite = mine !== null && mine !== "signed-out" && (mine.canReview || editing);
  useEffect(() => {
    if (wantsForm && mine !== null) formRef.current?.scrollIntoView({ block: "start" });
  }, [wantsForm, mine]);

  async function remove(review: Review) {
    if (!window.confirm(t("reviews.confirmDelete"))) return;
    const res = await apiResult(`/api/reviews/${encodeURIComponent(review.id)}`, { method: "DELETE" });
    if (res.ok) {
      toast.success(t("reviews.deleted"));
      setEditing(false);
      await load();
    } else toast.error(res.error);
  }

  const loginHref = `/login?redirect=${encodeURIComponent(`${location.pathname}?review=true`)}`;
  const own = mine && mine !== "signed-out" ? mine.review : null;

  return (
    <section aria-labelledby="reviews-title" className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="reviews-title" className="text-xl font-bold">
          {t("reviews.title")}
        </h2>
        {list && list.reviewCount > 0 && list.rating != null ? (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Stars rating={list.rating} />
            <span>
              {withStrong(t("reviews.summary", { count: list.reviewCount, rating: digits(list.rating.toFixed(1)), n: digits(list.reviewCount) }))}
            </span>
          </p>
        ) : null}
      </div>

      <div ref={formRef} className="scroll-mt-24">
        {mine === "signed-out" ? (
          <p className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">
            <Link to={loginHref} className="font-semibold text-nepal hover:underline">
              {t("reviews.logIn")}
            </Link>{" "}
            {t("reviews.logInToReview")}
          </p>
        ) : own && !editing ? (
          <div className="rounded-lg border border-nepal/30 bg-nepal/5 px-4 py-3 text-sm">
            <p className="font-semibold">
              {own.hidden ? t("reviews.yoursHidden") : t("reviews.yours")}: <Stars rating={own.rating} size={14} />
            </p>
            <div className="mt-2 flex gap-3">
              <button type="button" onClick={() => setEditing(true)} className="font-semibold text-nepal hover:underline">
                {t("reviews.edit")}
              </button>
              <button type="button" onClick={() => remove(own)} className="font-semibold text-red-700 hover:underline">
                {t("reviews.delete")}
              </button>
            </div>
          </div>
        ) : canWrite ? (
          <ReviewForm
            productId={product.id}
            existing={editing ? own : null}
            autoFocus={wantsForm}
            onCancel={editing ? () => setEditing(false) : undefined}
            onSaved={async () => {
              setEditing(false);
              await load();
            }}
          />
        ) : mine && !mine.canReview && wantsForm ? (
          <p className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">{t("reviews.afterDelivery")}</p>
        ) : null}
      </div>

      {failed ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {t("reviews.loadFailed")}{" "}
          <button type="button" onClick={() => void load()} className="font-semibold underline">
            {t("common.tryAgain")}
          </button>
        </div>
      ) : !list ? (
        <ul aria-hidden="true" className="space-y-4">
          {[0, 1].map((i) => (
            <li key={i} className="h-24 animate-pulse rounded-lg bg-slate-100" />
          ))}
        </ul>
      ) : list.reviews.length === 0 ? (
        <p className="text-slate-600">{t("reviews.none")}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {list.reviews.map((r) => (
            <li key={r.id} className="py-4">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <Stars rating={r.rating} />
                <span className="font-semibold text-slate-900">{r.reviewer.name}</span>
                {r.verifiedBuyer ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-bold text-green-800">
                    <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true">
                      <path d="M5 12l5 5 9-9" />
                    </svg>
                    {t("reviews.verified")}
                  </span>
                ) : null}
                <time dateTime={r.createdAt} className="text-slate-500">
                  {day(r.createdAt)}
                </time>
              </div>
              {r.comment ? <p className="mt-2 whitespace-pre-line break-words text-slate-700">{r.comment}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReviewForm({
  productId,
  existing,
  autoFocus,
  onCancel,
  onSaved,
}: {
  productId: string;
  existing: Review | null;
  autoFocus: boolean;
  onCancel?: () => void;
  onSaved: () => Promise<void>;
}) {
  const id = useId();
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [comment, setComment] = useState(existing?.comment ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { t, locale, digits } = useI18n();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // The schema (and Zod) loads when a review is sent, not with every product page.
    const { ReviewInputSchema } = await import("../lib/lazy-schemas");
    const parsed = ReviewInputSchema.safeParse({ rating, comment });
    if (!parsed.success) {
      setError(rating === 0 ? t("reviews.chooseRating") : parsed.error.issues[0] ? localizeMessage(parsed.error.issues[0].message, locale) : t("reviews.checkReview"));
      return;
    }
    setBusy(true);
    setError(null);
    const res = existing
      ? await apiResult(`/api/reviews/${encodeURIComponent(existing.id)}`, { method: "PUT", body: parsed.data })
      : await apiResult(`/api/products/${encodeURIComponent(productId)}/reviews`, { body: parsed.data });
    setBusy(false);
    if (!res.ok) {
      setError(localizeMessage(res.error, locale));
      return;
    }
    toast.success(tBrowser(existing ? "reviews.updated" : "reviews.thanks"));
    await onSaved();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 md:p-5" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-bold">
        {existing ? t("reviews.editTitle") : t("reviews.writeTitle")}
      </h3>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">{t("reviews.yourRating")}</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer rounded p-0.5 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-nepal">
              <input
                type="radio"
                name={`${id}-rating`}
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                autoFocus={autoFocus && n === 1}
                className="sr-only"
              />
              <span className="sr-only">
                {t("reviews.stars", { count: n, n: digits(n) })}
              </span>
              <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" className={n <= rating ? "fill-amber-400" : "fill-slate-300 hover:fill-amber-200"}>
                <path d="M12 2l3 6.5 7 .9-5.1 4.8 1.3 7L12 17.8 5.8 21.2l1.3-7L2 9.4l7-.9z" />
              </svg>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-comment`} className="text-sm font-semibold text-slate-800">
          {t("reviews.yourReview")} <span className="font-normal text-slate-500">{t("reviews.optional")}</span>
        </label>
        <textarea
          id={`${id}-comment`}
          rows={4}
          maxLength={REVIEW_COMMENT_MAX}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          placeholder={t("reviews.placeholder")}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex gap-3">
        <button type="submit" disabled={busy} className="rounded-lg bg-crimson px-5 py-2.5 font-bold text-white hover:bg-crimson-dark disabled:opacity-60">
          {busy ? t("common.saving") : existing ? t("reviews.save") : t("reviews.submit")}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel} className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-100">
            {t("common.cancel")}
          </button>
        ) : null}
      </div>
    </form>
  );
}
