import type { WalletProvider } from "@khelkud/contracts";

/** The wallet a provider error came from, named as everywhere else in the shop (contracts: KHALTI / ESEWA). */
export type PaymentProvider = WalletProvider;

/**
 * What went wrong when talking to a wallet provider.
 * - `invalid_request`: the provider refused our request's fields (Khalti 400 field errors).
 * - `auth`: the provider refused our key (Khalti 401).
 * - `not_found`: the provider does not know this payment.
 * - `unavailable`: outage, network failure, timeout or an answer we cannot read. Nothing was
 *   decided: the caller should say "provider unavailable, your order is still payable".
 */
export type ProviderErrorKind = "invalid_request" | "auth" | "not_found" | "unavailable";

export class ProviderError extends Error {
  constructor(
    readonly provider: PaymentProvider,
    readonly kind: ProviderErrorKind,
    message: string,
    readonly extra: {
      httpStatus?: number;
      /** Khalti validation errors: field name → messages, exactly as the provider sent them. */
      fieldErrors?: Record<string, string[]>;
      cause?: unknown;
    } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = "ProviderError";
  }

  get httpStatus(): number | undefined {
    return this.extra.httpStatus;
  }

  get fieldErrors(): Record<string, string[]> | undefined {
    return this.extra.fieldErrors;
  }
}

export function isProviderUnavailable(error: unknown): error is ProviderError {
  return error instanceof ProviderError && error.kind === "unavailable";
}

/** fetch rejects with these names when AbortSignal.timeout fires. */
export function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}
