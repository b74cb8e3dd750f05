import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { SimContext } from "./context.js";
import { SCENARIOS, esewaTransactionCode, randomId, resetState, type EsewaSimStatus, type KhaltiSimStatus } from "./state.js";

/**
 * Test controls under /__admin (JSON). The simulator only exists outside production, so these are
 * development hooks, not an API of the shop.
 */

const KHALTI_SETTABLE = ["Initiated", "Completed", "Pending", "Refunded", "Partially Refunded", "Expired", "User canceled"] as const;
const ESEWA_SETTABLE = ["PENDING", "COMPLETE", "FULL_REFUND", "PARTIAL_REFUND", "AMBIGUOUS", "NOT_FOUND", "CANCELED"] as const;

const ScenarioBody = z.object({
  scenario: z.enum(SCENARIOS),
  provider: z.enum(["khalti", "esewa", "all"]).default("all"),
  wrongAmountDeltaPaisa: z.number().int().optional(),
});

const PaymentBody = z.object({
  status: z.string().optional(),
  reportedAmountPaisa: z.number().int().positive().optional(),
});

const ClockBody = z.object({ advanceSeconds: z.number().finite() });

export function adminRoutes(ctx: SimContext) {
  const { state } = ctx;

  return async function register(app: FastifyInstance): Promise<void> {
    app.get("/__admin/scenario", async () => ({ scenario: state.scenario, wrongAmountDeltaPaisa: state.wrongAmountDeltaPaisa }));

    app.post("/__admin/scenario", async (req, reply) => {
      const parsed = ScenarioBody.safeParse(req.body ?? {});
      if (!parsed.success) return reply.status(400).send({ error: `scenario must be one of ${SCENARIOS.join(", ")}` });
      const { scenario, provider, wrongAmountDeltaPaisa } = parsed.data;
      if (provider === "khalti" || provider === "all") state.scenario.khalti = scenario;
      if (provider === "esewa" || provider === "all") state.scenario.esewa = scenario;
      if (wrongAmountDeltaPaisa !== undefined) state.wrongAmountDeltaPaisa = wrongAmountDeltaPaisa;
      return { scenario: state.scenario, wrongAmountDeltaPaisa: state.wrongAmountDeltaPaisa };
    });

    /** Reads one payment by Khalti pidx or eSewa transaction_uuid. */
    app.get<{ Params: { id: string } }>("/__admin/payments/:id", async (req, reply) => {
      const found = findPayment(req.params.id);
      if (!found) return reply.status(404).send({ error: "No such payment" });
      return { provider: found.provider, payment: { ...found.payment, loginTicket: undefined } };
    });

    /** Forces a status (refunds, ambiguous, late completion) or the amount the provider reports. */
    app.post<{ Params: { id: string } }>("/__admin/payments/:id", async (req, reply) => {
      const parsed = PaymentBody.safeParse(req.body ?? {});
      if (!parsed.success) return reply.status(400).send({ error: "Body: { status?, reportedAmountPaisa? }" });
      const found = findPayment(req.params.id);
      if (!found) return reply.status(404).send({ error: "No such payment" });
      const { status, reportedAmountPaisa } = parsed.data;
      if (found.provider === "khalti") {
        const p = found.payment;
        if (status !== undefined) {
          if (!(KHALTI_SETTABLE as readonly string[]).includes(status))
            return reply.status(400).send({ error: `Khalti status must be one of ${KHALTI_SETTABLE.join(", ")}` });
          p.status = status as KhaltiSimStatus;
          if (["Completed", "Refunded", "Partially Refunded"].includes(status) && !p.transactionId) p.transactionId = randomId(22);
        }
        if (reportedAmountPaisa !== undefined) p.reportedAmount = reportedAmountPaisa;
      } else {
        const p = found.payment;
        if (status !== undefined) {
          if (!(ESEWA_SETTABLE as readonly string[]).includes(status))
            return reply.status(400).send({ error: `eSewa status must be one of ${ESEWA_SETTABLE.join(", ")}` });
          p.status = status as EsewaSimStatus;
          if (status !== "PENDING" && status !== "NOT_FOUND" && !p.transactionCode) p.transactionCode = esewaTransactionCode();
          if (status !== "PENDING") p.finished = true;
        }
        if (reportedAmountPaisa !== undefined) p.reportedAmount = reportedAmountPaisa;
      }
      return { provider: found.provider, payment: { ...found.payment, loginTicket: undefined } };
    });

    /** Moves simulated time forward: links and sessions expire without waiting. */
    app.post("/__admin/clock", async (req, reply) => {
      const parsed = ClockBody.safeParse(req.body ?? {});
      if (!parsed.success) return reply.status(400).send({ error: "Body: { advanceSeconds: number }" });
      state.clockOffsetMs += parsed.data.advanceSeconds * 1000;
      return { clockOffsetMs: state.clockOffsetMs };
    });

    app.post("/__admin/reset", async () => {
      resetState(state);
      return { reset: true };
    });
  };

  function findPayment(id: string) {
    const k = state.khalti.get(id);
    if (k) return { provider: "khalti" as const, payment: k };
    for (const e of state.esewa.values()) {
      if (e.transactionUuid === id || e.sid === id) return { provider: "esewa" as const, payment: e };
    }
    return undefined;
  }
}
