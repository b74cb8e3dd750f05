import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ApiFailureSchema,
  CartCheckInputSchema,
  CartCheckResultSchema,
  CancellationRequestInputSchema,
  ReturnRequestInputSchema,
  envelope,
  IdParamSchema,
  ListOrdersQuerySchema,
  OrderIdBodySchema,
  OrderSchema,
  PlaceOrderInputSchema,
} from "@khelkud/contracts";
import { byIp, limit } from "../../plugins/rate-limit.js";
import type { PaymentsService } from "../payments/payments.service.js";
import type { CartService } from "./cart.service.js";
import type { OrdersService } from "./orders.service.js";
import { idempotencyKey } from "../../lib/idempotency-key.js";
import { requestLocale } from "../../plugins/errors.js";

const errors = { 400: ApiFailureSchema, 401: ApiFailureSchema, 404: ApiFailureSchema, 409: ApiFailureSchema };
const orderResponse = envelope(z.object({ order: OrderSchema }));

/**
 * Orders placed per minute, per customer and per client IP (429 with Retry-After beyond; docs/decisions/077). Shared
 * by every route that places an order (POST /orders and the wallets' initiate-with-order); counted across instances
 * with REDIS_URL.
 */
export function orderRateLimit(app: FastifyInstance) {
  const { perMinutePerCustomer, perMinutePerIp } = app.config.orderLimits;
  return limit(app, [
    { name: "order-customer", max: perMinutePerCustomer, windowMs: 60_000, key: (req) => req.user?.id },
    { name: "order-ip", max: perMinutePerIp, windowMs: 60_000, key: byIp },
  ]);
}


export function orderRoutes(orders: OrdersService, cart: CartService, payments: PaymentsService): FastifyPluginAsyncZod {
  return async (app) => {
    // onRequest, so a signed-out caller hears 401 before any body validation.
    const auth = { onRequest: app.requireUser };
    const placeLimit = orderRateLimit(app);

    app.post(
      "/cart/validate",
      { schema: { tags: ["cart"], summary: "Check a cart against current prices and stock; shipping estimate", body: CartCheckInputSchema, response: { 200: envelope(CartCheckResultSchema), 400: ApiFailureSchema } } },
      async (req) => ({ success: true as const, data: await cart.checkCart(req.body) }),
    );

    app.post(
      "/orders",
      {
        ...auth,
        preValidation: placeLimit,
        schema: {
          tags: ["orders"],
          summary: "Place an order (the server prices it and reserves stock; send an Idempotency-Key header)",
          body: PlaceOrderInputSchema,
          response: { 200: orderResponse, 201: orderResponse, 429: ApiFailureSchema, ...errors },
        },
      },
      async (req, reply) => {
        const { order, replayed } = await orders.placeOrder(req.user!, req.body, idempotencyKey(req), requestLocale(req));
        if (replayed) reply.header("Idempotent-Replayed", "true");
        return reply.status(replayed ? 200 : 201).send({ success: true as const, data: { order } });
      },
    );

    app.get(
      "/orders",
      { ...auth, schema: { tags: ["orders"], summary: "The caller's own orders, newest first", querystring: ListOrdersQuerySchema, response: { 200: envelope(z.object({ orders: z.array(OrderSchema) })), ...errors } } },
      async (req) => ({ success: true as const, data: { orders: await orders.listOrdersForCustomer(req.user!.id, req.query.limit) } }),
    );

    app.get(
      "/orders/:id",
      { ...auth, schema: { tags: ["orders"], summary: "One order (owner or administrator)", params: IdParamSchema, response: { 200: orderResponse, ...errors } } },
      async (req) => ({ success: true as const, data: { order: await orders.getOrderForViewer(req.user!, req.params.id) } }),
    );

    app.post(
      "/orders/:id/cancel",
      {
        ...auth,
        schema: {
          tags: ["orders"],
          summary: "Cancel one's own order before it ships (200; stock goes back). A paid order is not cancelled: the call records a cancellation request the shop approves with a refund (202)",
          params: IdParamSchema,
          body: CancellationRequestInputSchema.nullish(),
          response: { 200: orderResponse, 202: orderResponse, 503: ApiFailureSchema, ...errors },
        },
      },
      async (req, reply) => {
        const { order, requested } = await payments.cancelForCustomer(req.user!, req.params.id, req.body?.reason);
        return reply.status(requested ? 202 : 200).send({ success: true as const, data: { order } });
      },
    );

    app.post(
      "/orders/:id/return-request",
      {
        ...auth,
        schema: {
          tags: ["orders"],
          summary: "Ask to send one's own delivered order back, within 30 days of delivery, once (docs/decisions/190). Nothing moves until the shop records the return with its refund, or declines",
          params: IdParamSchema,
          body: ReturnRequestInputSchema,
          response: { 200: orderResponse, ...errors },
        },
      },
      async (req) => ({ success: true as const, data: { order: await orders.requestReturn(req.user!, req.params.id, req.body) } }),
    );

    app.post(
      "/payments/cod/process",
      { ...auth, schema: { tags: ["payments"], summary: "Confirm cash on delivery for one's own new order", body: OrderIdBodySchema, response: { 200: orderResponse, ...errors } } },
      async (req) => ({ success: true as const, data: { order: await orders.confirmCodPayment(req.user!, req.body.orderId) } }),
    );
  };
}
