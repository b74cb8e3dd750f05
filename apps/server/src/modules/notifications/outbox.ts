import { randomBytes } from "node:crypto";
import type { AdminNotification, Locale, NotificationPreferences } from "@khelkud/contracts";
import { ADMIN_MSG, formatMoney, localText, ORDER_MSG, personalisationLine, placeName, areaBesidesDistrict } from "@khelkud/contracts";
import { mailTexts } from "../mail/texts.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { conflict, notFound } from "../../lib/errors.js";
import { recordAudit, type Actor } from "../admin/audit.js";
import type { MailService } from "../mail/mail.service.js";
import type { OrderFact } from "../events/events.js";
import { SmsRejected, type SparrowClient } from "./sparrow.client.js";
import { nepaliMobile } from "./sms-text.js";
import * as repo from "./notifications.repository.js";
import { composeOrderNotification, renderOrderEmailHtml, type OrderSnapshot } from "./templates.js";

/**
 * The notifications outbox (docs/decisions/090). `record` runs inside the transaction of an order's change and writes
 * one row per e-mail and SMS to send, so the rows commit or roll back with the change. Workers on any instance claim
 * due rows with FOR UPDATE SKIP LOCKED under a lease, send, and mark them SENT (the sent-marker); a failure is retried
 * with exponential backoff until `maxAttempts`, then recorded as FAILED. A row left SENDING by a process that died is
 * "in doubt" once its lease ends: an e-mail is sent again with the same Message-ID (the outbox and mail clients keep
 * one copy); an SMS is not, because a gateway cannot be asked whether it already has it: it is recorded as FAILED for
 * an administrator to resend after checking (never twice without a person deciding).
 */
export type NotificationRow = repo.NotificationRow;
/** What an e-mail's HTML part is rendered from at send time: the fact and the order as it was in the fact's transaction. */
export interface NotificationPayload {
  fact: OrderFact;
  order: OrderSnapshot;
}
type Kind =
  | "order.placed"
  | "order.payment_received"
  | "order.cancelled"
  | "order.returned"
  | "order.return_requested"
  | "order.return_declined"
  | "order.payment_failed"
  | `order.status_changed:${string}`;

export interface NotificationsDeps {
  mail: Pick<MailService, "send">;
  sms: SparrowClient | null;
  publicUrl: string;
  maxAttempts: number;
  /** How long a claim holds a row before another worker may treat it as in doubt. */
  leaseMs?: number;
  /** Backoff: base * 2^(attempt-1), at most `maxDelayMs`, plus up to 20% jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Domain of the Message-ID of order mail. */
  messageIdDomain?: string;
  /**
   * The mailing list behind the "News and offers by e-mail" switch (the content module's newsletter): the switch
   * shows and changes the account address's subscription. Without it the switch is only stored on the account.
   */
  newsletter?: { isSubscribed(email: string): Promise<boolean>; setSubscribed(email: string, on: boolean, locale?: Locale): Promise<void> };
}

export interface DeliveryResult {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
}

const EMAIL_RE = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]{2,}$/;
const IN_DOUBT_SMS = "In doubt: the instance stopped while handing this SMS to the gateway; check the gateway's report before resending";

function kindOf(fact: OrderFact): Kind | null {
  switch (fact.type) {
    case "order.payment_failed":
      // An expiry cancels the order too; its "cancelled" message says so (one message, not two).
      return fact.reason === "EXPIRED" ? null : fact.type;
    case "order.status_changed":
      // A paid order moving to PROCESSING is told by its "payment received" message; CANCELLED comes as order.cancelled.
      if (fact.to === "CANCELLED" || fact.to === "PENDING") return null;
      return `order.status_changed:${fact.to}`;
    default:
      return fact.type;
  }
}

/**
 * Order updates by SMS are kept for the moments a customer acts on: PROCESSING is told by e-mail only, and so is the
 * receipt of a return request the customer has just sent from the order page.
 */
function smsWanted(kind: Kind): boolean {
  return kind !== "order.status_changed:PROCESSING" && kind !== "order.return_requested";
}

