import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import { parseRupeesToPaisa } from "../rupees.js";
import { dropConnection, formBody, queryParam, type SimContext } from "./context.js";
import { esewaLoginPage, esewaTokenPage, messagePage } from "./pages.js";
import { hostedLoginRoutes } from "./hosted-login.js";
import { wrongAmount } from "./khalti.js";
import {
  ESEWA_TEST_IDS,
  ESEWA_TEST_PASSWORD,
  ESEWA_TEST_TOKEN,
  ESEWA_UAT_PRODUCT_CODE,
  ESEWA_UAT_SECRET_KEY,
  esewaTransactionCode,
  randomId,
  type EsewaPayment,
  type Scenario,
} from "./state.js";

/** Simulated eSewa ePay v2: form POST, login pages, redirects and the status API. */

const FORM_FIELDS = [
  "amount",
  "tax_amount",
  "product_service_charge",
  "product_delivery_charge",
  "total_amount",
  "transaction_uuid",
  "product_code",
  "success_url",
  "failure_url",
  "signed_field_names",
  "signature",
] as const;
const AMOUNT_FIELDS = ["amount", "tax_amount", "product_service_charge", "product_delivery_charge"] as const;
const MANDATORY_SIGNED = "total_amount,transaction_uuid,product_code";
const CALLBACK_SIGNED = "transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names";

function hmac(secret: string, message: string): string {
  return createHmac("sha256", secret).update(message, "utf8").digest("base64");
}

function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** eSewa writes amounts in its answers with one decimal at least: 1500 → "1500.0", 110.50 → "110.5". */
export function esewaAmountText(paisa: number, thousandsComma: boolean): string {
  const rupees = Math.floor(paisa / 100);
  const decimals =
    String(paisa % 100)
      .padStart(2, "0")
      .replace(/0$/, "") || "0";
  const whole = thousandsComma && rupees >= 1000 ? rupees.toLocaleString("en-US") : String(rupees);
  return `${whole}.${decimals}`;
}

