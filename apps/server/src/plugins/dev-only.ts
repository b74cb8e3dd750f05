import net from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import { MSG, type ApiFailure } from "@khelkud/contracts";
import type { Config } from "../env.js";

/**
 * Development-only surfaces (docs/decisions/074): the outbox viewer shows password-reset links and the payment
 * simulator's __admin hooks mark payments paid, so they answer only a person at this machine. "This machine" is the
 * TCP peer's address (never a forwarding header, which anyone can write) being loopback, and the request not having
 * come through a proxy (a proxy on the same host would otherwise make every visitor look local).
 */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host"];

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  if (net.isIPv4(plain)) return plain.startsWith("127.");
  return plain === "::1";
}

export function fromThisMachine(req: FastifyRequest): boolean {
  return isLoopbackAddress(req.socket.remoteAddress) && FORWARDING_HEADERS.every((h) => req.headers[h] === undefined);
}

/** onRequest hook for a development-only route: anyone else gets the same 404 as for a route that does not exist. */
export async function refuseUnlessFromThisMachine(req: FastifyRequest, reply: FastifyReply) {
  if (fromThisMachine(req)) return;
  return reply.status(404).send({ success: false, error: `${MSG.routeNotFound}: ${req.method} ${req.url.split("?")[0]}` } satisfies ApiFailure);
}

/** The development-only surfaces this configuration turns on (none in production: env.ts refuses them there). */
export function devSurfaces(config: Config): string[] {
  const on: string[] = [];
  if (config.devMailViewer) on.push("/dev/mail (outbox viewer with password-reset links)");
  if (config.notifications.smsSimulator) on.push("/_simulator/sparrow and /dev/sms (SMS gateway simulator listing every text with order links)");
  if (config.payments.simulator) on.push("/_simulator and /_simulator/__admin (payment simulator that can mark payments paid)", "/test/esewa");
  return on;
}

/** A HOST that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === "localhost" || isLoopbackAddress(host.replace(/^\[|\]$/g, ""));
}

/** The start-up warning for a shop listening beyond this machine with development surfaces on, or null. */
export function exposedDevSurfacesWarning(config: Config): string | null {
  const on = devSurfaces(config);
  if (on.length === 0 || isLoopbackHost(config.host)) return null;
  return `HOST=${config.host} listens beyond this machine while development-only surfaces are on: ${on.join(", ")}. They answer only requests from this machine, but a deployment must set NODE_ENV=production (which turns them off).`;
}