export function createNotifications(db: Db, deps: NotificationsDeps) {
  /** The switches as the customer sees them: marketing is the newsletter subscription of the account's address. */
  async function withList({ email, ...prefs }: NotificationPreferences & { email: string }): Promise<NotificationPreferences> {
    return deps.newsletter ? { ...prefs, marketing: await deps.newsletter.isSubscribed(email) } : prefs;
  }

  const leaseMs = deps.leaseMs ?? 60_000;
  const baseDelayMs = deps.baseDelayMs ?? 5_000;
  const maxDelayMs = deps.maxDelayMs ?? 30 * 60_000;
  const domain = deps.messageIdDomain ?? "khelkud.com.np";
  const kickListeners = new Set<() => void>();

  async function snapshot(tx: DbOrTx, orderId: string) {
    const row = await repo.findOrderWithCustomer(tx, orderId);
    if (!row) return null;
    const items = await repo.findOrderLines(tx, orderId);
    const a = row.order.shippingAddress;
    const locale = row.order.locale;
    const o: OrderSnapshot = {
      locale,
      placedAt: row.order.createdAt.toISOString(),
      id: row.order.id,
      orderNumber: row.order.orderNumber,
      customerName: row.user.name,
      status: row.order.status,
      paymentMethod: row.order.paymentMethod,
      subtotal: row.order.subtotal,
      shippingCost: row.order.shippingCost,
      totalAmount: row.order.totalAmount,
      courier: row.order.courier,
      trackingNumber: row.order.trackingNumber,
      address: { fullName: a.fullName, phone: a.phone, lines: [a.address, a.district ? areaBesidesDistrict(a) : (a.area ?? a.city), a.district && placeName(a.district, locale), a.province && placeName(a.province, locale), a.postalCode].filter((v): v is string => Boolean(v && String(v).trim())) },
      items: items.map((i) => ({
        name: localText(locale, i.productName, i.productNameNe),
        slug: i.productSlug,
        size: i.size,
        color: i.color,
        quantity: i.quantity,
        lineTotal: i.lineTotal,
        print: i.personalisation ? `${personalisationLine(i.personalisation, locale)} ${mailTexts(locale).printingEach(formatMoney(i.printFee, locale))}` : null,
      })),
    };
    return { o, user: row.user, userId: row.order.userId, addressPhone: a.phone, status: row.order.status, paymentStatus: row.order.paymentStatus, paymentExpiresAt: row.order.paymentExpiresAt };
  }

  /** The OrderFact recorder (registered in services.ts): writes this fact's rows with the transaction it is given. */
  async function record(tx: DbOrTx, fact: OrderFact): Promise<void> {
    const kind = kindOf(fact);
    if (!kind) return;
    const snap = await snapshot(tx, fact.orderId);
    if (!snap) return;
    // A failed attempt on an order that is closed or paid meanwhile: no Pay Now link that would not work.
    // Nor for an order whose time to pay has run out (the expiry sweep is about to cancel it, and says so).
    if (fact.type === "order.payment_failed" && (snap.status !== "PENDING" || snap.paymentStatus !== "PENDING" || (snap.paymentExpiresAt !== null && snap.paymentExpiresAt <= new Date()))) return;
    // A wallet payment moves the order to PROCESSING: "payment received" tells it.
    if (kind === "order.status_changed:PROCESSING" && snap.paymentStatus === "PAID" && snap.o.paymentMethod !== "COD") return;
    const rendered = composeOrderNotification(fact, snap.o, deps.publicUrl);
    const payload: NotificationPayload = { fact, order: snap.o };
    // A return may be asked for again after a decline: each request and each decline is a message of its own.
    const key = fact.type === "order.return_requested" || fact.type === "order.return_declined" ? `${fact.orderId}:${kind}:${fact.at}` : `${fact.orderId}:${kind}`;
    const rows: repo.NewNotification[] = [];
    if (snap.user.email_on) {
      const valid = EMAIL_RE.test(snap.user.email);
      rows.push({
        orderId: fact.orderId,
        userId: snap.userId,
        kind,
        channel: "EMAIL",
        recipient: snap.user.email,
        subject: rendered.subject,
        bodyText: rendered.text,
        bodyHtml: null,
        payload,
        dedupeKey: `${key}:EMAIL`,
        maxAttempts: deps.maxAttempts,
        ...(valid ? {} : { status: "FAILED" as const, lastError: "Not a deliverable e-mail address" }),
      });
    }
    // SMS to the account's mobile, else the order's contact number when that is a mobile; a landline or none: e-mail only.
    const mobile = nepaliMobile(snap.user.phone) ?? nepaliMobile(snap.addressPhone);
    if (deps.sms && snap.user.sms && mobile && smsWanted(kind)) {
      rows.push({ orderId: fact.orderId, userId: snap.userId, kind, channel: "SMS", recipient: mobile, subject: null, bodyText: rendered.sms, bodyHtml: null, dedupeKey: `${key}:SMS`, maxAttempts: deps.maxAttempts });
    }
    if (rows.length === 0) return;
    // A fact recorded twice (a replayed confirmation) is one notification per channel.
    await repo.insertOnce(tx, rows);
  }

  function backoff(attempts: number): number {
    const d = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempts - 1));
    return Math.round(d * (1 + Math.random() * 0.2));
  }

  /** Rows left SENDING past their lease by a worker that stopped (kill -9, crash): e-mail again, SMS to a person. */
  async function recoverInDoubt(now: Date): Promise<number> {
    const failed = await repo.failStale(db, "SMS", now, IN_DOUBT_SMS);
    // Due again at once, unless its attempts are used up (then FAILED).
    const again = await repo.requeueStale(db, "EMAIL", now, "The instance stopped while sending; sent again with the same Message-ID");
    return failed + again;
  }

  /** Claims up to `limit` due rows for this worker (FOR UPDATE SKIP LOCKED: another instance gets other rows). */
  async function claim(limit: number, now: Date): Promise<{ claimId: string; rows: NotificationRow[] }> {
    const claimId = `${process.pid}-${randomBytes(6).toString("hex")}`;
    const rows = await repo.claimDue(db, { limit, now, claimId, lockedUntil: new Date(now.getTime() + leaseMs) });
    return { claimId, rows };
  }

  async function sendOne(row: NotificationRow): Promise<string> {
    if (row.channel === "EMAIL") {
      const p = row.payload as NotificationPayload | null;
      const html = row.bodyHtml ?? (p ? await renderOrderEmailHtml(p.fact, p.order, deps.publicUrl) : undefined);
      const { id } = await deps.mail.send({ to: row.recipient, subject: row.subject ?? "Your Khelkud order", text: row.bodyText, html, messageId: `<${row.id}@${domain}>` });
      return id;
    }
    if (!deps.sms) throw new SmsRejected("SMS is switched off on this shop");
    return (await deps.sms.send(row.recipient, row.bodyText)).reference;
  }

  function permanent(row: NotificationRow, err: unknown): boolean {
    if (err instanceof SmsRejected) return true;
    // SMTP: 5xx answers about the recipient (550 no such user, 553 bad address) will not change on retry.
    const code = (err as { responseCode?: unknown }).responseCode;
    return row.channel === "EMAIL" && typeof code === "number" && code >= 550 && code <= 553;
  }

  /** One pass: recover rows in doubt, claim due rows, send each, record the outcome. Safe to run on every instance at once. */
  async function deliverDue(opts: { limit?: number; now?: Date } = {}): Promise<DeliveryResult> {
    const now = opts.now ?? new Date();
    await recoverInDoubt(now);
    const { claimId, rows } = await claim(opts.limit ?? 20, now);
    const result: DeliveryResult = { claimed: rows.length, sent: 0, retried: 0, failed: 0 };
    await Promise.all(
      rows.map(async (row) => {
        try {
          const ref = await sendOne(row);
          // Written only while the row is still SENDING under this claim.
          await repo.recordOutcome(db, row.id, claimId, { status: "SENT", sentAt: new Date(), providerRef: ref.slice(0, 200), lockedUntil: null, lastError: null });
          result.sent++;
        } catch (err) {
          const reason = (err instanceof Error ? err.message : String(err)).split("\n")[0]!.slice(0, 500);
          const giveUp = permanent(row, err) || row.attempts >= row.maxAttempts;
          await repo.recordOutcome(
            db,
            row.id,
            claimId,
            giveUp ? { status: "FAILED", lastError: reason, lockedUntil: null } : { status: "PENDING", lastError: reason, lockedUntil: null, nextAttemptAt: new Date(Date.now() + backoff(row.attempts)) },
          );
          if (giveUp) result.failed++;
          else result.retried++;
        }
      }),
    );
    return result;
  }

  /**
   * Runs the worker every `intervalMs` and whenever `kick()` is called (after an order change commits), until stop().
   * A pass that claimed a full batch runs again at once.
   */
  function start(intervalMs: number, log: { error(obj: object, msg: string): void }): () => Promise<void> {
    let current: Promise<void> | null = null;
    let again = false;
    let stopped = false;
    const run = () => {
      if (stopped) return;
      if (current) {
        again = true;
        return;
      }
      current = deliverDue()
        .then((r) => {
          if (r.claimed >= 20) again = true;
        })
        .catch((err: unknown) => log.error({ err }, "notifications worker pass failed"))
        .finally(() => {
          current = null;
          if (again && !stopped) {
            again = false;
            setImmediate(run);
          }
        });
    };
    const timer = setInterval(run, intervalMs);
    timer.unref();
    kickListeners.add(run);
    // Stopping waits for the pass in flight, so its sends are marked before the database closes.
    return async () => {
      stopped = true;
      clearInterval(timer);
      kickListeners.delete(run);
      await current;
    };
  }

  return {
    record,
    deliverDue,
    start,
    /** Asks the running worker (if any) for a pass now: called after a change that recorded a fact has committed. */
    kick(): void {
      for (const k of kickListeners) setImmediate(k);
    },

    async listForOrder(orderId: string): Promise<AdminNotification[]> {
      if (!(await repo.orderExists(db, orderId))) throw notFound(ORDER_MSG.notFound);
      const rows = await repo.listForOrder(db, orderId);
      return rows.map(toAdmin);
    },

    /**
     * A copy of one notification, sent as a new row (the original keeps its history). The administrator who sent it
     * again is in the audit log, as for every admin write (docs/decisions/182).
     */
    async resend(actor: Actor, orderId: string, notificationId: string): Promise<AdminNotification> {
      const row = await repo.findForOrder(db, orderId, notificationId);
      if (!row) throw notFound(ADMIN_MSG.notificationNotFound);
      if (row.status === "PENDING" || row.status === "SENDING") throw conflict(ADMIN_MSG.notificationSending);
      const copy = await db.transaction(async (tx) => {
        const sent = await repo.insertOne(tx, {
          orderId: row.orderId,
          userId: row.userId,
          kind: row.kind,
          channel: row.channel,
          recipient: row.recipient,
          subject: row.subject,
          bodyText: row.bodyText,
          bodyHtml: row.bodyHtml,
          payload: row.payload,
          dedupeKey: `${row.dedupeKey}:resend:${randomBytes(6).toString("hex")}`,
          maxAttempts: deps.maxAttempts,
        });
        await recordAudit(tx, actor, { action: "notification.resend", entityType: "order", entityId: orderId, after: { notificationId: sent.id, copyOf: row.id, kind: row.kind, channel: row.channel, recipient: row.recipient } });
        return sent;
      });
      for (const k of kickListeners) setImmediate(k);
      return toAdmin(copy);
    },

    async preferences(userId: string): Promise<NotificationPreferences> {
      const u = await repo.findPreferences(db, userId);
      if (!u) throw notFound(ADMIN_MSG.userNotFound);
      return withList(u);
    },

    /** `locale`: the language of the page the switch was turned on (the welcome mail speaks it, docs/decisions/087). */
    async setPreferences(userId: string, input: Partial<NotificationPreferences>, locale: Locale = "en"): Promise<NotificationPreferences> {
      const u = await repo.updatePreferences(db, userId, input);
      if (!u) throw notFound(ADMIN_MSG.userNotFound);
      if (input.marketing !== undefined) await deps.newsletter?.setSubscribed(u.email, input.marketing, locale);
      return withList(u);
    },
  };
}

function toAdmin(r: NotificationRow): AdminNotification {
  return {
    id: r.id,
    kind: r.kind,
    channel: r.channel,
    recipient: r.recipient,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    maxAttempts: r.maxAttempts,
    lastError: r.lastError,
    nextAttemptAt: r.nextAttemptAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

export type NotificationsService = ReturnType<typeof createNotifications>;
