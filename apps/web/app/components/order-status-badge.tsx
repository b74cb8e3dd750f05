import { useI18n } from "../lib/i18n";
const STYLES: Record<string, string> = {
  DELIVERED: "bg-green-100 text-green-800",
  SHIPPED: "bg-blue-100 text-blue-800",
  PROCESSING: "bg-yellow-100 text-yellow-900",
  CANCELLED: "bg-red-100 text-red-800",
};

export const statusText = (status: string) => status.charAt(0) + status.slice(1).toLowerCase().replaceAll("_", " ");

/** An order or payment status in the page's language ("Out for delivery" / "डेलिभरीका लागि निस्कियो"). */
export function useStatusText(): (status: string) => string {
  const { t } = useI18n();
  return (status) => t(`status.${status}`, { defaultValue: statusText(status) });
}

/** Storefront badge colours (docs/product-rules.md §7): delivered green, shipped blue, processing yellow, cancelled red, others grey. */
export function OrderStatusBadge({ status }: { status: string }) {
  const text = useStatusText();
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ${STYLES[status] ?? "bg-slate-200 text-slate-800"}`}>{text(status)}</span>;
}

export function PaymentPendingBadge() {
  const { t } = useI18n();
  return <span className="inline-block rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold text-amber-900">{t("orderDetail.paymentPending")}</span>;
}
