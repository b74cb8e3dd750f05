import type { FastifyInstance, FastifyReply } from "fastify";
import { formBody, queryParam } from "./context.js";
import { randomId } from "./state.js";

/** What one wallet's hosted pages differ in; the steps themselves are the same for Khalti and eSewa. */
export interface HostedLogin<P extends { loginTicket: string | null }> {
  /** "/khalti" or "/esewa": the routes are `<path>/login`, `<path>/<secondStep>` and `<path>/action`. */
  path: string;
  /** The page the merchant sends the customer to (`?<sessionField>=`): Khalti's `/khalti/`, eSewa's `/esewa/login`. */
  pagePath: string;
  /** The field naming the payment session: Khalti's `pidx`, eSewa's `sid`. */
  sessionField: string;
  /** The posted fields of the login page (wallet id and its secret) and of the second step (OTP or token). */
  fields: { id: string; secret: string; code: string };
  secondStep: string;
  /** The wallet's test accounts: the ids, the one secret, the one code. */
  testIds: readonly string[];
  testSecret: string;
  testCode: string;
  wrongLogin: string;
  wrongCode: string;
  current(session: string | undefined): P | undefined;
  closedPage(p: P | undefined, reply: FastifyReply): FastifyReply | null;
  loginPage(p: P, error?: string): string;
  codePage(p: P, walletId: string, ticket: string, error?: string): string;
  /** Ends the payment as the customer chose (`pay`, `cancel`, …), paid from `walletId`. */
  finish(p: P, action: string, walletId: string, reply: FastifyReply): FastifyReply;
  /** The account the test buttons of the login page pay from. */
  quickPayId: string;
}

const ACTIONS = ["pay", "cancel", "pending", "expire", "wrong-amount"];

/**
 * The hosted pages, the same steps for both wallets: the payment page, the login (a test id and its secret), the
 * second step (OTP or token) bound to the login by a one-time ticket, and the test buttons that end a payment at once.
 */
export function hostedLoginRoutes<P extends { loginTicket: string | null }>(app: FastifyInstance, w: HostedLogin<P>): void {
  function open(session: string | undefined, reply: FastifyReply): P | FastifyReply {
    const p = w.current(session);
    return w.closedPage(p, reply) ?? (p as P);
  }
  const html = (reply: FastifyReply, status: number, page: string) => reply.status(status).type("text/html").send(page);

  app.get(w.pagePath, async (req, reply) => {
    const p = open(queryParam(req, w.sessionField), reply);
    if (p === reply) return p;
    return html(reply, 200, w.loginPage(p as P));
  });

  app.post(`${w.path}/login`, async (req, reply) => {
    const form = formBody(req);
    const p = open(form[w.sessionField], reply);
    if (p === reply) return p;
    const payment = p as P;
    const id = (form[w.fields.id] ?? "").trim();
    if (!w.testIds.includes(id) || form[w.fields.secret] !== w.testSecret) return html(reply, 401, w.loginPage(payment, w.wrongLogin));
    payment.loginTicket = `${id}:${randomId(16)}`;
    return html(reply, 200, w.codePage(payment, id, payment.loginTicket));
  });

  app.post(`${w.path}/${w.secondStep}`, async (req, reply) => {
    const form = formBody(req);
    const p = open(form[w.sessionField], reply);
    if (p === reply) return p;
    const payment = p as P;
    if (!payment.loginTicket || form.ticket !== payment.loginTicket) return html(reply, 401, w.loginPage(payment, "Your session ended. Log in again."));
    const id = payment.loginTicket.split(":")[0] ?? "";
    if (form[w.fields.code]?.trim() !== w.testCode) return html(reply, 401, w.codePage(payment, id, payment.loginTicket, w.wrongCode));
    return w.finish(payment, "pay", id, reply);
  });

  app.post(`${w.path}/action`, async (req, reply) => {
    const form = formBody(req);
    const p = open(form[w.sessionField], reply);
    if (p === reply) return p;
    const action = form.action ?? "";
    if (!ACTIONS.includes(action)) return html(reply, 400, w.loginPage(p as P, "Unknown action."));
    return w.finish(p as P, action, w.quickPayId, reply);
  });
}
