import type { Db } from "../../db/client.js";
import type { PaymentClients } from "../../payments/index.js";
import type { OrdersService } from "../orders/orders.service.js";
import { createExpirySweep } from "./expiry-sweep.js";
import { createPaymentAttempts } from "./payment-attempts.js";
import { createPaymentConfirmation } from "./payment-confirmation.js";

export { PAYMENT_NOT_FOUND } from "./payment-confirmation.js";
export { SWEEP_JOB, SWEEP_LOCK_KEY, UNDECIDED_GRACE_MS, type SweepLog, type SweepResult } from "./expiry-sweep.js";

export interface PaymentsServiceDeps {
  orders: OrdersService;
  clients: PaymentClients;
  publicUrl: string;
}

/**
 * Wallet payments in three parts (docs/decisions/041): starting an attempt (payment-attempts.ts), confirming it with
 * the provider (payment-confirmation.ts) and the expiry sweep (expiry-sweep.ts). Every order change they make goes
 * through the orders module's lifecycle; each provider's statuses are mapped in its own client (src/payments).
 */
export function createPaymentsService(db: Db, deps: PaymentsServiceDeps) {
  const ctx = { db, orders: deps.orders, clients: deps.clients, publicUrl: deps.publicUrl };
  const attempts = createPaymentAttempts(ctx);
  const confirmation = createPaymentConfirmation(ctx, attempts.esewaClient);
  const sweep = createExpirySweep(ctx, confirmation);

  return {
    /** Which wallets checkout may offer (a wallet without configuration is not shown as payable). */
    walletsAvailable: () => ({ khalti: deps.clients.khalti !== null, esewa: deps.clients.esewa !== null }),
    startKhalti: attempts.startKhalti,
    startEsewa: attempts.startEsewa,
    checkoutWith: attempts.checkoutWith,
    verifyKhalti: confirmation.verifyKhalti,
    verifyEsewa: confirmation.verifyEsewa,
    checkEsewaAttempt: confirmation.checkEsewaAttempt,
    esewaStatus: confirmation.esewaStatus,
    latestAttempt: confirmation.latestAttempt,
    switchToCod: confirmation.switchToCod,
    cancelForCustomer: confirmation.cancelForCustomer,
    sweepExpiredPayments: sweep.sweepExpiredPayments,
    runScheduledSweep: sweep.runScheduledSweep,
    startExpirySweeper: sweep.startExpirySweeper,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
