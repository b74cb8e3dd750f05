import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { dropConnection, type SimContext } from "./context.js";
import { khaltiOtpPage, khaltiPaymentPage, messagePage } from "./pages.js";
import { hostedLoginRoutes } from "./hosted-login.js";
import { KHALTI_TEST_IDS, KHALTI_TEST_MPIN, KHALTI_TEST_OTP, maskMobile, nepalTimestamp, randomId, type KhaltiPayment, type Scenario } from "./state.js";

/** Simulated Khalti ePayment: API v2 under /khalti/api/v2/, hosted page at /khalti/?pidx=. */

const REQUIRED = "This field is required.";
const BLANK = "This field may not be blank.";
const BAD_URL = "Enter a valid URL.";
const BAD_INT = "A valid integer is required.";
const TOO_SMALL = "Amount should be greater than Rs. 10, that is 1000 paisa.";
const NO_CREDENTIALS = { detail: "Authentication credentials were not provided.", status_code: 401 };
const INVALID_TOKEN = { detail: "Invalid token.", status_code: 401 };

type FieldErrors = Record<string, string[]>;

function isValidUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
  } catch {
    return false;
  }
}

function checkText(body: Record<string, unknown>, name: string, errors: FieldErrors, url: boolean): string | undefined {
  const v = body[name];
  if (v === undefined || v === null) {
    errors[name] = [REQUIRED];
    return undefined;
  }
  const text = typeof v === "string" ? v.trim() : String(v);
  if (text === "") errors[name] = [BLANK];
  else if (url && !isValidUrl(text)) errors[name] = [BAD_URL];
  else return text;
  return undefined;
}

function toInteger(v: unknown): number | null {
  if (typeof v === "number" && Number.isInteger(v)) return v;
  if (typeof v === "string" && /^\s*-?\d+\s*$/.test(v)) return Number(v);
  return null;
}

/** Field checks in Khalti's order: return_url, website_url, amount, purchase_order_id, purchase_order_name, then the breakdown. */
function validateInitiate(
  body: Record<string, unknown>,
):
  | { errors: FieldErrors }
  | { data: Omit<KhaltiPayment, "pidx" | "createdAt" | "expiresAt" | "status" | "transactionId" | "mobile" | "loginTicket" | "reportedAmount"> } {
  const errors: FieldErrors = {};
  const returnUrl = checkText(body, "return_url", errors, true);
  const websiteUrl = checkText(body, "website_url", errors, true);
  let amount: number | null = null;
  if (body.amount === undefined || body.amount === null) errors.amount = [REQUIRED];
  else {
    amount = toInteger(body.amount);
    if (amount === null) errors.amount = [BAD_INT];
    else if (amount < 1000) errors.amount = [TOO_SMALL];
  }
  const purchaseOrderId = checkText(body, "purchase_order_id", errors, false);
  const purchaseOrderName = checkText(body, "purchase_order_name", errors, false);
  if (Object.keys(errors).length > 0) return { errors };

  if (body.amount_breakdown !== undefined && body.amount_breakdown !== null) {
    const parts = Array.isArray(body.amount_breakdown) ? body.amount_breakdown : [];
    const sum = parts.reduce<number>((acc, p) => acc + (toInteger((p as { amount?: unknown } | null)?.amount) ?? Number.NaN), 0);
    if (!Array.isArray(body.amount_breakdown) || sum !== amount) return { errors: { amount: ["Amount Breakdown mismatch."] } };
  }
  return {
    data: {
      amount: amount as number,
      returnUrl: returnUrl as string,
      websiteUrl: websiteUrl as string,
      purchaseOrderId: purchaseOrderId as string,
      purchaseOrderName: purchaseOrderName as string,
    },
  };
}

