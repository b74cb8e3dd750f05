import type { FastifyReply, FastifyRequest } from "fastify";
import type { SimulatorState } from "./state.js";

export interface ProviderSimulatorOptions {
  /** The key Khalti's API accepts in `Authorization: Key <key>`. */
  khaltiSecretKey: string;
  /** eSewa merchants: product code → secret key. Default: the public UAT pair EPAYTEST. */
  esewaMerchants?: Record<string, string>;
  /** Lifetime of a Khalti payment link; default 3600 s (60 minutes). */
  khaltiExpiresInSeconds?: number;
  /** Lifetime of an unfinished eSewa session before the status check says NOT_FOUND; default 3600 s. */
  esewaSessionSeconds?: number;
  /** Add `txnId` to Khalti's callback (real callbacks sometimes omit it); default true. */
  khaltiSendTxnId?: boolean;
  /** Write eSewa's total_amount with a thousands comma ("1,500.0") from Rs 1000 up; default true. */
  esewaThousandsComma?: boolean;
  /** Add an unsigned `data` to eSewa's failure redirect; default false (no parameters). */
  esewaFailureData?: boolean;
  /**
   * Absolute URL where browsers reach the simulator (prefix included), e.g.
   * "http://localhost:3000/_simulator". Default: taken from each request's host and the plugin prefix.
   */
  publicBaseUrl?: string;
  /** Share the in-memory state (tests inspect it); default: a fresh one. */
  state?: SimulatorState;
  /** The real clock; tests may replace it. */
  now?: () => number;
}

export interface SimContext {
  options: ProviderSimulatorOptions;
  state: SimulatorState;
  prefix: string;
  now(): number;
  /** Absolute base URL of the simulator for this request (no trailing slash). */
  baseUrl(req: FastifyRequest): string;
}

/** Drops the connection without answering: what a client sees when the provider's network fails. */
export function dropConnection(reply: FastifyReply): FastifyReply {
  reply.hijack();
  reply.raw.socket?.destroy();
  reply.raw.destroy();
  return reply;
}

export function formBody(req: FastifyRequest): Record<string, string> {
  const body = req.body;
  if (typeof body !== "object" || body === null) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (typeof v === "string") out[k] = v;
    else if (Array.isArray(v) && typeof v[0] === "string") out[k] = v[0];
  }
  return out;
}

export function queryParam(req: FastifyRequest, name: string): string | undefined {
  const q = req.query as Record<string, unknown> | undefined;
  const v = q?.[name];
  const first = Array.isArray(v) ? v[0] : v;
  return typeof first === "string" ? first : undefined;
}
