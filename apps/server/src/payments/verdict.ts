import type { PaymentFailureReason } from "@khelkud/contracts";

/**
 * What a wallet's answer means for one of our attempts, in the shop's words. Each provider's client maps its own
 * statuses to this (khaltiVerdict, esewaVerdict); the payments module decides what to write from it.
 */
export type ProviderVerdict =
  | { kind: "paid"; providerStatus: string; transactionId: string | null }
  | { kind: "failed"; providerStatus: string | null; reason: PaymentFailureReason }
  | { kind: "pending"; providerStatus: string };
