import { useRef, useState } from "react";
import { isRouteErrorResponse, Link, redirect, useRevalidator } from "react-router";
import { toast } from "../lib/toast";
import {
  customerCanCancel,
  customerCanRequestCancellation,
  customerCanRequestReturn,
  deliveredAt,
  formatShippingAddress,
  isReturnRequestNote,
  isAwaitingWalletPayment,
  printedLineReturnable,
  productReviewPath,
  RETURN_NOTE,
  RETURN_REASONS,
  returnTexts,
  returnWindowEnd,
  shortOrderId,
  TIMELINE_STEPS,
  type Order,
  type ReturnReason,
} from "@khelkud/contracts";
import type { Route } from "./+types/order-detail";
import { orNotFound } from "../lib/errors";
import { localOrder, requestLocale } from "../lib/local-text";
import { ApiError, api, loginUrl } from "../lib/api";
import { pageTitle } from "../lib/seo";
import { localizeMessage, metaT, useI18n } from "../lib/i18n";
import { OopsScreen, MissingItem } from "../components/status-screens";
import { OrderStatusBadge, PaymentPendingBadge, useStatusText } from "../components/order-status-badge";
import { colorText, sizeText } from "../components/cart-panel";
import { PrintLine } from "../components/print-line";
import { PayNow } from "../components/pay-now";
import { CheckIcon } from "../components/icons";
import { useLiveEvent, useWatchOrder } from "../lib/live";

