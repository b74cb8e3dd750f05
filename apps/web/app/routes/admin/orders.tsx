import { useState } from "react";
import { toast } from "../../lib/toast";
import {
  ADMIN_MSG,
  ORDER_STATUSES,
  REFUND_METHODS,
  formatNPR,
  refundMethodLabel,
  returnReasonLabel,
  returnRefundsDelivery,
  printedLineReturnable,
  shortOrderId,
  type OrderStatus,
  type Pagination,
  type RefundMethod,
  type ReturnReason,
} from "@khelkud/contracts";
import { api, downloadCsv } from "../../components/admin/api/client";
import { addressChoice, addressPage, qs, useAddressFilters, useAddressFollows, useApiGet, useDebounced } from "../../components/admin/api/hooks";
import { useLiveEvent } from "../../lib/live";
import { FilterBar, SearchFilter, SelectFilter } from "../../components/admin/list-filters";
import { btn, Dialog, ErrorNote, Field, input, PageHeader, Pager, showingText, StatusBadge, Table } from "../../components/admin/ui";
import { formatDate, formatDateTime } from "../../lib/format";
import { PaymentMethodIcon } from "../../components/icons";
import { OrderNotifications } from "../../components/admin/order-notifications";
import { colorText } from "../../components/cart-panel";

interface OrderSummary {
  id: string;
  orderNumber: string;
  user: { id: string; name: string; email: string } | null;
  totalAmount: number;
  subtotal: number;
  shippingCost: number;
  discountAmount: number;
  status: OrderStatus;
  paymentMethod: string;
  paymentStatus: string;
  paymentId: string | null;
  trackingNumber: string | null;
  courier: string | null;
  nextStatuses: OrderStatus[];
  canCollectCash: boolean;
  canDelete: boolean;
  canRefund: boolean;
  canRecordReturn: boolean;
  cancellationRequestedAt: string | null;
  returnRequestedAt: string | null;
  canDeclineReturn: boolean;
  createdAt: string;
}
interface OrderDetail extends OrderSummary {
  shippingAddress: Record<string, string> | null;
  notes: string | null;
  items: { id: string; productName: string; size: string; color: string; quantity: number; unitPrice: number; lineTotal: number; personalisation?: { name: string; number: number } | null; printFee?: number; printedAt?: string | null }[];
  statusHistory: { status: string; note: string | null; by: string | null; createdAt: string }[];
  cancellationReason: string | null;
  returnReason: ReturnReason | null;
  returnDetails: string | null;
  refund: { amount: number; method: RefundMethod; reference: string; note: string | null; by: string | null; refundedAt: string } | null;
}

const label = (s: string) => s.replace(/_/g, " ");

function Address({ a }: { a: Record<string, string> | null }) {
  if (!a) return <p className="text-red-700">{ADMIN_MSG.badAddress}</p>;
  return (
    <address className="not-italic text-sm leading-relaxed">
      <div className="font-medium">{a.fullName ?? a.name}</div>
      {a.phone && <div>{a.phone}</div>}
      {a.email && <div>{a.email}</div>}
      <div>
        {a.address ?? a.street}
        {a.landmark ? `, near ${a.landmark}` : ""}
      </div>
      <div>
        {a.district ? [a.area, a.district, a.province && `${a.province} Province`].filter(Boolean).join(", ") : a.city}
        {a.postalCode ? ` ${a.postalCode}` : ""}
        {a.country ? `, ${a.country}` : ""}
      </div>
    </address>
  );
}

/** The second step of an action that records money: the question with the amount, then yes or back. */
function ConfirmStep({ label, question, yes, busy = false, onYes, onBack }: { label: string; question: string; yes: string; busy?: boolean; onYes: () => void; onBack: () => void }) {
  return (
    <div role="group" aria-label={label} className="space-y-2 rounded-md border border-amber-400 bg-white p-3">
      <p className="font-semibold">{question}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={btn.primary} disabled={busy} onClick={onYes}>
          {yes}
        </button>
        <button type="button" className={btn.secondary} disabled={busy} onClick={onBack}>
          Back
        </button>
      </div>
    </div>
  );
}

/**
 * The money sent back, as the staff record it for a cancellation or a return: amount (rupees, shown; paisa, sent),
 * method (the wallet the order was paid with, else `otherwise`) and the wallet's or bank's reference.
 */
