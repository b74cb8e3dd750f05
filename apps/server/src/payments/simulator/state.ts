import { randomBytes } from "node:crypto";

/** What a tester can make the simulated providers do (POST /__admin/scenario or the hosted pages' buttons). */
export const SCENARIOS = ["normal", "cancel", "pending", "expire", "wrong-amount", "outage", "network-error"] as const;
export type Scenario = (typeof SCENARIOS)[number];

export type KhaltiSimStatus = "Initiated" | "Completed" | "Pending" | "Refunded" | "Partially Refunded" | "Expired" | "User canceled";
export type EsewaSimStatus = "PENDING" | "COMPLETE" | "FULL_REFUND" | "PARTIAL_REFUND" | "AMBIGUOUS" | "NOT_FOUND" | "CANCELED";

export interface KhaltiPayment {
  pidx: string;
  amount: number;
  /** What lookup and the callback report; differs from `amount` only in the wrong-amount scenario. */
  reportedAmount: number;
  returnUrl: string;
  websiteUrl: string;
  purchaseOrderId: string;
  purchaseOrderName: string;
  status: KhaltiSimStatus;
  transactionId: string | null;
  mobile: string | null;
  createdAt: number;
  expiresAt: number;
  /** Set after a correct ID + MPIN; the OTP step must present it. */
  loginTicket: string | null;
}

export interface EsewaPayment {
  /** Session id used in the simulated login page URL. */
  sid: string;
  productCode: string;
  transactionUuid: string;
  /** Paisa, parsed from the posted total_amount. */
  totalAmount: number;
  reportedAmount: number;
  successUrl: string;
  failureUrl: string;
  /** PENDING until the payer finishes; NOT_FOUND once the session expired. */
  status: EsewaSimStatus;
  /** Set once the payer finished the payment (ref_id / transaction_code). */
  transactionCode: string | null;
  createdAt: number;
  expiresAt: number;
  loginTicket: string | null;
  /** The payer finished on the hosted pages (paid, cancelled, left pending or let it expire). */
  finished: boolean;
}

export interface SimulatorState {
  scenario: { khalti: Scenario; esewa: Scenario };
  /** Added to the reported amount in the wrong-amount scenario (paisa). */
  wrongAmountDeltaPaisa: number;
  /** Simulated time runs ahead of the real clock by this many milliseconds (POST /__admin/clock). */
  clockOffsetMs: number;
  khalti: Map<string, KhaltiPayment>;
  esewa: Map<string, EsewaPayment>;
  /** eSewa: transaction_uuid → sid, per product code, to refuse reused uuids. */
  esewaByUuid: Map<string, string>;
}

export function createState(): SimulatorState {
  return {
    scenario: { khalti: "normal", esewa: "normal" },
    wrongAmountDeltaPaisa: -100,
    clockOffsetMs: 0,
    khalti: new Map(),
    esewa: new Map(),
    esewaByUuid: new Map(),
  };
}

export function resetState(state: SimulatorState): void {
  Object.assign(state, createState());
}

const BASE57 = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const UPPER_ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

export function randomId(length: number, alphabet = BASE57): string {
  let out = "";
  for (const b of randomBytes(length)) out += alphabet[b % alphabet.length];
  return out;
}

/** eSewa references look like "000AWEO": seven upper-case letters and digits. */
export function esewaTransactionCode(): string {
  return `000${randomId(4, UPPER_ALNUM)}`;
}

/** 9800000004 → 98XXXXX004, as Khalti's callback shows the payer. */
export function maskMobile(mobile: string): string {
  return mobile.length >= 5 ? `${mobile.slice(0, 2)}XXXXX${mobile.slice(-3)}` : mobile;
}

/** ISO-8601 with microseconds in Nepal time (+05:45), as Khalti writes expires_at. */
export function nepalTimestamp(ms: number): string {
  const shifted = new Date(ms + (5 * 60 + 45) * 60_000);
  return `${shifted.toISOString().replace("Z", "")}000+05:45`;
}

export const KHALTI_TEST_IDS = ["9800000000", "9800000001", "9800000002", "9800000003", "9800000004", "9800000005"] as const;
export const KHALTI_TEST_MPIN = "1111";
export const KHALTI_TEST_OTP = "987654";
export const ESEWA_TEST_IDS = ["9806800001", "9806800002", "9806800003", "9806800004", "9806800005"] as const;
export const ESEWA_TEST_PASSWORD = "Nepal@123";
export const ESEWA_TEST_TOKEN = "123456";
export const ESEWA_UAT_PRODUCT_CODE = "EPAYTEST";
export const ESEWA_UAT_SECRET_KEY = "8gBm/:&EnhH.1/q";