export function meta({ data, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [{ title: pageTitle(data ? t("orderDetail.title", { id: shortOrderId(data.order.id) }) : t("orderDetail.notFound")) }, { name: "robots", content: "noindex" }];
}

/** docs/product-rules.md §7: one page for order detail and tracking; owner or administrator only. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (!context.user) throw redirect(loginUrl(new URL(request.url).pathname));
  return { order: localOrder(await orNotFound(context.services.orders.getOrderForViewer(context.user, params.id)), requestLocale(request)) };
}

function Timeline({ order }: { order: Order }) {
  const reached = new Map<string, string>();
  for (const h of order.statusHistory) if (!reached.has(h.status)) reached.set(h.status, h.createdAt);
  const currentIndex = TIMELINE_STEPS.findIndex((s) => s.status === order.status);
  // A cancelled or returned order is off the timeline: it shows the steps it reached, and how it ended above them.
  const ended = order.status === "CANCELLED" || order.status === "RETURNED";
  const lastReached = ended ? Math.max(...TIMELINE_STEPS.map((s, i) => (reached.has(s.status) ? i : -1))) : currentIndex;
  const end = ended ? order.statusHistory.find((h) => h.status === order.status) : undefined;
  const { t, moment, digits, say } = useI18n();
  return (
    <section aria-labelledby="timeline-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="timeline-title" className="text-lg font-bold">
        {t("orderDetail.timeline")}
      </h2>
      {end ? (
        <p className={`mt-3 rounded-lg px-3 py-2 text-sm font-semibold ${end.status === "CANCELLED" ? "bg-red-50 text-red-800" : "bg-slate-100 text-slate-800"}`}>
          {t(end.status === "CANCELLED" ? "orderDetail.cancelledOn" : "orderDetail.returnedOn", { date: moment(end.createdAt) })}
          {end.note ? ` — ${say(end.note)}` : ""}
        </p>
      ) : null}
      <ol className="mt-4" aria-label={t("orderDetail.progress")}>
        {TIMELINE_STEPS.map((step, i) => {
          const done = i <= lastReached;
          const at = reached.get(step.status);
          const isCurrent = i === currentIndex;
          return (
            <li key={step.status} className="relative flex gap-3 pb-5 last:pb-0" aria-current={isCurrent ? "step" : undefined}>
              {i < TIMELINE_STEPS.length - 1 ? <span className={`absolute left-[13px] top-7 h-[calc(100%-1.75rem)] w-0.5 ${i < lastReached ? "bg-nepal" : "bg-slate-200"}`} aria-hidden="true" /> : null}
              <span className={`relative z-10 flex h-7 w-7 shrink-0 items-center justify-center rounded-full border-2 text-xs font-bold ${done ? "border-nepal bg-nepal text-white" : "border-slate-300 bg-white text-slate-400"}`} aria-hidden="true">
                {done ? <CheckIcon className="h-4 w-4" /> : digits(i + 1)}
              </span>
              <span>
                <span className={`block font-semibold ${done ? "text-slate-900" : "text-slate-500"}`}>
                  {t(`orderDetail.steps.${step.status}`)}
                  <span className="sr-only"> ({done ? t("orderDetail.done") : t("orderDetail.notYet")})</span>
                </span>
                {at ? <span className="block text-xs text-slate-600">{moment(at)}</span> : null}
                {order.statusHistory
                  // A return request and its answer have their own block above the timeline.
                  .filter((h) => h.status === step.status && h.note && !isReturnRequestNote(h.note))
                  .slice(0, 1)
                  .map((h) => (
                    <span key={h.createdAt} className="block text-xs text-slate-600">
                      {say(h.note!)}
                    </span>
                  ))}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** A paid order's cancellation request and the refund that answered it (docs/decisions/078). */
function RefundStatus({ order }: { order: Order }) {
  const { t, money, moment } = useI18n();
  if (order.refund) {
    const r = order.refund;
    return (
      <section aria-labelledby="refund-title" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
        <h2 id="refund-title" className="text-lg font-bold">
          {t("orderPage.refunded")}
        </h2>
        <p className="mt-1">{t("orderPage.refundedText", { amount: money(r.amount), method: t(`orderPage.refundMethod.${r.method}`), date: moment(r.refundedAt) })}</p>
        <p className="mt-1">{t("orderPage.reference", { reference: r.reference })}</p>
        {/* The administrator's note for the customer, as they wrote it (React escapes it). */}
        {r.note ? <p className="mt-1 whitespace-pre-line">{t("orderPage.refundNote", { note: r.note })}</p> : null}
      </section>
    );
  }
  if (!order.cancellationRequestedAt) return null;
  return (
    <section aria-labelledby="request-title" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      <h2 id="request-title" className="text-lg font-bold">
        {t("orderPage.cancellationRequested")}
      </h2>
      <p className="mt-1">{t("orderPage.requestedText", { date: moment(order.cancellationRequestedAt), amount: money(order.totalAmount), method: t(`order.method.${order.paymentMethod}`) })}</p>
    </section>
  );
}

/**
 * A delivered order's return request (docs/decisions/190): open (the shop will call to arrange the pick-up), or
 * declined with the shop's note. Once the return is recorded, the timeline says "Returned to the shop on …".
 */
function ReturnStatus({ order }: { order: Order }) {
  const { t, moment, locale } = useI18n();
  if (order.status !== "DELIVERED") return null;
  if (order.returnRequestedAt) {
    const reason = order.returnReason;
    return (
      <section aria-labelledby="return-request-title" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
        <h2 id="return-request-title" className="text-lg font-bold">
          {t("orderPage.returnRequested")}
        </h2>
        <p className="mt-1">{t("orderPage.returnRequestedText", { date: moment(order.returnRequestedAt), reason: reason ? returnTexts(locale).said[reason] : "", phone: order.shippingAddress.phone })}</p>
        {reason ? <p className="mt-1">{returnTexts(locale).next[reason]}</p> : null}
        {order.returnDetails ? <p className="mt-1 whitespace-pre-line">{t("orderPage.returnYourNote", { details: order.returnDetails })}</p> : null}
      </section>
    );
  }
  // The last word on a request, when it was a decline: its date and the shop's note (the customer may ask again).
  const last = order.statusHistory.findLast((h) => isReturnRequestNote(h.note));
  if (!last?.note || last.note === RETURN_NOTE.requested) return null;
  const note = last.note.slice(RETURN_NOTE.declined.length).replace(/^: /, "");
  return (
    <section aria-labelledby="return-declined-title" className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
      <h2 id="return-declined-title" className="text-lg font-bold">
        {t("orderPage.returnDeclined")}
      </h2>
      <p className="mt-1">{t("orderPage.returnDeclinedOn", { date: moment(last.createdAt) })}</p>
      {note ? <p className="mt-1 whitespace-pre-line">{t("orderPage.refundNote", { note })}</p> : null}
    </section>
  );
}

/**
 * A customer's request about their order, sent from a dialog: busy while it runs, then the toast, the dialog closed and
 * the page read again; a refusal is said in the page's language. `send` answers the toast's text.
 */
function useDialogRequest(failure: string) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const { locale } = useI18n();
  async function run(send: () => Promise<string>, toastId: string) {
    setBusy(true);
    try {
      toast.success(await send(), { id: toastId });
      dialog.current?.close();
      await revalidator.revalidate();
    } catch (error) {
      toast.error(error instanceof ApiError ? localizeMessage(error.message, locale) : failure, { duration: 4000 });
    } finally {
      setBusy(false);
    }
  }
  return { dialog, busy, run };
}