export function esewaRoutes(ctx: SimContext) {
  const { state, options } = ctx;
  const merchants = options.esewaMerchants ?? { [ESEWA_UAT_PRODUCT_CODE]: ESEWA_UAT_SECRET_KEY };
  const sessionSeconds = options.esewaSessionSeconds ?? 3600;
  const key = (productCode: string, uuid: string) => `${productCode}\u0000${uuid}`;

  function current(sid: string | undefined): EsewaPayment | undefined {
    const p = sid ? state.esewa.get(sid) : undefined;
    if (p && p.status === "PENDING" && !p.finished && ctx.now() >= p.expiresAt) p.status = "NOT_FOUND";
    return p;
  }

  function errorPage(reply: FastifyReply, status: number, title: string, text: string): FastifyReply {
    return reply
      .status(status)
      .type("text/html")
      .send(messagePage("esewa", title, text));
  }

  function closedPage(p: EsewaPayment | undefined, reply: FastifyReply): FastifyReply | null {
    if (!p) return errorPage(reply, 404, "Session not found", "This eSewa payment session does not exist.");
    if (p.status === "NOT_FOUND") {
      return reply
        .status(410)
        .type("text/html")
        .send(messagePage("esewa", "Session expired", "Your eSewa payment session has expired.", { href: p.failureUrl, label: "Return to the merchant" }));
    }
    if (p.finished || p.status !== "PENDING") {
      return reply
        .status(409)
        .type("text/html")
        .send(messagePage("esewa", "Payment already finished", `This payment is ${p.status}.`));
    }
    return null;
  }

  function successRedirect(p: EsewaPayment): string {
    const secret = merchants[p.productCode] ?? "";
    const signedAmount = esewaAmountText(p.reportedAmount, false);
    const values: Record<string, string> = {
      transaction_code: p.transactionCode ?? "",
      status: "COMPLETE",
      total_amount: signedAmount,
      transaction_uuid: p.transactionUuid,
      product_code: p.productCode,
      signed_field_names: CALLBACK_SIGNED,
    };
    const signature = hmac(
      secret,
      CALLBACK_SIGNED.split(",")
        .map((n) => `${n}=${values[n]}`)
        .join(","),
    );
    const shown = esewaAmountText(p.reportedAmount, options.esewaThousandsComma !== false);
    const json = JSON.stringify({ ...values, total_amount: shown, signature });
    // Raw Base64, not percent-encoded, as eSewa sends it: `+` survives only if the reader is careful.
    return `${p.successUrl}${p.successUrl.includes("?") ? "&" : "?"}data=${Buffer.from(json, "utf8").toString("base64")}`;
  }

  function failureRedirect(p: EsewaPayment): string {
    if (!options.esewaFailureData) return p.failureUrl;
    const json = JSON.stringify({
      status: p.status,
      transaction_uuid: p.transactionUuid,
      product_code: p.productCode,
      total_amount: esewaAmountText(p.totalAmount, false),
    });
    return `${p.failureUrl}${p.failureUrl.includes("?") ? "&" : "?"}data=${Buffer.from(json, "utf8").toString("base64")}`;
  }

  function finish(p: EsewaPayment, chosen: string, reply: FastifyReply): FastifyReply {
    const override: Scenario = state.scenario.esewa;
    const outcome = chosen === "pay" && ["cancel", "pending", "expire", "wrong-amount"].includes(override) ? override : chosen;
    p.loginTicket = null;
    p.finished = true;
    switch (outcome) {
      case "pay":
      case "wrong-amount":
        p.status = "COMPLETE";
        p.transactionCode = esewaTransactionCode();
        p.reportedAmount = outcome === "pay" ? p.totalAmount : wrongAmount(p.totalAmount, state.wrongAmountDeltaPaisa);
        return reply.redirect(successRedirect(p), 302);
      case "pending":
        // eSewa sends a payment left pending to failure_url; the status API keeps saying PENDING.
        return reply.redirect(failureRedirect(p), 302);
      case "expire":
        p.status = "NOT_FOUND";
        return reply
          .status(410)
          .type("text/html")
          .send(messagePage("esewa", "Session expired", "Your eSewa payment session has expired.", { href: p.failureUrl, label: "Return to the merchant" }));
      default:
        p.status = "CANCELED";
        return reply.redirect(failureRedirect(p), 302);
    }
  }

  return async function register(app: FastifyInstance): Promise<void> {
    app.post("/esewa/api/epay/main/v2/form", async (req, reply) => {
      const form = formBody(req);
      const missing = FORM_FIELDS.filter((f) => (form[f] ?? "").trim() === "");
      if (missing.length > 0) return errorPage(reply, 400, "Invalid payment request", `Missing or empty field(s): ${missing.join(", ")}.`);
      const productCode = form.product_code as string;
      const secret = merchants[productCode];
      if (secret === undefined) return reply.status(400).send({ error_message: "Unable to fetch merchant key. Please try again later.", code: 0 });
      const uuid = form.transaction_uuid as string;
      if (!/^[A-Za-z0-9-]+$/.test(uuid)) {
        return errorPage(reply, 400, "Invalid payment request", "transaction_uuid may contain only letters, digits and hyphens (-).");
      }
      const amounts = AMOUNT_FIELDS.map((f) => [f, parseRupeesToPaisa(form[f] as string)] as const);
      const badAmount = amounts.find(([, v]) => v === null);
      const total = parseRupeesToPaisa(form.total_amount as string);
      if (badAmount || total === null || (form.total_amount as string).includes(",")) {
        return errorPage(reply, 400, "Invalid payment request", `${badAmount ? badAmount[0] : "total_amount"} is not a valid amount in rupees.`);
      }
      const sum = amounts.reduce((acc, [, v]) => acc + (v ?? 0), 0);
      if (sum !== total) {
        return errorPage(
          reply,
          400,
          "Invalid payment request",
          "total_amount must equal amount + tax_amount + product_service_charge + product_delivery_charge.",
        );
      }
      if (total <= 0) return errorPage(reply, 400, "Invalid payment request", "total_amount must be more than zero.");
      const names = (form.signed_field_names as string).split(",");
      if (!(form.signed_field_names as string).startsWith(MANDATORY_SIGNED) || names.some((n) => form[n] === undefined || n === "signature")) {
        return errorPage(reply, 400, "Invalid payment request", `signed_field_names must start with ${MANDATORY_SIGNED} and name only posted fields.`);
      }
      const expected = hmac(secret, names.map((n) => `${n}=${form[n]}`).join(","));
      if (!sameSignature(expected, form.signature as string)) {
        return errorPage(reply, 400, "ES104 Invalid payload signature", "The signature does not match the signed fields (ES104).");
      }
      if (state.esewaByUuid.has(key(productCode, uuid))) {
        return errorPage(reply, 409, "Duplicate transaction", `transaction_uuid ${uuid} was already used. Start a new payment attempt with a new id.`);
      }
      const now = ctx.now();
      const sid = randomId(20);
      state.esewa.set(sid, {
        sid,
        productCode,
        transactionUuid: uuid,
        totalAmount: total,
        reportedAmount: total,
        successUrl: form.success_url as string,
        failureUrl: form.failure_url as string,
        status: "PENDING",
        transactionCode: null,
        createdAt: now,
        expiresAt: now + sessionSeconds * 1000,
        loginTicket: null,
        finished: false,
      });
      state.esewaByUuid.set(key(productCode, uuid), sid);
      return reply.redirect(`${ctx.prefix}/esewa/login?sid=${sid}`, 302);
    });

    hostedLoginRoutes<EsewaPayment>(app, {
      path: "/esewa",
      pagePath: "/esewa/login",
      sessionField: "sid",
      fields: { id: "esewa_id", secret: "password", code: "token" },
      secondStep: "token",
      testIds: ESEWA_TEST_IDS,
      testSecret: ESEWA_TEST_PASSWORD,
      testCode: ESEWA_TEST_TOKEN,
      wrongLogin: "Invalid eSewa ID or password.",
      wrongCode: "Incorrect token.",
      current,
      closedPage,
      loginPage: esewaLoginPage,
      codePage: esewaTokenPage,
      finish: (p, action, _id, reply) => finish(p, action, reply),
      quickPayId: ESEWA_TEST_IDS[0],
    });

    app.get("/esewa/api/epay/transaction/status/", async (req, reply) => {
      const scenario = state.scenario.esewa;
      if (scenario === "network-error") return dropConnection(reply);
      if (scenario === "outage") return reply.status(200).send({ code: 0, error_message: "Service is currently unavailable" });
      const productCode = queryParam(req, "product_code")?.trim();
      const totalText = queryParam(req, "total_amount")?.trim();
      const uuid = queryParam(req, "transaction_uuid")?.trim();
      if (!productCode || !totalText || !uuid) {
        return reply.status(400).send({ code: 0, error_message: "product_code, total_amount and transaction_uuid are required." });
      }
      const asked = parseRupeesToPaisa(totalText);
      const sid = state.esewaByUuid.get(key(productCode, uuid));
      const p = current(sid);
      const found = p && asked !== null && asked === p.totalAmount;
      const status = found ? p.status : "NOT_FOUND";
      const amount = found ? (p.status === "PENDING" || p.status === "NOT_FOUND" ? p.totalAmount : p.reportedAmount) : (asked ?? 0);
      const refId = found && p.transactionCode && status !== "PENDING" && status !== "NOT_FOUND" ? p.transactionCode : null;
      // Written by hand: total_amount is a JSON number with its ".0", which JSON.stringify would drop.
      const body = `{"product_code":${JSON.stringify(productCode)},"transaction_uuid":${JSON.stringify(uuid)},"total_amount":${esewaAmountText(amount, false)},"status":${JSON.stringify(status)},"ref_id":${refId === null ? "null" : JSON.stringify(refId)}}`;
      return reply.status(200).type("application/json").send(body);
    });
  };
}
