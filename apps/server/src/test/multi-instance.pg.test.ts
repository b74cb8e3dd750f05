import http from "node:http";
import net from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_PATH, SESSION_COOKIE, type ClientToServerEvents, type ServerToClientEvents } from "@khelkud/contracts";
import { testDatabaseUrl, testRedisUrl } from "../env.js";
import { hashPassword } from "../lib/password.js";
import { createSessionsService } from "../modules/accounts/sessions.service.js";
import { insertProduct, insertUser } from "./factories.js";
import { createSharedDatabase, freePort, startInstance, type Instance } from "./instances.js";

/**
 * Two real server processes (A and B) on one PostgreSQL database and one Redis, as in docs/deploy.md.
 * Registered only when TEST_DATABASE_URL and TEST_REDIS_URL are set (.ci/run sets both).
 */
const enabled = Boolean(testDatabaseUrl() && testRedisUrl());

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const PASSWORD = "Customer@2026";
const address = { fullName: "Ram Thapa", email: "ram@example.com", phone: "9800000002", address: "Lakeside 6", province: "Gandaki", district: "Kaski", area: "Pokhara", postalCode: "33700" };

describe.runIf(enabled)("several instances behind one database and one Redis", () => {
  let shared: Awaited<ReturnType<typeof createSharedDatabase>>;
  let a: Instance;
  let b: Instance;
  let customer: { id: string; email: string };
  let adminToken: string;
  const sockets: Client[] = [];

  beforeAll(async () => {
    // Empty: both instances start at once and migrate it (one migrates, the other waits on the lock).
    shared = await createSharedDatabase({ empty: true });
    const prefix = `khelkud-test-${process.pid}-${Date.now().toString(36)}`;
    const taken = new Set<number>();
    const [portA, portB] = [await freePort(3360, 3369, taken), await freePort(3360, 3369, taken)];
    const common = { databaseUrl: shared.url, redisUrl: testRedisUrl()!, redisPrefix: prefix };
    [a, b] = await Promise.all([startInstance({ ...common, port: portA! }), startInstance({ ...common, port: portB! })]);
    const db = shared.database.db;
    const row = await insertUser(db, { email: `multi-${Date.now()}@example.com`, passwordHash: await hashPassword(PASSWORD) });
    customer = { id: row.id, email: row.email };
    const admin = await insertUser(db, { role: "ADMIN" });
    adminToken = (await createSessionsService(db).create(admin.id, { persistent: false })).token;
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all([a?.stop(), b?.stop()]);
    await shared?.drop();
  });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked by the assertions themselves
  const json = async (res: Response): Promise<any> => res.json();

  async function login(on: Instance, email: string, password: string) {
    return fetch(`${on.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
  }

  function socketTo(on: Instance, token: string): Promise<Client> {
    const s: Client = connect(on.url, { path: LIVE_PATH, transports: ["websocket"], reconnection: false, forceNew: true, auth: { token } });
    sockets.push(s);
    return new Promise((resolve, reject) => {
      s.once("connect", () => resolve(s));
      s.once("connect_error", reject);
    });
  }

  function next<E extends keyof ServerToClientEvents>(s: Client, event: E, match: (p: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true) {
    return new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within 5 s`)), 5_000);
      const listener = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
        if (!match(payload)) return;
        clearTimeout(timer);
        s.off(event, listener as never);
        resolve(payload);
      };
      s.on(event, listener as never);
    });
  }

  it("a session created on instance A works on instance B", async () => {
    const res = await login(a, customer.email, PASSWORD);
    expect(res.status).toBe(200);
    const { token } = (await json(res)).data;
    const me = await fetch(`${b.url}/api/auth/me`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(me.status).toBe(200);
    expect((await json(me)).data.user.id).toBe(customer.id);
  });

  it("a customer connected to A hears order_updated when the order changes through B; an administrator on A hears new_order", async () => {
    const { token } = (await json(await login(a, customer.email, PASSWORD))).data;
    const customerOnA = await socketTo(a, token);
    const adminOnA = await socketTo(a, adminToken);
    const product = await insertProduct(shared.database.db, { sizes: [{ size: "L", stock: 5 }] });

    const newOrder = next(adminOnA, "new_order");
    const placedEvent = next(customerOnA, "order_updated", (e) => e.change === "placed");
    const placed = await fetch(`${b.url}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ items: [{ productId: product.id, size: "L", quantity: 1 }], shippingAddress: address, paymentMethod: "COD" }),
    });
    expect(placed.status).toBe(201);
    const orderId: string = (await json(placed)).data.order.id;
    expect((await newOrder).orderId).toBe(orderId);
    expect((await placedEvent).orderId).toBe(orderId);

    const changed = next(customerOnA, "order_updated", (e) => e.orderId === orderId && e.change === "status");
    const cancelled = await fetch(`${b.url}/api/orders/${orderId}/cancel`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
    expect(cancelled.status).toBe(200);
    const event = await changed;
    expect(event).toMatchObject({ status: "CANCELLED", previousStatus: "PENDING" });
    expect(event.order.statusHistory.at(-1)?.status).toBe("CANCELLED");
  });

  it("signing out on B closes the session's socket on A", async () => {
    const { token } = (await json(await login(a, customer.email, PASSWORD))).data;
    const onA = await socketTo(a, token);
    const closed = new Promise<string>((r) => onA.once("disconnect", r));
    const out = await fetch(`${b.url}/api/auth/logout`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
    expect(out.status).toBe(200);
    expect(await closed).toBe("io server disconnect");
  });

  it("a sign-in limit counted on A holds on B", async () => {
    const email = `limited-${Date.now()}@example.com`;
    for (let i = 0; i < 10; i++) expect((await login(a, email, "Wrong-password1")).status).toBe(401);
    const onB = await login(b, email, "Wrong-password1");
    expect(onB.status).toBe(429);
    expect(onB.headers.get("retry-after")).toBeTruthy();
    // Another account is not affected: the count is per account, shared, not global.
    expect((await login(b, `other-${Date.now()}@example.com`, "Wrong-password1")).status).toBe(401);
  });

  it("SIGTERM to B during a stream of requests loses none: requests in flight complete, new ones are refused before any answer and retried on A", async () => {
    const body = JSON.stringify({ items: [], district: "Kathmandu" });
    // A request in flight: headers sent, body still arriving when the signal comes.
    const slow = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(`${b.url}/api/cart/validate`, { method: "POST", agent: false, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (res) => {
        let text = "";
        res.on("data", (d: Buffer) => (text += d.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on("error", reject);
      req.write(body.slice(0, 5));
      setTimeout(() => req.end(body.slice(5)), 800);
    });
    // A connection already open whose request is still on its way (a keep-alive connection between requests,
    // or a new one whose first bytes are in transit): it must be served, not dropped as "idle".
    const early = net.connect(b.port, "127.0.0.1");
    await new Promise((r) => early.once("connect", r));
    const earlyAnswer = new Promise<string>((resolve) => {
      let text = "";
      early.on("data", (d: Buffer) => (text += d.toString()));
      early.on("close", () => resolve(text));
    });
    const socketOnB = await socketTo(b, adminToken);
    const socketClosed = new Promise<string>((r) => socketOnB.once("disconnect", r));

    type Outcome = { via: "B" | "A"; status: number; body: string };
    /** Resolves with a complete answer; rejects with `unanswered` when the connection failed before any byte of an answer. */
    const send = (on: Instance) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        let answered = false;
        const req = http.get(`${on.url}/api/health`, { agent: false }, (res) => {
          answered = true;
          let body = "";
          res.on("data", (d: Buffer) => (body += d.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          res.on("error", reject);
        });
        req.on("error", (err: NodeJS.ErrnoException) => reject(answered ? err : Object.assign(err, { unanswered: true })));
      });
    const oneRequest = async (): Promise<Outcome> => {
      try {
        const r = await send(b);
        // 503 is Fastify's answer on a connection that was already open when closing began: safe to retry.
        if (r.status !== 503) return { via: "B", ...r };
      } catch (err) {
        // Retried like nginx's `proxy_next_upstream error` does for a GET: refused, or reset before any answer
        // (the kernel resets connections still queued on a listening socket when it closes). A response cut
        // half-way would be a lost request and fails the test.
        if (!(err as { unanswered?: boolean }).unanswered) throw err;
      }
      return { via: "A", ...(await send(a)) };
    };

    const stream: Promise<Outcome>[] = [];
    let signalled = false;
    const started = Date.now();
    while (Date.now() - started < 1_500) {
      stream.push(oneRequest());
      if (!signalled && Date.now() - started > 300) {
        signalled = true;
        b.child.kill("SIGTERM");
        setTimeout(() => early.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${b.port}\r\n\r\n`), 300);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    const outcomes = await Promise.all(stream);
    const slowAnswer = await slow;
    const exitCode = await b.exited;

    expect(slowAnswer.status).toBe(200);
    const early200 = await earlyAnswer;
    expect(early200).toMatch(/^HTTP\/1\.1 200/);
    expect(early200.toLowerCase()).toContain("connection: close");
    expect(JSON.parse(slowAnswer.text).success).toBe(true);
    expect(outcomes.every((o) => o.status === 200 && JSON.parse(o.body).success === true)).toBe(true);
    expect(outcomes.some((o) => o.via === "B")).toBe(true);
    expect(outcomes.some((o) => o.via === "A")).toBe(true);
    expect(await socketClosed).toMatch(/io server disconnect|transport close/);
    expect(exitCode).toBe(0);
  });
});
