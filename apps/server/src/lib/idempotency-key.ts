import { IDEMPOTENCY_HEADER, ORDER_MSG } from "@khelkud/contracts";
import type { FastifyRequest } from "fastify";
import { invalid } from "./errors.js";

export const IDEMPOTENCY_KEY_MESSAGE = ORDER_MSG.idempotencyKey;

/**
 * The request's Idempotency-Key header (docs/product-rules.md §6, docs/decisions/031; the order routes and the wallets' checkout):
 * absent → undefined; present → 8–100 of `[A-Za-z0-9_.:-]`, else a 400 with IDEMPOTENCY_KEY_MESSAGE. A repeated
 * header counts by its first value.
 */
export function idempotencyKey(req: Pick<FastifyRequest, "headers">): string | undefined {
  const header = req.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^[\w.:-]{8,100}$/.test(value)) throw invalid(IDEMPOTENCY_KEY_MESSAGE);
  return value;
}
