import type { PaymentsConfig } from "../env.js";
import { createEsewaClient, type EsewaClient } from "./esewa.client.js";
import { createKhaltiClient, type KhaltiClient } from "./khalti.client.js";

export * from "./errors.js";
export * from "./esewa.client.js";
export * from "./khalti.client.js";
export type { ProviderVerdict } from "./verdict.js";
export { formatRupees, parseRupeesToPaisa } from "./rupees.js";

export interface PaymentClients {
  /** null when Khalti is switched off: do not offer it at checkout. */
  khalti: KhaltiClient | null;
  /** null when eSewa is switched off. */
  esewa: EsewaClient | null;
}

/** The wallet clients for this configuration (real providers, or the simulator over HTTP). */
export function createPaymentClients(config: PaymentsConfig, fetchImpl?: typeof fetch): PaymentClients {
  return {
    khalti: config.khalti ? createKhaltiClient({ ...config.khalti, fetch: fetchImpl }) : null,
    esewa: config.esewa ? createEsewaClient({ ...config.esewa, fetch: fetchImpl }) : null,
  };
}