function useRefundFields(o: OrderDetail, suggested: number, otherwise: RefundMethod) {
  const [amount, setAmount] = useState((suggested / 100).toFixed(2));
  const [method, setMethod] = useState<RefundMethod>(o.paymentMethod === "KHALTI" || o.paymentMethod === "ESEWA" ? o.paymentMethod : otherwise);
  const [reference, setReference] = useState("");
  // Written as the shop writes amounts ("Rs. 8,999.00") or plainly ("8999"); anything else is said, not silently refused.
  const cleaned = amount.replace(/^\s*Rs\.?\s*/i, "").replace(/,/g, "").trim();
  const valid = /^\d+(\.\d{1,2})?$/.test(cleaned);
  const paisa = valid ? Math.round(Number(cleaned) * 100) : 0;
  const fields = (
    <>
      <Field label="Amount refunded (NPR)" error={valid ? undefined : "Write the amount in rupees, like 8,999.00"}>
        <input className={input} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
      </Field>
      <Field label="Refunded by">
        <select className={input} value={method} onChange={(e) => setMethod(e.target.value as RefundMethod)}>
          {REFUND_METHODS.map((m) => (
            <option key={m} value={m}>
              {refundMethodLabel(m)}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Refund reference">
        <input className={input} value={reference} onChange={(e) => setReference(e.target.value)} />
      </Field>
    </>
  );
  return { paisa, method, reference: reference.trim(), ready: reference.trim() !== "" && paisa > 0, fields };
}

/**
 * A paid order's cancellation: the staff send the money back in the wallet's or bank's dashboard, then record it here
 * (amount, method, reference); the order is cancelled and its stock returned (docs/decisions/078).
 */
/** One of the order's admin actions (`POST /api/admin/orders/{id}/{path}`): busy while it runs, a toast, then `onDone`. */
function useOrderAction(orderId: string, onDone: () => void) {
  const [busy, setBusy] = useState(false);
  async function send(path: string, body: object, done: string) {
    setBusy(true);
    try {
      await api("POST", `/api/admin/orders/${orderId}/${path}`, body);
      toast.success(done);
      onDone();
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return { busy, send };
}

function RefundPanel({ o, onDone }: { o: OrderDetail; onDone: () => void }) {
  const refund = useRefundFields(o, o.totalAmount, "BANK_TRANSFER");
  const [note, setNote] = useState("");
  const { busy, send } = useOrderAction(o.id, onDone);
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3" aria-labelledby="refund-panel-title">
      <h3 id="refund-panel-title" className="font-semibold">
        {o.cancellationRequestedAt ? `Cancellation requested on ${formatDateTime(o.cancellationRequestedAt)}` : "Cancel and refund this paid order"}
      </h3>
      {o.cancellationReason && <p>Reason: {o.cancellationReason}</p>}
      <div className="grid gap-2 sm:grid-cols-2">
        {refund.fields}
        <Field label="Note for the customer (optional)">
          <input className={input} value={note} onChange={(e) => setNote(e.target.value)} />
        </Field>
      </div>
      {/* Money and a credit note: the staff say yes twice, with the amount in front of them. */}
      {confirming ? (
        <ConfirmStep
          label="Confirm the refund"
          question={`Record a refund of ${formatNPR(refund.paisa)} by ${refundMethodLabel(refund.method)} (reference ${refund.reference}) and cancel this order? Its stock goes back on sale and a credit note is issued; this cannot be undone.`}
          yes="Yes, record the refund"
          busy={busy}
          onYes={() => send("refund", { amount: refund.paisa, method: refund.method, reference: refund.reference, note: note.trim() || null }, ADMIN_MSG.refundRecorded).finally(() => setConfirming(false))}
          onBack={() => setConfirming(false)}
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="button" className={btn.primary} disabled={busy || confirming || !refund.ready} onClick={() => setConfirming(true)}>
          Approve and record refund
        </button>
        {o.cancellationRequestedAt && (
          <button type="button" className={btn.secondary} disabled={busy} onClick={() => send("cancellation/decline", { note: note.trim() || null }, "Cancellation request declined")}>
            Decline request
          </button>
        )}
      </div>
    </section>
  );
}

/**
 * A customer's open return request (docs/decisions/190): why, in their words, and what to do. The staff arrange the
 * pick-up by phone, then record the return below when the items are back, or decline the request with a note.
 */
function ReturnRequestPanel({ o, onDone }: { o: OrderDetail; onDone: () => void }) {
  const [note, setNote] = useState("");
  const { busy, send } = useOrderAction(o.id, onDone);
  return (
    <section className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3" aria-labelledby="return-request-panel-title">
      <h3 id="return-request-panel-title" className="font-semibold">
        Return requested on {formatDateTime(o.returnRequestedAt!)}
      </h3>
      {o.returnReason ? <p>Reason: {returnReasonLabel(o.returnReason)}</p> : null}
      {o.returnDetails ? <p className="whitespace-pre-line">Customer&apos;s note: {o.returnDetails}</p> : null}
      <p className="text-slate-700">
        Call the customer to arrange the return (a pick-up in the Kathmandu Valley). When the items are back,{" "}
        {o.canCollectCash ? "mark the cash collected (the customer paid the courier), then record the return with its refund" : "record the return with its refund"} at the foot of this order; or decline the
        request with a note for the customer.
      </p>
      <Field label="Note for the customer (optional)">
        <input className={input} value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
      </Field>
      <button type="button" className={btn.secondary} disabled={busy} onClick={() => send("return-request/decline", { note: note.trim() || null, requestedAt: o.returnRequestedAt }, "Return request declined")}>
        Decline request
      </button>
    </section>
  );
}

/**
 * A parcel that came back: refused or undeliverable (returned to sender), or sent back by the customer after delivery.
 * A paid order's return records its refund, as a cancellation's does; an unpaid one's records none (docs/decisions/185).
 */
function ReturnPanel({ o, onDone }: { o: OrderDetail; onDone: () => void }) {
  const paid = o.paymentStatus === "PAID";
  const [open, setOpen] = useState(false);
  // The returns policy: a change of mind gets the items' price back, not the delivery fee; a faulty or wrong item (as
  // the customer's request says) and an undelivered parcel, everything.
  const delivered = o.status === "DELIVERED";
  const feeKept = delivered && !returnRefundsDelivery(o.returnReason);
  // Printed shirts are not taken back for a size or a change of mind: a request for those leaves them out.
  const printedKept = delivered && o.returnReason !== null && !printedLineReturnable(o.returnReason) ? o.items.filter((i) => i.personalisation).reduce((sum, i) => sum + i.lineTotal, 0) : 0;
  const refund = useRefundFields(o, (feeKept ? o.totalAmount - o.shippingCost : o.totalAmount) - printedKept, "CASH");
  const [note, setNote] = useState("");
  const [restock, setRestock] = useState(true);
  const { busy, send } = useOrderAction(o.id, onDone);
  const [confirming, setConfirming] = useState(false);
  const printed = o.items.some((i) => i.personalisation);
  const allPrinted = o.items.length > 0 && o.items.every((i) => i.personalisation);
  const stockText = !restock || allPrinted ? "Its items stay out of stock." : printed ? "Its items go back on sale, except the printed ones." : "Its items go back on sale.";
  if (!open) {
    return (
      <button type="button" className={btn.secondary} onClick={() => setOpen(true)}>
        Record return
      </button>
    );
  }
  function record() {
    const body = {
      restock,
      note: note.trim() || null,
      // Refused when the order changed since this panel opened (delivered, cash collected meanwhile).
      expectedStatus: o.status,
      expectedPaymentStatus: o.paymentStatus,
      ...(paid ? { amount: refund.paisa, method: refund.method, reference: refund.reference } : {}),
    };
    return send("return", body, ADMIN_MSG.returnRecorded).finally(() => setConfirming(false));
  }
  const came = delivered ? "sent back by the customer" : "returned to sender";
  return (
    <section className="space-y-2 rounded-lg border border-slate-300 bg-slate-50 p-3" aria-labelledby="return-panel-title">
      <h3 id="return-panel-title" className="font-semibold">
        Record return
      </h3>
      <p>
        {delivered ? "The customer sent the parcel back." : "The parcel came back undelivered (refused or not reachable)."}{" "}
        {paid ? "Send the money back in the wallet's or bank's own dashboard first, then record it here: a credit note is issued." : "Nothing was paid, so there is no refund: the cash is no longer awaited."}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {paid ? (
          <>
            {refund.fields}
            {feeKept && o.shippingCost > 0 ? (
              <p className="self-end text-xs text-slate-600 sm:col-span-2">
                The amount leaves out the delivery fee of {formatNPR(o.shippingCost)}: the returns policy refunds it only for a faulty or wrong item. Add it back for those.
              </p>
            ) : null}
            {printedKept > 0 ? (
              <p className="self-end text-xs text-slate-600 sm:col-span-2">
                It also leaves out the printed shirts ({formatNPR(printedKept)}): they are taken back only when faulty or not what was ordered.
              </p>
            ) : null}
          </>
        ) : null}
        <Field label="Note for the customer (optional)">
          <input className={input} value={note} onChange={(e) => setNote(e.target.value)} />
        </Field>
      </div>
      <label className="flex items-start gap-2">
        <input type="checkbox" className="mt-1" checked={restock} onChange={(e) => setRestock(e.target.checked)} />
        <span>
          Put the items back on sale
          {printed ? <span className="block text-xs text-slate-600">Lines printed with a name and number stay out of stock.</span> : null}
        </span>
      </label>
      {confirming ? (
        <ConfirmStep
          label="Confirm the return"
          question={`Record this order as ${came}${paid ? `, with a refund of ${formatNPR(refund.paisa)} by ${refundMethodLabel(refund.method)} (reference ${refund.reference})` : ""}? ${stockText} This cannot be undone.`}
          yes="Yes, record the return"
          busy={busy}
          onYes={record}
          onBack={() => setConfirming(false)}
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="button" className={btn.primary} disabled={busy || confirming || (paid && !refund.ready)} onClick={() => setConfirming(true)}>
          Record return
        </button>
        <button type="button" className={btn.secondary} disabled={busy} onClick={() => (setOpen(false), setConfirming(false))}>
          Close
        </button>
      </div>
    </section>
  );
}

function OrderView({ id, onChanged }: { id: string; onChanged: () => void }) {
  const { data, error, reload } = useApiGet<{ order: OrderDetail }>(`/api/admin/orders/${id}`);
  const [confirmCollect, setConfirmCollect] = useState(false);
  // A change made elsewhere (another administrator, a payment) shows at once: its panels follow the order as it is.
  useLiveEvent("order_updated", (e) => {
    if (e.orderId === id) reload();
  });
  if (error) return <ErrorNote text={ADMIN_MSG.failedOrder} onRetry={reload} />;
  if (!data) return <p className="text-slate-500">Loading order...</p>;
  const o = data.order;
  async function collect() {
    setConfirmCollect(false);
    try {
      await api("POST", `/api/admin/orders/${o.id}/cash-collected`);
      toast.success("Cash collected: payment marked as paid");
      reload();
      onChanged();
    } catch (e) {
      toast.error((e as Error).message);
    }
  }
  return (
    <div className="space-y-4 text-sm">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
        <dt className="text-slate-500">Customer</dt>
        <dd className="[overflow-wrap:anywhere]">{o.user ? `${o.user.name} (${o.user.email})` : "N/A"}</dd>
        <dt className="text-slate-500">Status</dt>
        <dd>
          <StatusBadge value={o.status} />
        </dd>
        <dt className="text-slate-500">Date</dt>
        <dd>{formatDate(o.createdAt)}</dd>
        <dt className="text-slate-500">Payment method</dt>
        <dd>{o.paymentMethod}</dd>
        <dt className="text-slate-500">Payment status</dt>
        <dd>
          <StatusBadge value={o.paymentStatus} />
        </dd>
        <dt className="text-slate-500">Payment id</dt>
        <dd className="break-all font-mono text-xs">{o.paymentId ?? "N/A"}</dd>
        {o.courier && (
          <>
            <dt className="text-slate-500">Courier</dt>
            <dd>{o.courier}</dd>
          </>
        )}
        {o.trackingNumber && (
          <>
            <dt className="text-slate-500">Tracking number</dt>
            <dd className="font-mono text-xs">{o.trackingNumber}</dd>
          </>
        )}
      </dl>
      {/* What the customer waits for comes first: the order was opened from "Waiting for an answer". */}
      {o.canDeclineReturn && (
        <ReturnRequestPanel
          o={o}
          onDone={() => {
            reload();
            onChanged();
          }}
        />
      )}
      <section>
        <h3 className="mb-1 font-semibold">Shipping address</h3>
        <Address a={o.shippingAddress} />
      </section>
      <section>
        <h3 className="mb-1 font-semibold">Items</h3>
        <table className="w-full text-left">
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              <th className="py-1 pr-2">Product</th>
              <th className="py-1 pr-2">Qty</th>
              <th className="py-1 pr-2">Price</th>
              <th className="py-1 text-right">Total</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {o.items.map((i) => (
              <tr key={i.id}>
                <td className="py-1 pr-2">
                  {i.productName || "Unknown Product"} <span className="text-xs text-slate-500">({[i.size, colorText(i.color)].filter(Boolean).join(", ")})</span>
                  {i.personalisation ? (
                    <span className="block text-xs">
                      <span className="font-semibold text-nepal">{`Name: ${i.personalisation.name} · No. ${i.personalisation.number}`}</span>
                      {` · printing ${formatNPR(i.printFee ?? 0)} each · `}
                      <span className={i.printedAt ? "text-green-800" : "font-semibold text-amber-800"}>{i.printedAt ? "printed" : "not printed yet"}</span>
                    </span>
                  ) : null}
                </td>
                <td className="py-1 pr-2">{i.quantity}</td>
                <td className="py-1 pr-2 whitespace-nowrap">{formatNPR(i.unitPrice)}</td>
                <td className="py-1 text-right">{formatNPR(i.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-2 text-right">
          Shipping {formatNPR(o.shippingCost)} · <span className="font-semibold">Total Amount {formatNPR(o.totalAmount)}</span>
        </p>
      </section>
      <section>
        <h3 className="mb-1 font-semibold">Status history</h3>
        <ol className="space-y-1">
          {o.statusHistory.map((h, i) => (
            <li key={i} className="flex flex-wrap gap-2">
              <StatusBadge value={h.status} /> <span className="text-slate-600">{formatDateTime(h.createdAt)}</span>
              {h.by && <span className="text-slate-500">by {h.by}</span>}
              {h.note && <span>— {h.note}</span>}
            </li>
          ))}
          {o.statusHistory.length === 0 && <li className="text-slate-500">No changes yet.</li>}
        </ol>
      </section>
      <OrderNotifications orderId={o.id} />
      {o.refund && (
        <section className="rounded-lg border border-emerald-300 bg-emerald-50 p-3">
          <h3 className="font-semibold">Refunded</h3>
          <p>
            {formatNPR(o.refund.amount)} by {refundMethodLabel(o.refund.method)}, reference <span className="font-mono">{o.refund.reference}</span>
            {o.refund.by ? `, recorded by ${o.refund.by}` : ""} on {formatDateTime(o.refund.refundedAt)}
          </p>
          {o.refund.note && <p>Note: {o.refund.note}</p>}
        </section>
      )}
      {o.canRefund && (
        <RefundPanel
          o={o}
          onDone={() => {
            reload();
            onChanged();
          }}
        />
      )}
      {o.canRecordReturn && (
        <ReturnPanel
          // A panel opened on another state of the order, or before the customer's request changed, starts again from
          // this one's (its refund, its wording).
          key={`${o.status}:${o.paymentStatus}:${o.returnRequestedAt ?? ""}:${o.returnReason ?? ""}`}
          o={o}
          onDone={() => {
            reload();
            onChanged();
          }}
        />
      )}
      {o.canCollectCash &&
        (confirmCollect ? (
          <ConfirmStep
            label="Confirm the cash"
            question={`Mark ${formatNPR(o.totalAmount)} as collected in cash? The order is then paid and its bill is issued.`}
            yes="Yes, cash collected"
            onYes={collect}
            onBack={() => setConfirmCollect(false)}
          />
        ) : (
          <button type="button" className={btn.primary} onClick={() => setConfirmCollect(true)}>
            Mark cash collected
          </button>
        ))}
    </div>
  );
}

/**
 * Customers waiting for an answer (docs/decisions/190): open return and cancellation requests, the longest waiting
 * first, above the list whatever its filters, so none is missed among thousands of orders.
 */
function WaitingRequests({ onView }: { onView: (id: string) => void }) {
  const { data, reload } = useApiGet<{ orders: OrderSummary[]; more: boolean }>("/api/admin/orders/waiting");
  useLiveEvent("order_updated", () => reload());
  if (!data || data.orders.length === 0) return null;
  return (
    <section aria-labelledby="waiting-title" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
      <h2 id="waiting-title" className="font-semibold text-amber-900">
        Waiting for an answer ({data.more ? `${data.orders.length} listed, more are waiting` : data.orders.length})
      </h2>
      <ul className="mt-2 divide-y divide-amber-200">
        {data.orders.map((o) => {
          const asked = o.canDeclineReturn ? { what: "Return requested", at: o.returnRequestedAt! } : { what: "Cancellation requested", at: o.cancellationRequestedAt! };
          return (
            <li key={o.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1.5">
              <span className="font-mono text-xs">{o.orderNumber || `#${shortOrderId(o.id)}`}</span>
              <span>{o.user?.name ?? "N/A"}</span>
              <span className="font-semibold text-amber-900">{asked.what}</span>
              <span className="text-slate-600">{formatDateTime(asked.at)}</span>
              <button type="button" className={btn.small} onClick={() => onView(o.id)}>
                View<span className="sr-only"> order {o.orderNumber || `#${shortOrderId(o.id)}`}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default function AdminOrders() {
  const address = useAddressFilters(["q", "status", "page"]);
  const [search, setSearch] = useState(address.q);
  const [status, setStatus] = useState(addressChoice(address.status, ORDER_STATUSES));
  const [page, setPage] = useState(addressPage(address.page));
  const q = useDebounced(search);
  useAddressFollows({ q, status, page });
  const list = useApiGet<{ orders: OrderSummary[]; pagination: Pagination; overallTotal: number }>(`/api/admin/orders${qs({ q, status, page, limit: 20 })}`);
  // New orders and status changes made elsewhere (customers, payments, other admins) show up without a reload.
  useLiveEvent("new_order", () => list.reload());
  useLiveEvent("order_updated", () => list.reload());
  const [viewing, setViewing] = useState<string | null>(null);
  const [changing, setChanging] = useState<{ order: OrderSummary; to: OrderStatus } | null>(null);
  const [note, setNote] = useState("");
  const [tracking, setTracking] = useState("");
  const [courier, setCourier] = useState("");
  const [deleting, setDeleting] = useState<OrderSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [exporting, setExporting] = useState(false);

  async function applyStatus() {
    if (!changing) return;
    setBusy(true);
    try {
      await api("PATCH", `/api/admin/orders/${changing.order.id}/status`, { status: changing.to, note: note.trim() || null, trackingNumber: tracking.trim() || null, courier: courier.trim() || null });
      toast.success(ADMIN_MSG.orderStatusUpdated);
      setChanging(null);
      list.reload();
    } catch (e) {
      toast.error((e as Error).message || ADMIN_MSG.orderStatusError);
    } finally {
      setBusy(false);
    }
  }

  async function applyDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await api("DELETE", `/api/admin/orders/${deleting.id}`);
      toast.success(ADMIN_MSG.orderDeleted);
      list.reload();
    } catch (e) {
      toast.error((e as Error).message || ADMIN_MSG.orderDeleteError);
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadCsv(`/api/admin/orders/export.csv${qs({ q, status })}`, "orders.csv");
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setExporting(false);
    }
  }

  const data = list.data;
  return (
    <div>
      <PageHeader
        title="Order Management"
        subtitle="Track, update and export orders"
        actions={
          <button type="button" className={btn.secondary} onClick={exportCsv} disabled={exporting}>
            {exporting ? "Exporting..." : "Export CSV"}
          </button>
        }
      />
      <FilterBar
        count={data && showingText(data.orders.length, data.pagination.total, data.overallTotal, "orders")}
      >
        <SearchFilter label="Search orders" placeholder="Search order number, customer or email..." value={search} onChange={(v) => (setSearch(v), setPage(1))} />
        <SelectFilter label="Filter by status" all="All statuses" className="max-w-[12rem]" options={ORDER_STATUSES.map((s) => ({ value: s, label: label(s) }))} value={status} onChange={(v) => (setStatus(v), setPage(1))} />
      </FilterBar>
      <WaitingRequests onView={setViewing} />
      {list.error && <ErrorNote text={ADMIN_MSG.failedOrders} onRetry={list.reload} />}
      {data && (
        <>
          <Table head={["Order", "Customer", "Total", "Status", "Payment", "Date", "Actions"]} empty={data.orders.length === 0 && ADMIN_MSG.noOrders}>
            {data.orders.map((o) => (
              <tr key={o.id} className="hover:bg-slate-50">
                <td className="px-3 py-2 font-mono text-xs">{o.orderNumber || `#${shortOrderId(o.id)}`}</td>
                <td className="px-3 py-2">
                  <div>{o.user?.name ?? "N/A"}</div>
                  <div className="text-xs text-slate-500">{o.user?.email ?? "N/A"}</div>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{formatNPR(o.totalAmount)}</td>
                <td className="px-3 py-2">
                  <StatusBadge value={o.status} />
                  {o.cancellationRequestedAt && o.status !== "CANCELLED" ? <div className="mt-1 text-xs font-semibold text-amber-800">Cancellation requested</div> : null}
                  {o.canDeclineReturn ? <div className="mt-1 text-xs font-semibold text-amber-800">Return requested</div> : null}
                </td>
                <td className="px-3 py-2">
                  <div className="flex items-center gap-1.5 whitespace-nowrap">
                    <PaymentMethodIcon method={o.paymentMethod} className="h-4 w-4 shrink-0" /> {o.paymentMethod}
                  </div>
                  <StatusBadge value={o.paymentStatus} />
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-slate-600">{formatDate(o.createdAt)}</td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap items-center gap-1">
                    <button type="button" className={btn.small} onClick={() => setViewing(o.id)}>
                      View<span className="sr-only"> order {o.orderNumber || `#${shortOrderId(o.id)}`}</span>
                    </button>
                    <select
                      className="rounded border border-slate-300 px-1 py-1 text-xs max-sm:min-h-11"
                      aria-label={`Change status of ${o.orderNumber}`}
                      value=""
                      disabled={o.nextStatuses.length === 0}
                      onChange={(e) => {
                        if (!e.target.value) return;
                        setNote("");
                        setTracking(o.trackingNumber ?? "");
                        setCourier(o.courier ?? "");
                        setChanging({ order: o, to: e.target.value as OrderStatus });
                      }}
                    >
                      <option value="">{o.nextStatuses.length ? "Change status…" : "Final status"}</option>
                      {o.nextStatuses.map((s) => (
                        <option key={s} value={s}>
                          {label(s)}
                        </option>
                      ))}
                    </select>
                    {o.canDelete && (
                      <button type="button" className={btn.danger} onClick={() => setDeleting(o)}>
                        Delete
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </Table>
          <Pager page={data.pagination.page} totalPages={data.pagination.totalPages} onPage={setPage} />
        </>
      )}
      <Dialog open={viewing !== null} title="Order Details" onClose={() => setViewing(null)} wide>
        {viewing && <OrderView id={viewing} onChanged={list.reload} />}
      </Dialog>
      <Dialog open={changing !== null} title="Update order status" onClose={() => setChanging(null)}>
        {changing && (
          <div className="space-y-3">
            <p className="text-sm">
              Change order <span className="font-mono">{changing.order.orderNumber}</span> from <StatusBadge value={changing.order.status} /> to <StatusBadge value={changing.to} />
              {changing.to === "CANCELLED" && " — its items go back into stock."}
            </p>
            <Field label="Note for the customer (optional)">
              <input className={input} value={note} onChange={(e) => setNote(e.target.value)} />
            </Field>
            {(changing.to === "SHIPPED" || changing.to === "OUT_FOR_DELIVERY") && (
              <>
                <Field label="Courier (optional)">
                  <input className={input} value={courier} onChange={(e) => setCourier(e.target.value)} placeholder="e.g. Nepal Can Move" />
                </Field>
                <Field label="Tracking number (optional)">
                  <input className={input} value={tracking} onChange={(e) => setTracking(e.target.value)} />
                </Field>
              </>
            )}
            <div className="flex justify-end gap-2">
              <button type="button" className={btn.secondary} onClick={() => setChanging(null)}>
                Cancel
              </button>
              <button type="button" className={btn.primary} onClick={applyStatus} disabled={busy}>
                Update Status
              </button>
            </div>
          </div>
        )}
      </Dialog>
      <Dialog open={deleting !== null} title="Delete Order" onClose={() => setDeleting(null)}>
        {deleting && (
          <div className="space-y-4">
            <p className="text-sm">Are you sure you want to delete order {deleting.orderNumber}? This action cannot be undone.</p>
            <div className="flex justify-end gap-2">
              <button type="button" className={btn.secondary} onClick={() => setDeleting(null)}>
                Cancel
              </button>
              <button type="button" className="rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-50" onClick={applyDelete} disabled={busy}>
                Delete Order
              </button>
            </div>
          </div>
        )}
      </Dialog>
    </div>
  );
}
