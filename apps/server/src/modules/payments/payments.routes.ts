import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ApiFailureSchema,
  envelope,
  EsewaStartSchema,
  EsewaStatusSchema,
  EsewaVerifyInputSchema,
  KhaltiStartSchema,
  KhaltiVerifyInputSchema,
  OrderIdBodySchema,
  OrderSchema,
  PAYMENT_MSG,
  PaymentOutcomeSchema,
  WalletCheckoutInputSchema,
  WalletRetryInputSchema,
  type PaymentOutcome,
} from "@khelkud/contracts";
import { conflict } from "../../lib/errors.js";
import { orderRateLimit } from "../orders/orders.routes.js";
import type { PaymentsService } from "./payments.service.js";
import { idempotencyKey } from "../../lib/idempotency-key.js";
import { requestLocale } from "../../plugins/errors.js";

const errors = { 400: ApiFailureSchema, 401: ApiFailureSchema, 404: ApiFailureSchema, 409: ApiFailureSchema, 503: ApiFailureSchema };


/** `success: true` only for a payment the provider confirmed; anything else is an error with the reason. */
function paidOrThrow(outcome: PaymentOutcome): PaymentOutcome {
  if (outcome.status === "PAID") return outcome;
  if (outcome.status === "PENDING") throw conflict(PAYMENT_MSG.stillPending);
  throw conflict(outcome.reason === "amount_mismatch" ? PAYMENT_MSG.verificationFailed : outcome.providerStatus ? `${PAYMENT_MSG.providerStatus}: ${outcome.providerStatus}` : outcome.message);
}

/** Wallet payment calls (docs/product-rules.md §8). Every call needs a signed-in owner; amounts come from the stored order. */
export function paymentRoutes(payments: PaymentsService): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { onRequest: app.requireUser };
    const tags = ["payments"];
    const placeLimit = orderRateLimit(app);

    app.post(
      "/payments/khalti/initiate-with-order",
      {
        ...auth,
        preValidation: placeLimit,
        schema: { tags, summary: "Create the order (stock reserved) and start a Khalti payment for it", body: WalletCheckoutInputSchema, response: { 200: envelope(KhaltiStartSchema), 429: ApiFailureSchema, ...errors } },
      },
      async (req) => ({ success: true as const, data: (await payments.checkoutWith("KHALTI", req.user!, req.body.orderData, idempotencyKey(req), requestLocale(req))) as z.infer<typeof KhaltiStartSchema> }),
    );

    for (const path of ["/payments/khalti/initiate", "/payments/khalti/initiate-v2"]) {
      app.post(
        path,
        { ...auth, schema: { tags, summary: "Start a new Khalti attempt for one's own unpaid order (Pay Now)", body: WalletRetryInputSchema, response: { 200: envelope(KhaltiStartSchema), ...errors } } },
        async (req) => ({ success: true as const, data: await payments.startKhalti(req.user!, req.body.orderId) }),
      );
    }

    app.post(
      "/payments/khalti/verify",
      { ...auth, schema: { tags, summary: "Confirm a Khalti payment by asking Khalti (lookup by pidx)", body: KhaltiVerifyInputSchema, response: { 200: envelope(PaymentOutcomeSchema), ...errors } } },
      async (req) => ({ success: true as const, data: paidOrThrow(await payments.verifyKhalti(req.user!, req.body.pidx, req.body.orderId)) }),
    );

    app.post(
      "/payments/esewa/initiate-with-order",
      {
        ...auth,
        preValidation: placeLimit,
        schema: { tags, summary: "Create the order (stock reserved) and sign an eSewa payment form for it", body: WalletCheckoutInputSchema, response: { 200: envelope(EsewaStartSchema), 429: ApiFailureSchema, ...errors } },
      },
      async (req) => ({ success: true as const, data: (await payments.checkoutWith("ESEWA", req.user!, req.body.orderData, idempotencyKey(req), requestLocale(req))) as z.infer<typeof EsewaStartSchema> }),
    );

    app.post(
      "/payments/esewa/initiate",
      { ...auth, schema: { tags, summary: "Sign a new eSewa attempt for one's own unpaid order (Pay Now)", body: WalletRetryInputSchema, response: { 200: envelope(EsewaStartSchema), ...errors } } },
      async (req) => ({ success: true as const, data: await payments.startEsewa(req.user!, req.body.orderId) }),
    );

    app.post(
      "/payments/esewa/verify",
      {
        ...auth,
        schema: { tags, summary: "Confirm an eSewa payment: response signature, then eSewa's status API", body: EsewaVerifyInputSchema, response: { 200: envelope(PaymentOutcomeSchema), ...errors } },
      },
      async (req) => ({ success: true as const, data: paidOrThrow(await payments.verifyEsewa(req.user!, { data: req.body.data, transactionUuid: req.body.transaction_uuid })) }),
    );

    app.get(
      "/payments/esewa/status/:paymentId",
      {
        ...auth,
        schema: { tags, summary: "Ask eSewa about one of one's own attempts and record the answer", params: z.object({ paymentId: z.string().min(1).max(100) }), response: { 200: envelope(EsewaStatusSchema), ...errors } },
      },
      async (req) => ({ success: true as const, data: await payments.esewaStatus(req.user!, req.params.paymentId) }),
    );

    app.post(
      "/payments/cod/switch",
      {
        ...auth,
        schema: { tags, summary: "Pay an unpaid wallet order by cash on delivery instead (payment selection)", body: OrderIdBodySchema, response: { 200: envelope(z.object({ order: OrderSchema })), ...errors } },
      },
      async (req) => ({ success: true as const, data: { order: await payments.switchToCod(req.user!, req.body.orderId) } }),
    );
  };
}
