import { fillMessage, ORDER_TEMPLATE } from "@khelkud/contracts";
import { asRecord, isUnanswered, type PaymentConfirmation, type Verdict } from "./payment-confirmation.js";
import type { PaymentsContext } from "./payments-context.js";
import * as repo from "./payments.repository.js";

/** Any 32-bit number the shop uses for nothing else: the expiry sweep's advisory lock. */
export const SWEEP_LOCK_KEY = 0x6b6b_5357;
/** The expiry sweep's row in job_runs (one pass per interval across instances). */
export const SWEEP_JOB = "payment-expiry-sweep";
/** A wallet that cannot tell us yet (Pending, outage) keeps an expired order this much longer before it is cancelled. */
export const UNDECIDED_GRACE_MS = 30 * 60_000;

export interface SweepLog {
  info(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SweepResult {
  /** False when another instance held the lock: this sweep did nothing. */
  locked: boolean;
  cancelled: string[];
  paid: string[];
  /** Orders left for a later sweep (provider undecided or unreachable, within the grace period). */
  deferred: string[];
}

/** The expiry sweeper: unpaid orders whose time is up give their stock back (docs/decisions/041, 077). */
export function createExpirySweep(ctx: PaymentsContext, confirmation: PaymentConfirmation) {
  const { db, orders } = ctx;

  /**
   * Cancels unpaid wallet orders whose time is up, after asking the provider about every open attempt
   * (a payment whose return never arrived is confirmed instead), and cash-on-delivery orders never confirmed. One transaction holding an advisory
   * lock: with several server instances, one sweeps and the others skip.
   */
  async function sweepExpiredPayments(now: Date = new Date(), limit = 50): Promise<SweepResult> {
    const result: SweepResult = { locked: false, cancelled: [], paid: [], deferred: [] };
    await orders.lifecycle.run(async (unit) => {
      const tx = unit.tx;
      if (!(await repo.tryAdvisoryLock(tx, SWEEP_LOCK_KEY))) return;
      result.locked = true;
      for (const { id } of await repo.findExpiredWalletOrders(tx, now, limit)) {
        const attempts = await repo.findOpenAttempts(tx, id);
        let paid = false;
        let undecided = false;
        for (const attempt of attempts) {
          let verdict: Verdict;
          try {
            verdict = await confirmation.ask(attempt);
          } catch (error) {
            if (isUnanswered(error)) {
              undecided = true;
              continue;
            }
            throw error;
          }
          // Khalti "Initiated" after the order's time: the shopper never paid; it is closed with the order.
          if (verdict.kind === "pending" && verdict.providerStatus === "Initiated") verdict = { kind: "failed", providerStatus: "Initiated", reason: "expired", raw: verdict.raw };
          if (verdict.kind === "pending") undecided = true;
          // An attempt found failed here is part of the expiry: the order records payment_failed EXPIRED once, below.
          const applied = await confirmation.apply(unit, attempt, verdict, now, true);
          if (applied.orderPaid) {
            paid = true;
            break;
          }
        }
        if (paid) {
          result.paid.push(id);
          continue;
        }
        const order = await unit.find(id);
        const dueAt = order?.paymentExpiresAt?.getTime() ?? 0;
        if (undecided && now.getTime() < dueAt + UNDECIDED_GRACE_MS) {
          result.deferred.push(id);
          continue;
        }
        for (const attempt of await repo.findOpenAttempts(tx, id)) {
          await repo.settleAttempt(tx, attempt.id, {
            status: "FAILED",
            from: ["PENDING"],
            providerResponse: { ...asRecord(attempt.providerResponse), reason: "expired", closedAt: now.toISOString() },
          });
        }
        const cancelled = await unit.change(id, {
          when: { status: ["PENDING"], paymentStatus: "PENDING" },
          status: "CANCELLED",
          set: { paymentStatus: "FAILED" },
          cancelledBy: "EXPIRY",
          paymentExpired: true,
          releaseStock: true,
          history: {
            note: undecided ? "Payment was not confirmed by the wallet in time; order cancelled and stock released" : "Payment not received within 60 minutes; order cancelled and stock released",
            by: null,
          },
          announce: ["payment", "status"],
        });
        if (cancelled) result.cancelled.push(id);
      }
      // Cash on delivery never confirmed: nobody will pay at the door for it, so its stock goes back (docs/decisions/077).
      for (const { id } of await repo.findExpiredCodOrders(tx, now, orders.limits.codConfirmMinutes, limit)) {
        const cancelled = await unit.change(id, {
          when: { status: ["PENDING"], paymentStatus: "PENDING", paymentMethod: "COD" },
          status: "CANCELLED",
          cancelledBy: "EXPIRY",
          releaseStock: true,
          history: { note: fillMessage(ORDER_TEMPLATE.codNotConfirmed, { n: orders.limits.codConfirmMinutes }), by: null },
          announce: ["payment", "status"],
        });
        if (cancelled) result.cancelled.push(id);
      }
    });
    return result;
  }

  /**
   * One interval's pass of the expiry sweep across every instance: the pass is claimed in `job_runs` first, so of N
   * instances whose timers fire within one interval exactly one sweeps; the others skip without touching an order.
   * The claim needs 90% of the interval since the last start, so timers that drift apart still give one pass each.
   */
  async function runScheduledSweep(intervalMs: number, instance: string, now: Date = new Date()): Promise<SweepResult | null> {
    if (!(await repo.claimJobRun(db, SWEEP_JOB, now, Math.floor(intervalMs * 0.9), instance))) return null;
    const result = await sweepExpiredPayments(now);
    await repo.finishJobRun(db, SWEEP_JOB, new Date(), result);
    return result;
  }

  /**
   * Runs the sweep every `intervalMs` (server.ts; tests call sweepExpiredPayments or runScheduledSweep themselves).
   * Each pass this instance makes is logged with what it did; a pass another instance already made is logged at debug.
   * Returns stop().
   */
  function startExpirySweeper(intervalMs: number, log: SweepLog, instance = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`): () => void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      const startedAt = new Date();
      runScheduledSweep(intervalMs, instance, startedAt)
        .then((result) => {
          if (!result) return log.debug({ instance }, "payment expiry sweep: this interval's pass was made by another instance");
          log.info(
            { instance, startedAt: startedAt.toISOString(), cancelled: result.cancelled, paid: result.paid, deferred: result.deferred, locked: result.locked, ms: Date.now() - startedAt.getTime() },
            `payment expiry sweep: ${result.cancelled.length} cancelled, ${result.paid.length} confirmed paid, ${result.deferred.length} deferred`,
          );
        })
        .catch((err: unknown) => log.error({ err, instance }, "payment expiry sweep failed"))
        .finally(() => {
          running = false;
        });
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  return { sweepExpiredPayments, runScheduledSweep, startExpirySweeper };
}
