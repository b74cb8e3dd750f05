import { z } from "zod";

/** Order updates by SMS and by e-mail (both on by default) and marketing mail (off by default); docs/decisions/092. */
export const NotificationPreferencesSchema = z.object({
  orderSms: z.boolean(),
  orderEmail: z.boolean(),
  marketing: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** A change of preferences: any of the three switches, at least one. */
export const NotificationPreferencesInputSchema = NotificationPreferencesSchema.partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "Say which switch to change" });

export const NOTIFICATION_CHANNELS = ["EMAIL", "SMS"] as const;
export const NOTIFICATION_STATUSES = ["PENDING", "SENDING", "SENT", "FAILED"] as const;

/** One e-mail or SMS of an order, as the admin order page lists it. */
export const AdminNotificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  recipient: z.string(),
  subject: z.string().nullable(),
  status: z.enum(NOTIFICATION_STATUSES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminNotification = z.infer<typeof AdminNotificationSchema>;

export const NotificationParamsSchema = z.object({ id: z.string().min(1).max(200), notificationId: z.string().min(1).max(200) });

/** What each kind of order notification is called on the admin order page. */
export function notificationKindLabel(kind: string): string {
  if (kind === "order.placed") return "Order placed";
  if (kind === "order.payment_received") return "Payment received";
  if (kind === "order.cancelled") return "Cancelled";
  if (kind === "order.returned") return "Returned";
  if (kind === "order.return_requested") return "Return requested";
  if (kind === "order.return_declined") return "Return request declined";
  if (kind === "order.payment_failed") return "Payment failed";
  const status = /^order\.status_changed:([A-Z_]+)$/.exec(kind);
  if (status) return `Status: ${status[1]!.toLowerCase().replaceAll("_", " ")}`;
  return kind;
}
