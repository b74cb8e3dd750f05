import { useRevalidator } from "react-router";
import { toast } from "../lib/toast";
import { LIVE_MSG, NEW_ORDER_TOAST_MS, shortOrderId } from "@khelkud/contracts";
import { tBrowser } from "../lib/i18n";
import { useLiveAuthFailure, useLiveConnection, useLiveEvent } from "../lib/live";
import { useUser } from "../lib/session";
import { statusText } from "./order-status-badge";

/**
 * Opens the live channel for the signed-in user and shows its toasts (docs/product-rules.md §13). Toast ids make a message
 * that this tab already showed for its own action (profile saved, order cancelled) replace, not repeat.
 */
export function LiveToasts() {
  const user = useUser();
  const { revalidate } = useRevalidator();
  useLiveConnection(user?.id ?? null);

  useLiveAuthFailure(() => toast.error(tBrowser("live.authFailed"), { id: "live-auth", duration: 3000 }));

  useLiveEvent("new_order", (e) => {
    toast.success(LIVE_MSG.newOrder(shortOrderId(e.orderId)), { id: `new-order-${e.orderId}`, duration: NEW_ORDER_TOAST_MS });
  });

  useLiveEvent("payment_updated", (e) => {
    if (e.paymentStatus === "PAID") toast.success(tBrowser("live.paymentPaid"), { id: `payment-${e.orderId}`, duration: 2000 });
    if (e.paymentStatus === "FAILED") toast.error(tBrowser("live.paymentFailed"), { id: `payment-${e.orderId}`, duration: 3000 });
  });

  useLiveEvent("profile_updated", () => {
    toast.success(tBrowser("live.profileUpdated"), { id: "profile-updated", duration: 2000 });
    // The header shows the name and photo from the root loader.
    void revalidate();
  });

  useLiveEvent("order_updated", (e) => {
    // Customers hear about their own orders; administrators see every order move on the admin screens instead. An
    // announcement that leaves the status as it was (a cancellation requested or declined) updates the page, not a toast.
    if (e.change !== "status" || user?.role === "ADMIN" || e.previousStatus === e.status) return;
    toast.info(tBrowser("live.orderNow", { id: shortOrderId(e.orderId), status: tBrowser(`status.${e.status}`, { defaultValue: statusText(e.status) }) }), { id: `order-${e.orderId}-${e.status}`, duration: 4000 });
  });

  return null;
}
