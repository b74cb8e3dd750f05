import { ApiError } from "./api";

/**
 * Statuses that say "the request may or may not have been carried out": no answer at all (0: the connection broke),
 * or a proxy's 502/504 when the instance handling it died or hung. With an Idempotency-Key the same request can be sent
 * again safely; the server answers with what the first one did (docs/decisions/031).
 */
export function outcomeUnknown(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 502 || error.status === 504);
}

/**
 * Calls `send` again after a short pause while the outcome is unknown, at most `delaysMs.length` more times, and
 * rethrows the last error. Any answer from the shop itself (success, 4xx, 503 with its message) ends the retries.
 */
export async function retryUnanswered<T>(send: () => Promise<T>, delaysMs: readonly number[] = [400, 1200, 2500], sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const delay = delaysMs[attempt];
      if (!outcomeUnknown(error) || delay === undefined) throw error;
      await sleep(delay);
    }
  }
}
