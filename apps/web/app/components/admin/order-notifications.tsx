import { useState } from "react";
import { toast } from "../../lib/toast";
import { notificationKindLabel, type AdminNotification } from "@khelkud/contracts";
import { api } from "./api/client";
import { useApiGet } from "./api/hooks";
import { btn, StatusBadge } from "./ui";
import { formatDateTime } from "../../lib/format";

/**
 * An order's e-mails and SMS on the admin order page (docs/decisions/090): channel, status, attempts and the last
 * error, and Resend for one that was sent or failed (sent again as a new notification).
 */
export function OrderNotifications({ orderId }: { orderId: string }) {
  const { data, error, reload } = useApiGet<{ notifications: AdminNotification[] }>(`/api/admin/orders/${encodeURIComponent(orderId)}/notifications`);
  const [busy, setBusy] = useState<string | null>(null);

  async function resend(n: AdminNotification) {
    setBusy(n.id);
    try {
      await api("POST", `/api/admin/orders/${encodeURIComponent(orderId)}/notifications/${encodeURIComponent(n.id)}/resend`);
      toast.success(`${n.channel === "SMS" ? "SMS" : "E-mail"} queued to send again`);
      reload();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : "Could not resend");
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="order-notifications">
      <div className="mb-1 flex items-center justify-between gap-2">
        <h3 id="order-notifications" className="font-semibold">
          Notifications
        </h3>
        <button type="button" className={btn.small} onClick={reload}>
          Refresh
        </button>
      </div>
      {error && <p className="text-red-700">{error}</p>}
      {!data && !error && <p className="text-slate-500">Loading notifications...</p>}
      {data && data.notifications.length === 0 && <p className="text-slate-500">No e-mail or SMS for this order (the customer turned them off, or has no address for them).</p>}
      {data && data.notifications.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {data.notifications.map((n) => (
            <li key={n.id} className="flex flex-wrap items-start justify-between gap-2 p-2" data-testid="order-notification">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{n.channel === "SMS" ? "SMS" : "E-mail"}</span>
                  <span>{notificationKindLabel(n.kind)}</span>
                  <StatusBadge value={n.status} label={n.status === "SENT" ? "Sent" : n.status === "FAILED" ? "Failed" : n.status === "SENDING" ? "Sending" : "Waiting"} />
                </p>
                <p className="break-all text-slate-600">
                  to {n.recipient} · {n.attempts} of {n.maxAttempts} attempts
                  {n.sentAt ? ` · sent ${formatDateTime(n.sentAt)}` : n.status === "PENDING" ? ` · next try ${formatDateTime(n.nextAttemptAt)}` : ""}
                </p>
                {n.lastError && <p className="break-words text-red-700">Last error: {n.lastError}</p>}
              </div>
              {(n.status === "SENT" || n.status === "FAILED") && (
                <button type="button" className={btn.small} disabled={busy !== null} onClick={() => void resend(n)}>
                  Resend
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