/** "Request a Return": why, and in the customer's words; the server decides whether it may still be asked. */
function RequestReturn({ order }: { order: Order }) {
  const [reason, setReason] = useState<ReturnReason | null>(null);
  const [details, setDetails] = useState("");
  const [missing, setMissing] = useState(false);
  const { t, day, say, locale } = useI18n();
  const { dialog, busy, run } = useDialogRequest(t("orderPage.returnFailed"));
  const delivered = deliveredAt(order);
  const until = delivered ? returnWindowEnd(delivered) : null;
  const printed = order.items.some((i) => i.personalisation);
  const allPrinted = order.items.every((i) => i.personalisation);
  async function send(event: React.FormEvent) {
    event.preventDefault();
    if (!reason) {
      setMissing(true);
      document.getElementById("return-reason-SIZE")?.closest("fieldset")?.querySelector<HTMLInputElement>("input:not(:disabled)")?.focus();
      return;
    }
    await run(async () => {
      await api<{ order: Order }>(`/api/orders/${encodeURIComponent(order.id)}/return-request`, { method: "POST", body: { reason, ...(details.trim() ? { details: details.trim() } : {}) } });
      return t("orderPage.returnRequestedToast");
    }, `order-${order.id}-return`);
  }
  return (
    <>
      <button type="button" onClick={() => dialog.current?.showModal()} className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-900 hover:bg-slate-100">
        {t("orderPage.returnAsk")}
      </button>
      <dialog ref={dialog} aria-labelledby="return-title" className="m-auto w-[min(92vw,30rem)] rounded-xl bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/50">
        <form onSubmit={send} noValidate>
          <h2 id="return-title" className="text-lg font-bold">
            {t("orderPage.returnTitle")}
          </h2>
          <p className="mt-2 text-sm text-slate-600">{t("orderPage.returnIntro", { date: until ? day(until) : "", phone: order.shippingAddress.phone })}</p>
          <fieldset className="mt-4" aria-describedby={missing ? "return-reason-error" : printed ? "return-printed-note" : undefined}>
            <legend className="text-sm font-semibold">{t("orderPage.returnWhy")}</legend>
            {RETURN_REASONS.map((r) => {
              const off = allPrinted && !printedLineReturnable(r);
              return (
                <label key={r} htmlFor={`return-reason-${r}`} className={`mt-1 flex min-h-11 items-center gap-2 text-sm ${off ? "text-slate-500" : ""}`}>
                  <input
                    id={`return-reason-${r}`}
                    type="radio"
                    name="reason"
                    value={r}
                    disabled={off}
                    checked={reason === r}
                    onChange={() => {
                      setReason(r);
                      setMissing(false);
                    }}
                    className="h-4 w-4 accent-nepal"
                  />
                  {t(`orderPage.returnReason.${r}`)}
                </label>
              );
            })}
            {printed ? (
              <p id="return-printed-note" className="mt-1 text-xs text-slate-600">
                {t("orderPage.returnPrintedNote")}
              </p>
            ) : null}
            <p aria-live="polite" className="mt-1 text-sm text-slate-700">
              {reason ? returnTexts(locale).next[reason] : null}
            </p>
            {missing ? (
              <p id="return-reason-error" role="alert" className="mt-1 text-sm font-semibold text-red-700">
                {say("Please choose why you are sending it back")}
              </p>
            ) : null}
          </fieldset>
          <label htmlFor="return-details" className="mt-4 block text-sm font-semibold">
            {t("orderPage.returnDetails")}
          </label>
          <p id="return-details-hint" className="text-xs text-slate-600">
            {t("orderPage.returnDetailsHint")}
          </p>
          <textarea id="return-details" value={details} onChange={(e) => setDetails(e.target.value)} maxLength={500} rows={3} aria-describedby="return-details-hint" className="mt-1 w-full rounded-lg border border-slate-300 p-2 text-sm" />
          <div className="mt-5 flex justify-end gap-2">
            <button type="button" onClick={() => dialog.current?.close()} className="rounded-lg border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-100">
              {t("orderPage.returnKeep")}
            </button>
            <button type="submit" disabled={busy} className="rounded-lg bg-nepal px-4 py-2 font-semibold text-white hover:bg-nepal-dark disabled:opacity-70">
              {busy ? t("orderPage.returnSending") : t("orderPage.returnSend")}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

function CancelOrder({ order }: { order: Order }) {
  const paid = order.paymentStatus === "PAID";
  const { t, money } = useI18n();
  const { dialog, busy, run } = useDialogRequest(t("orderPage.cancelFailed"));
  function cancel() {
    return run(async () => {
      const res = await api<{ order: Order }>(`/api/orders/${encodeURIComponent(order.id)}/cancel`, { method: "POST", body: {} });
      return res.order.status !== "CANCELLED" ? t("orderPage.requestedToast") : t("orderPage.cancelledToast");
    }, `order-${order.id}-CANCELLED`);
  }
  return (
    <>
      <button type="button" onClick={() => dialog.current?.showModal()} className="rounded-lg border border-red-300 bg-white px-4 py-2.5 font-semibold text-red-700 hover:bg-red-50">
        {paid ? t("orderPage.requestCancellation") : t("orderPage.cancelOrder")}
      </button>
      <dialog ref={dialog} aria-labelledby="cancel-title" className="m-auto w-[min(92vw,28rem)] rounded-xl bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/50">
        <h2 id="cancel-title" className="text-lg font-bold">
          {t("orderPage.cancelTitle")}
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          {paid
            ? t("orderPage.cancelPaid", { id: shortOrderId(order.id), amount: money(order.totalAmount), method: t(`order.method.${order.paymentMethod}`) })
            : t("orderPage.cancelUnpaid", { id: shortOrderId(order.id) })}
        </p>
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" onClick={() => dialog.current?.close()} className="rounded-lg border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-100">
            {t("orderPage.keep")}
          </button>
          <button type="button" onClick={cancel} disabled={busy} className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-70">
            {busy ? t("orderPage.cancelling") : paid ? t("orderPage.yesRequest") : t("orderPage.yesCancel")}
          </button>
        </div>
      </dialog>
    </>
  );
}

export default function OrderDetail({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const { revalidate } = useRevalidator();
  // docs/product-rules.md §13: the page follows its order on the live channel and re-reads it when it changes (no reload).
  useWatchOrder(order.id);
  useLiveEvent("order_updated", (e) => {
    if (e.orderId === order.id) void revalidate();
  });
  const a = order.shippingAddress;
  const first = order.items[0];
  const { t, money, day, digits, locale } = useI18n();
  const statusText = useStatusText();
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <nav aria-label={t("orderDetail.breadcrumb")} className="text-sm text-slate-600">
        <Link to="/profile?tab=orders" className="inline-flex min-h-11 items-center hover:text-nepal hover:underline">
          {t("orderDetail.myOrders")}
        </Link>{" "}
        / <span className="font-semibold text-slate-900">#{shortOrderId(order.id)}</span>
      </nav>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t("orderDetail.title", { id: shortOrderId(order.id) })}</h1>
          <p className="text-sm text-slate-600">
            {order.orderNumber} · {t("orderDetail.placedOn", { date: day(order.createdAt) })}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} />
          {isAwaitingWalletPayment(order) ? <PaymentPendingBadge /> : null}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">{t("orderDetail.status")}</dt>
          <dd className="font-semibold">{statusText(order.status)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("checkout.paymentMethod")}</dt>
          <dd className="font-semibold">{t(`order.method.${order.paymentMethod}`)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("orderDetail.paymentStatus")}</dt>
          {/* A cancelled order whose payment never came is not "pending": nothing is owed any more. */}
          {/* A closed order whose money never came (a cancelled one, a parcel returned unpaid) was simply not paid: nothing "failed" for the customer. */}
          <dd className="font-semibold">{(order.status === "CANCELLED" && order.paymentStatus === "PENDING") || (order.status === "RETURNED" && order.paymentStatus === "FAILED") ? t("orderDetail.notPaid") : statusText(order.paymentStatus)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("summary.total")}</dt>
          <dd className="font-semibold">{money(order.totalAmount)}</dd>
        </div>
      </dl>
      {order.trackingNumber || order.courier ? (
        <section aria-labelledby="shipment-title" className="mt-4 rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm">
          <h2 id="shipment-title" className="font-bold text-nepal-dark">
            {t("orderDetail.shipment")}
          </h2>
          <dl className="mt-1 flex flex-wrap gap-x-8 gap-y-1">
            {order.courier ? (
              <div className="flex gap-2">
                <dt className="text-slate-600">{t("orderDetail.courier")}</dt>
                <dd className="font-semibold">{order.courier}</dd>
              </div>
            ) : null}
            {order.trackingNumber ? (
              <div className="flex gap-2">
                <dt className="text-slate-600">{t("orderDetail.tracking")}</dt>
                <dd className="break-all font-mono font-semibold">{order.trackingNumber}</dd>
              </div>
            ) : null}
          </dl>
        </section>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <RefundStatus order={order} />
          <ReturnStatus order={order} />
          <Timeline order={order} />
          <section aria-labelledby="items-title" className="rounded-xl border border-slate-200 bg-white p-4">
            <h2 id="items-title" className="text-lg font-bold">
              {t("order.items")}
            </h2>
            <ul className="mt-2 divide-y divide-slate-200">
              {order.items.map((i) => (
                <li key={i.id} className="flex gap-3 py-3">
                  <div className="h-16 w-16 shrink-0 overflow-hidden rounded-lg bg-slate-100">{i.image ? <img src={i.image} alt={i.name} width={64} height={64} className="h-full w-full object-cover" /> : null}</div>
                  <div className="min-w-0 flex-1 text-sm">
                    <Link to={`/products/${i.slug}`} className="inline-flex min-h-11 items-center font-semibold hover:text-nepal">
                      {i.name}
                    </Link>
                    <p className="text-slate-600">{[sizeText(i.size) && t("cart.size", { size: sizeText(i.size) }), colorText(i.color) && t("orderDetail.colour", { colour: colorText(i.color) }), t("orderDetail.qty", { n: digits(i.quantity) })].filter(Boolean).join(" · ")}</p>
                    <PrintLine print={i.personalisation} fee={i.personalisation ? i.printFee : undefined} />
                    <p className="text-slate-600">{t("orderDetail.each", { amount: money(i.unitPrice) })}</p>
                  </div>
                  <span className="font-semibold">{money(i.lineTotal)}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <div className="space-y-6">
          <section aria-labelledby="address-title" className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
            <h2 id="address-title" className="text-lg font-bold">
              {t("orderDetail.address")}
            </h2>
            <address className="mt-2 not-italic leading-6">
              <span className="block font-semibold">{a.fullName}</span>
              <span className="block">
                {formatShippingAddress(a, locale)} {a.postalCode}
              </span>
              <span className="block">{a.phone}</span>
              <span className="block">{a.email}</span>
            </address>
          </section>
          <section aria-labelledby="sum-title" className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
            <h2 id="sum-title" className="text-lg font-bold">
              {t("orderDetail.summary")}
            </h2>
            <dl className="mt-2 space-y-1.5">
              <div className="flex justify-between">
                <dt className="text-slate-600">{t("cart.subtotal")}</dt>
                <dd>{money(order.subtotal)}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-slate-600">{t("summary.shipping")}</dt>
                <dd>{order.shippingCost === 0 ? t("summary.free") : money(order.shippingCost)}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-slate-600">{t("orderDetail.discount")}</dt>
                <dd>{order.discountAmount ? `-${money(order.discountAmount)}` : money(0)}</dd>
              </div>
              <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold">
                <dt>{t("summary.total")}</dt>
                <dd>{money(order.totalAmount)}</dd>
              </div>
            </dl>
          </section>
          <div className="flex flex-col gap-2">
            {order.invoiceNumber ? (
              <a href={`/api/orders/${order.id}/invoice.pdf`} download className="rounded-lg bg-nepal px-4 py-2.5 text-center font-semibold text-white hover:bg-nepal-dark" aria-label={t("orderDetail.downloadBillNumber", { number: order.invoiceNumber })}>
                {t("orderDetail.downloadBill")}
              </a>
            ) : null}
            {order.creditNoteNumber ? (
              <a href={`/api/orders/${order.id}/credit-note.pdf`} download className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-center font-semibold hover:bg-slate-100">
                {t("orderDetail.downloadCreditNote")}
              </a>
            ) : null}
            {isAwaitingWalletPayment(order) ? (
              <PayNow order={order} khaltiEndpoint="/api/payments/khalti/initiate" />
            ) : null}
            {order.status === "DELIVERED" && first ? (
              <Link to={productReviewPath(first.slug)} className="rounded-lg bg-nepal px-4 py-2.5 text-center font-semibold text-white hover:bg-nepal-dark">
                {t("orderDetail.writeReview")}
              </Link>
            ) : null}
            {customerCanCancel(order) || customerCanRequestCancellation(order) ? <CancelOrder order={order} /> : null}
            {customerCanRequestReturn(order) ? <RequestReturn order={order} /> : null}
            <Link to="/profile?tab=orders" className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-center font-semibold hover:bg-slate-100">
              {t("orderDetail.allOrders")}
            </Link>
            <Link to="/products" className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-center font-semibold hover:bg-slate-100">
              {t("cart.continue")}
            </Link>
            <Link to="/contact" className="inline-flex min-h-11 items-center justify-center text-center text-sm font-semibold text-nepal hover:underline">
              {t("orderDetail.support")}
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useI18n();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <MissingItem title={t("orderDetail.notFound")} text={t("orderDetail.notFoundText")} back="/profile?tab=orders" backLabel={t("orderDetail.allOrders")} />;
  }
  return <OopsScreen />;
}