export function khaltiRoutes(ctx: SimContext) {
  const { state, options } = ctx;
  const expiresIn = options.khaltiExpiresInSeconds ?? 3600;

  /** Initiated payments past their expiry read as Expired. */
  function current(pidx: string | undefined): KhaltiPayment | undefined {
    const p = pidx ? state.khalti.get(pidx) : undefined;
    if (p && p.status === "Initiated" && ctx.now() >= p.expiresAt) p.status = "Expired";
    return p;
  }

  /** null when the call may go on; otherwise the reply was sent. */
  function apiGate(req: FastifyRequest, reply: FastifyReply): FastifyReply | null {
    const scenario = state.scenario.khalti;
    if (scenario === "network-error") return dropConnection(reply);
    if (scenario === "outage") {
      return reply
        .status(503)
        .type("text/html")
        .send(
          "<html><head><title>503 Service Temporarily Unavailable</title></head><body><center><h1>503 Service Temporarily Unavailable</h1></center></body></html>",
        );
    }
    const header = req.headers.authorization ?? "";
    const match = /^key\s+(\S+)\s*$/i.exec(header);
    if (!match) return reply.status(401).send(NO_CREDENTIALS);
    if (match[1] !== options.khaltiSecretKey) return reply.status(401).send(INVALID_TOKEN);
    return null;
  }

  /** Ends the payment as the payer (or the scenario) decided and sends the browser back to return_url. */
  function finish(p: KhaltiPayment, chosen: string, mobile: string, reply: FastifyReply): FastifyReply {
    const override: Scenario = state.scenario.khalti;
    const outcome = chosen === "pay" && ["cancel", "pending", "expire", "wrong-amount"].includes(override) ? override : chosen;
    p.loginTicket = null;
    switch (outcome) {
      case "pay":
      case "wrong-amount": {
        p.status = "Completed";
        p.transactionId = randomId(22);
        p.mobile = mobile;
        p.reportedAmount = outcome === "pay" ? p.amount : wrongAmount(p.amount, state.wrongAmountDeltaPaisa);
        break;
      }
      case "pending":
        p.status = "Pending";
        p.mobile = mobile;
        break;
      case "expire":
        p.status = "Expired";
        return reply
          .status(410)
          .type("text/html")
          .send(
            messagePage("khalti", "Payment link expired", "This payment link has expired. Go back to the shop and start the payment again.", {
              href: p.websiteUrl,
              label: "Back to the shop",
            }),
          );
      default:
        p.status = "User canceled";
    }
    return reply.redirect(callbackUrl(p), 302);
  }

  function callbackUrl(p: KhaltiPayment): string {
    const url = new URL(p.returnUrl);
    const paid = p.status === "Completed";
    const tid = paid ? (p.transactionId ?? "") : "";
    url.searchParams.append("pidx", p.pidx);
    url.searchParams.append("transaction_id", tid);
    url.searchParams.append("tidx", tid);
    if (paid && options.khaltiSendTxnId !== false) url.searchParams.append("txnId", tid);
    url.searchParams.append("amount", String(p.reportedAmount));
    url.searchParams.append("total_amount", String(p.reportedAmount));
    url.searchParams.append("mobile", p.status === "User canceled" || !p.mobile ? "" : maskMobile(p.mobile));
    url.searchParams.append("status", p.status);
    url.searchParams.append("purchase_order_id", p.purchaseOrderId);
    url.searchParams.append("purchase_order_name", p.purchaseOrderName);
    return url.toString();
  }

  /** Page for a payment that can no longer be paid, or null when it is still open. */
  function closedPage(p: KhaltiPayment | undefined, reply: FastifyReply): FastifyReply | null {
    if (!p)
      return reply
        .status(404)
        .type("text/html")
        .send(messagePage("khalti", "Payment not found", "This payment link is not valid."));
    if (p.status === "Expired") {
      return reply
        .status(410)
        .type("text/html")
        .send(
          messagePage("khalti", "Payment link expired", "This payment link has expired. Go back to the shop and start the payment again.", {
            href: p.websiteUrl,
            label: "Back to the shop",
          }),
        );
    }
    if (p.status !== "Initiated") {
      return reply
        .status(409)
        .type("text/html")
        .send(messagePage("khalti", "Payment already finished", `This payment is ${p.status}.`, { href: callbackUrl(p), label: "Return to the shop" }));
    }
    return null;
  }

  return async function register(app: FastifyInstance): Promise<void> {
    app.post("/khalti/api/v2/epayment/initiate/", async (req, reply) => {
      const gated = apiGate(req, reply);
      if (gated) return gated;
      const body = typeof req.body === "object" && req.body !== null && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
      const result = validateInitiate(body);
      if ("errors" in result) return reply.status(400).send({ ...result.errors, error_key: "validation_error" });
      const now = ctx.now();
      const pidx = randomId(22);
      const payment: KhaltiPayment = {
        ...result.data,
        pidx,
        reportedAmount: result.data.amount,
        status: "Initiated",
        transactionId: null,
        mobile: null,
        createdAt: now,
        expiresAt: now + expiresIn * 1000,
        loginTicket: null,
      };
      state.khalti.set(pidx, payment);
      return reply.status(200).send({
        pidx,
        payment_url: `${ctx.baseUrl(req)}/khalti/?pidx=${pidx}`,
        expires_at: nepalTimestamp(payment.expiresAt),
        expires_in: expiresIn,
      });
    });

    app.post("/khalti/api/v2/epayment/lookup/", async (req, reply) => {
      const gated = apiGate(req, reply);
      if (gated) return gated;
      const raw = (req.body as Record<string, unknown> | null)?.pidx;
      if (raw === undefined || raw === null) return reply.status(400).send({ pidx: [REQUIRED], error_key: "validation_error" });
      if (typeof raw !== "string" || raw.trim() === "") return reply.status(400).send({ pidx: [BLANK], error_key: "validation_error" });
      const p = current(raw.trim());
      if (!p) return reply.status(404).send({ detail: "Not found.", error_key: "validation_error" });
      const failed = p.status === "Expired" || p.status === "User canceled";
      return reply.status(failed ? 400 : 200).send({
        pidx: p.pidx,
        total_amount: p.reportedAmount,
        status: p.status,
        transaction_id: ["Completed", "Refunded", "Partially Refunded"].includes(p.status) ? p.transactionId : null,
        fee: 0,
        refunded: p.status === "Refunded" || p.status === "Partially Refunded",
      });
    });

    hostedLoginRoutes<KhaltiPayment>(app, {
      path: "/khalti",
      pagePath: "/khalti/",
      sessionField: "pidx",
      fields: { id: "mobile", secret: "mpin", code: "otp" },
      secondStep: "otp",
      testIds: KHALTI_TEST_IDS,
      testSecret: KHALTI_TEST_MPIN,
      testCode: KHALTI_TEST_OTP,
      wrongLogin: "Invalid Khalti ID or MPIN.",
      wrongCode: "Incorrect OTP.",
      current,
      closedPage,
      loginPage: khaltiPaymentPage,
      codePage: khaltiOtpPage,
      finish,
      quickPayId: KHALTI_TEST_IDS[1],
    });
  };
}

export function wrongAmount(amount: number, delta: number): number {
  const changed = amount + delta;
  return changed > 0 && changed !== amount ? changed : amount + 100;
}
