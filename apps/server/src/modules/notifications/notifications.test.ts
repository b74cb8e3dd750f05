import net from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertProduct, insertUser, sessionFor } from "../../test/factories.js";
import { notifications, orders, products } from "../../db/schema/index.js";
import { payOnKhalti, startProviderSimulator, type RunningSimulator } from "../../payments/simulator/testing.js";
import { createMailService } from "../mail/mail.service.js";
import { createNotifications } from "./outbox.js";
import { SIMULATOR_UNASSIGNED_NUMBER } from "./sms-simulator.js";
import { startSmsSimulator, type RunningSmsSimulator } from "./testing.js";

/**
 * Order notifications end to end on the server: the order's own transaction writes the outbox rows, the worker
 * (driven here with deliverDue) sends e-mail to the development outbox and SMS over HTTP to the Sparrow SMS simulator.
 */
const SHOP = "http://shop.test";
let pay: RunningSimulator;
let sms: RunningSmsSimulator;
let t: TestContext;
let admin: Record<string, string>;

const address = { fullName: "Sita Rai", email: "sita@example.com", phone: "9800000001", address: "Jhamsikhel 3", province: "Bagmati", district: "Lalitpur", area: "Lalitpur", postalCode: "44700" };

type Who = { id: string; email: string; headers: Record<string, string> };
async function customer(overrides: Parameters<typeof insertUser>[1] = {}): Promise<Who> {
  const user = await insertUser(t.database.db, { phone: "+9779841000001", ...overrides });
  return { id: user.id, email: user.email, headers: (await sessionFor(t.app, user.id)).cookie };
}

async function placeCod(who: Who, shippingAddress = address) {
  const product = await insertProduct(t.database.db, { name: `Nepal Home Jersey ${Math.random().toString(36).slice(2, 7)}`, price: 250_000, sizes: [{ size: "M", stock: 50 }, { size: "L", stock: 50 }] });
  const res = await t.app.inject({ method: "POST", url: "/api/orders", headers: who.headers, payload: { items: [{ productId: product.id, size: "L", quantity: 2 }], shippingAddress, paymentMethod: "COD" } });
  expect(res.statusCode).toBe(201);
  return res.json().data.order as { id: string; orderNumber: string };
}

const rowsOf = (orderId: string) => t.database.db.select().from(notifications).where(eq(notifications.orderId, orderId)).orderBy(notifications.createdAt, notifications.channel);
const kinds = async (orderId: string) => (await rowsOf(orderId)).map((r) => `${r.kind} ${r.channel}`).sort();

async function deliverAll() {
  for (let i = 0; i < 20; i++) {
    const r = await t.app.services.notifications.deliverDue({ limit: 50 });
    if (r.claimed === 0) return;
  }
}

async function adminStatus(orderId: string, body: object) {
  const res = await t.app.inject({ method: "PATCH", url: `/api/admin/orders/${orderId}/status`, headers: admin, payload: body });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  pay = await startProviderSimulator();
  sms = await startSmsSimulator();
  t = await createTestApp({ payments: pay.payments, publicUrl: SHOP, notifications: sms.config });
  const a = await insertUser(t.database.db, { role: "ADMIN" });
  admin = (await sessionFor(t.app, a.id)).cookie;
});
afterAll(async () => {
  await t?.close();
  await sms?.close();
  await pay?.app.close();
});

describe("what each order event writes to the outbox", () => {
  it("cash on delivery from placing to delivery and cash: the expected e-mails and SMS, each once", async () => {
    const sita = await customer();
    const order = await placeCod(sita);
    expect(await kinds(order.id)).toEqual(["order.placed EMAIL", "order.placed SMS"]);
    const confirm = await t.app.inject({ method: "POST", url: "/api/payments/cod/process", headers: sita.headers, payload: { orderId: order.id } });
    expect(confirm.statusCode).toBe(200);
    // PROCESSING is told by e-mail only; the SMS are kept for what the customer acts on.
    expect(await kinds(order.id)).toEqual(["order.placed EMAIL", "order.placed SMS", "order.status_changed:PROCESSING EMAIL"]);
    await adminStatus(order.id, { status: "SHIPPED", courier: "Nepal Can Move", trackingNumber: "NCM-778812" });
    await adminStatus(order.id, { status: "OUT_FOR_DELIVERY" });
    await adminStatus(order.id, { status: "DELIVERED" });
    const cash = await t.app.inject({ method: "POST", url: `/api/admin/orders/${order.id}/cash-collected`, headers: admin });
    expect(cash.statusCode).toBe(200);
    const rows = await rowsOf(order.id);
    expect(rows.map((r) => `${r.kind} ${r.channel}`).sort()).toEqual(
      [
        "order.placed EMAIL",
        "order.placed SMS",
        "order.status_changed:PROCESSING EMAIL",
        "order.status_changed:SHIPPED EMAIL",
        "order.status_changed:SHIPPED SMS",
        "order.status_changed:OUT_FOR_DELIVERY EMAIL",
        "order.status_changed:OUT_FOR_DELIVERY SMS",
        "order.status_changed:DELIVERED EMAIL",
        "order.status_changed:DELIVERED SMS",
        "order.payment_received EMAIL",
        "order.payment_received SMS",
      ].sort(),
    );
    const shippedSms = rows.find((r) => r.kind === "order.status_changed:SHIPPED" && r.channel === "SMS")!;
    expect(shippedSms.bodyText).toContain(order.orderNumber);
    expect(shippedSms.bodyText).toContain("NCM-778812");
    expect(shippedSms.recipient).toBe("9841000001");
    const delivered = rows.find((r) => r.kind === "order.status_changed:DELIVERED" && r.channel === "EMAIL")!;
    expect(delivered.bodyText).toContain(`${SHOP}/products/`);
    expect(delivered.bodyText).toContain("Write a review");
    // The link opens the product page on its Reviews tab, as the order page's button does (docs/decisions/184).
    expect(delivered.bodyText).toMatch(new RegExp(`${SHOP}/products/[a-z0-9-]+\\?review=true`));
    const deliveredSms = rows.find((r) => r.kind === "order.status_changed:DELIVERED" && r.channel === "SMS")!;
    expect(deliveredSms.bodyText).toMatch(new RegExp(`${SHOP}/products/[a-z0-9-]+\\?review=true$`));
    for (const r of rows.filter((x) => x.channel === "SMS")) expect(r.bodyText.length).toBeLessThanOrEqual(160);
  });

  it("a cancellation says who cancelled and whether stock and money went back", async () => {
    const sita = await customer();
    const mine = await placeCod(sita);
    const res = await t.app.inject({ method: "POST", url: `/api/orders/${mine.id}/cancel`, headers: sita.headers, payload: {} });
    expect(res.statusCode).toBe(200);
    const [email] = (await rowsOf(mine.id)).filter((r) => r.kind === "order.cancelled" && r.channel === "EMAIL");
    expect(email!.bodyText).toContain("cancelled as you asked");
    expect(email!.bodyText).toContain("back on sale");
    const theirs = await placeCod(sita);
    await adminStatus(theirs.id, { status: "CANCELLED", note: "Out of stock at the warehouse" });
    const [byShop] = (await rowsOf(theirs.id)).filter((r) => r.kind === "order.cancelled" && r.channel === "SMS");
    expect(byShop!.bodyText).toContain("cancelled by our team");
    // The staff's note for the customer is in the e-mail (not the SMS), as a refund's is.
    const [byShopMail] = (await rowsOf(theirs.id)).filter((r) => r.kind === "order.cancelled" && r.channel === "EMAIL");
    expect(byShopMail!.bodyText).toContain("Note from the shop: Out of stock at the warehouse");
  });

  it("an unpaid wallet order cancelled by the expiry gets one cancellation, not a Pay Now link that would not work", async () => {
    const sita = await customer();
    const product = await insertProduct(t.database.db, { price: 250_000, sizes: [{ size: "M", stock: 5 }] });
    const res = await t.app.inject({ method: "POST", url: "/api/payments/khalti/initiate-with-order", headers: sita.headers, payload: { orderData: { items: [{ productId: product.id, size: "M", quantity: 1 }], shippingAddress: address } } });
    expect(res.statusCode).toBe(200);
    const orderId = res.json().data.orderId as string;
    await pay.setScenario("expire", "khalti");
    const swept = await t.app.services.payments.sweepExpiredPayments(new Date(Date.now() + 3 * 60 * 60_000));
    await pay.setScenario("normal");
    expect(swept.cancelled).toContain(orderId);
    const rows = await rowsOf(orderId);
    expect(rows.map((r) => `${r.kind} ${r.channel}`).sort()).toEqual(["order.cancelled EMAIL", "order.cancelled SMS", "order.placed EMAIL", "order.placed SMS"]);
    expect(rows.find((r) => r.kind === "order.cancelled" && r.channel === "EMAIL")!.bodyText).toContain("not paid in time");
  });

  it("a failed wallet payment on an open order sends a Pay Now link to that order's payment page", async () => {
    const sita = await customer();
    const product = await insertProduct(t.database.db, { price: 250_000, sizes: [{ size: "M", stock: 5 }] });
    const res = await t.app.inject({ method: "POST", url: "/api/payments/khalti/initiate-with-order", headers: sita.headers, payload: { orderData: { items: [{ productId: product.id, size: "M", quantity: 1 }], shippingAddress: address } } });
    const started = res.json().data as { pidx: string; orderId: string };
    await pay.setPayment(started.pidx, { status: "User canceled" });
    const verified = await t.app.inject({ method: "POST", url: "/api/payments/khalti/verify", headers: sita.headers, payload: { pidx: started.pidx } });
    expect(verified.json().error).toBe("Payment status: User canceled");
    const [email] = (await rowsOf(started.orderId)).filter((r) => r.kind === "order.payment_failed" && r.channel === "EMAIL");
    expect(email!.bodyText).toContain(`Pay Now: ${SHOP}/payment-selection?orderId=${started.orderId}`);
  });

  it("no Pay Now link for an order whose time to pay has run out (the expiry cancels it and says so)", async () => {
    const sita = await customer();
    const product = await insertProduct(t.database.db, { price: 250_000, sizes: [{ size: "M", stock: 5 }] });
    const res = await t.app.inject({ method: "POST", url: "/api/payments/khalti/initiate-with-order", headers: sita.headers, payload: { orderData: { items: [{ productId: product.id, size: "M", quantity: 1 }], shippingAddress: address } } });
    const started = res.json().data as { pidx: string; orderId: string };
    await t.database.db.update(orders).set({ paymentExpiresAt: new Date(Date.now() - 60_000) }).where(eq(orders.id, started.orderId));
    await pay.setPayment(started.pidx, { status: "User canceled" });
    await t.app.inject({ method: "POST", url: "/api/payments/khalti/verify", headers: sita.headers, payload: { pidx: started.pidx } });
    expect(await kinds(started.orderId)).toEqual(["order.placed EMAIL", "order.placed SMS"]);
  });

  it("a change that rolls back leaves no notification behind", async () => {
    const sita = await customer();
    const before = await t.database.db.select({ id: notifications.id }).from(notifications);
    const remove = t.app.services.events.onOrderFact(async () => {
      throw new Error("the change fails after the outbox rows were written");
    });
    try {
      const product = await insertProduct(t.database.db, { sizes: [{ size: "M", stock: 5 }] });
      const res = await t.app.inject({ method: "POST", url: "/api/orders", headers: sita.headers, payload: { items: [{ productId: product.id, size: "M", quantity: 1 }], shippingAddress: address, paymentMethod: "COD" } });
      expect(res.statusCode).toBe(500);
    } finally {
      remove();
    }
    expect(await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, sita.id))).toEqual([]);
    expect((await t.database.db.select({ id: notifications.id }).from(notifications)).length).toBe(before.length);
  });

  it("100 concurrent confirmations of one Khalti payment: one payment-received e-mail and one SMS, each delivered once", async () => {
    const sita = await customer();
    const product = await insertProduct(t.database.db, { price: 250_000, sizes: [{ size: "M", stock: 5 }] });
    const res = await t.app.inject({ method: "POST", url: "/api/payments/khalti/initiate-with-order", headers: sita.headers, payload: { orderData: { items: [{ productId: product.id, size: "M", quantity: 1 }], shippingAddress: address } } });
    const started = res.json().data as { payment_url: string; pidx: string; orderId: string };
    await payOnKhalti(started.payment_url, { mobile: "9800000001", mpin: "1111", otp: "987654" });
    const answers = await Promise.all(Array.from({ length: 100 }, () => t.app.inject({ method: "POST", url: "/api/payments/khalti/verify", headers: sita.headers, payload: { pidx: started.pidx } })));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const paid = (await rowsOf(started.orderId)).filter((r) => r.kind === "order.payment_received");
    expect(paid.map((r) => r.channel).sort()).toEqual(["EMAIL", "SMS"]);
    // No PROCESSING message on top of "payment received" for a wallet payment.
    expect((await rowsOf(started.orderId)).some((r) => r.kind === "order.status_changed:PROCESSING")).toBe(false);
    await Promise.all([deliverAll(), deliverAll(), deliverAll()]);
    const order = (await t.database.db.select().from(orders).where(eq(orders.id, started.orderId)))[0]!;
    const mails = (await t.app.services.mail.outbox.list()).filter((m) => m.subject === `Payment received for order ${order.orderNumber}`);
    expect(mails).toHaveLength(1);
    const texts = (await sms.store.list()).filter((s) => s.text.includes(order.orderNumber) && s.text.includes("payment"));
    expect(texts).toHaveLength(1);
  });
});

describe("delivery", () => {
  it("sends the e-mail (HTML and text, NPR amounts, lines with sizes, address, order link, no pixel, no List-Unsubscribe) and the SMS", async () => {
    const sita = await customer();
    const order = await placeCod(sita);
    await deliverAll();
    const rows = await rowsOf(order.id);
    expect(rows.every((r) => r.status === "SENT" && r.attempts === 1 && r.sentAt !== null)).toBe(true);
    const [mail] = (await t.app.services.mail.outbox.list()).filter((m) => m.subject === `Order ${order.orderNumber} placed`);
    expect(mail!.to).toBe(sita.email);
    expect(mail!.html).toContain(order.orderNumber);
    expect(mail!.html).toContain("size L");
    expect(mail!.html).toContain("Rs. 5,150");
    expect(mail!.html).toContain("Jhamsikhel 3");
    expect(mail!.html).toContain(`${SHOP}/orders/${order.id}`);
    expect(mail!.html).toContain("prefers-color-scheme: dark");
    expect(mail!.html).not.toMatch(/<img/i);
    expect(mail!.text).toContain(`${SHOP}/orders/${order.id}`);
    const raw = (await t.app.services.mail.outbox.raw(mail!.id))!.toString();
    expect(raw).not.toMatch(/^List-Unsubscribe:/im);
    expect(raw).toMatch(/^Message-ID: <[a-z0-9]+@khelkud\.com\.np>/im);
    const [text] = (await sms.store.list()).filter((s) => s.text.includes(order.orderNumber));
    expect(text).toMatchObject({ to: "9841000001", from: "Khelkud", unicode: false, parts: 1 });
  });

  it("a customer without a mobile number gets e-mail only", async () => {
    const ram = await customer({ phone: null });
    const order = await placeCod(ram, { ...address, phone: "01-4412345" });
    expect(await kinds(order.id)).toEqual(["order.placed EMAIL"]);
  });

  it("the profile switches: order SMS off sends e-mail only, both off sends nothing; marketing is off by default", async () => {
    const maya = await customer();
    const got = await t.app.inject({ method: "GET", url: "/api/users/notification-preferences", headers: maya.headers });
    expect(got.json().data.preferences).toEqual({ orderSms: true, orderEmail: true, marketing: false });
    const put = await t.app.inject({ method: "PUT", url: "/api/users/notification-preferences", headers: maya.headers, payload: { orderSms: false } });
    expect(put.json().data.preferences).toEqual({ orderSms: false, orderEmail: true, marketing: false });
    expect(await kinds((await placeCod(maya)).id)).toEqual(["order.placed EMAIL"]);
    await t.app.inject({ method: "PUT", url: "/api/users/notification-preferences", headers: maya.headers, payload: { orderEmail: false } });
    expect(await kinds((await placeCod(maya)).id)).toEqual([]);
  });

  it("News and offers by e-mail is the account address's newsletter subscription: on subscribes (welcome mail with its unsubscribe link), off and the mail's own link both leave", async () => {
    const nima = await customer();
    const prefs = async () => (await t.app.inject({ method: "GET", url: "/api/users/notification-preferences", headers: nima.headers })).json().data.preferences.marketing;
    const welcomes = async () => (await t.app.services.mail.outbox.list()).filter((e) => e.to === nima.email && /subscribed/i.test(e.subject ?? ""));
    expect(await prefs()).toBe(false);
    expect(await t.app.services.newsletter.isSubscribed(nima.email)).toBe(false);

    const on = await t.app.inject({ method: "PUT", url: "/api/users/notification-preferences", headers: nima.headers, payload: { marketing: true } });
    expect(on.json().data.preferences.marketing).toBe(true);
    expect(await t.app.services.newsletter.isSubscribed(nima.email)).toBe(true);
    expect(await welcomes()).toHaveLength(1);
    // Turning it on again changes nothing and sends no second welcome.
    await t.app.inject({ method: "PUT", url: "/api/users/notification-preferences", headers: nima.headers, payload: { marketing: true } });
    expect(await welcomes()).toHaveLength(1);

    const off = await t.app.inject({ method: "PUT", url: "/api/users/notification-preferences", headers: nima.headers, payload: { marketing: false } });
    expect(off.json().data.preferences.marketing).toBe(false);
    expect(await t.app.services.newsletter.isSubscribed(nima.email)).toBe(false);

    // Subscribed from the profile, unsubscribed from the mail's link: the profile shows it off.
    await t.app.inject({ method: "PUT", url: "/api/users/notification-preferences", headers: nima.headers, payload: { marketing: true } });
    const link = /newsletter\/unsubscribe\?token=([\w-]+)/.exec((await welcomes()).at(0)!.text)![1]!;
    expect((await t.app.inject({ method: "POST", url: "/api/newsletter/unsubscribe", payload: { token: link } })).statusCode).toBe(200);
    expect(await prefs()).toBe(false);
  });

  it("the preference route refuses what is not a switch, and strangers", async () => {
    const maya = await customer();
    for (const payload of [{}, { orderSms: "yes" }, { role: "ADMIN" }, { orderSms: true, extra: 1 }]) {
      const res = await t.app.inject({ method: "PUT", url: "/api/users/notification-preferences", headers: maya.headers, payload });
      expect(res.statusCode).toBe(400);
    }
    const nul = await t.app.inject({ method: "PUT", url: "/api/users/notification-preferences", headers: { ...maya.headers, "content-type": "application/json" }, payload: '{"orderSms":"\\u0000"}' });
    expect(nul.statusCode).toBe(400);
    expect((await t.app.inject({ method: "PUT", url: "/api/users/notification-preferences", payload: { orderSms: false } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/users/notification-preferences" })).statusCode).toBe(401);
  });

  it("an invalid number or address is recorded as failed once, never retried", async () => {
    const bad = await customer({ phone: `+977${SIMULATOR_UNASSIGNED_NUMBER}`, email: "broken@@example" });
    const order = await placeCod(bad);
    const before = await rowsOf(order.id);
    expect(before.find((r) => r.channel === "EMAIL")).toMatchObject({ status: "FAILED", attempts: 0, lastError: "Not a deliverable e-mail address" });
    await deliverAll();
    const smsRow = (await rowsOf(order.id)).find((r) => r.channel === "SMS")!;
    expect(smsRow).toMatchObject({ status: "FAILED", attempts: 1 });
    expect(smsRow.lastError).toContain("1007");
    await deliverAll();
    expect((await rowsOf(order.id)).find((r) => r.channel === "SMS")!.attempts).toBe(1);
  });

  it("an outage of the SMS gateway delays the SMS with growing waits, then it is delivered once", async () => {
    const sita = await customer();
    await sms.setScenario("outage");
    const order = await placeCod(sita);
    await t.app.services.notifications.deliverDue({ limit: 50 });
    let row = (await rowsOf(order.id)).find((r) => r.channel === "SMS")!;
    expect(row).toMatchObject({ status: "PENDING", attempts: 1 });
    expect(row.lastError).toContain("503");
    const firstWait = row.nextAttemptAt.getTime() - Date.now();
    expect(firstWait).toBeGreaterThan(0);
    // Still down at the next due time: retried, and the wait after the second failure is longer.
    await t.app.services.notifications.deliverDue({ limit: 50, now: new Date(row.nextAttemptAt.getTime() + 1) });
    row = (await rowsOf(order.id)).find((r) => r.channel === "SMS")!;
    expect(row).toMatchObject({ status: "PENDING", attempts: 2 });
    expect(row.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(firstWait);
    await sms.setScenario("normal");
    await t.app.services.notifications.deliverDue({ limit: 50, now: new Date(row.nextAttemptAt.getTime() + 1) });
    row = (await rowsOf(order.id)).find((r) => r.channel === "SMS")!;
    expect(row).toMatchObject({ status: "SENT", attempts: 3 });
    expect((await sms.store.list()).filter((s) => s.text.includes(order.orderNumber))).toHaveLength(1);
  });

  it("an SMTP outage delays the e-mail and loses nothing: sent once the server answers again", async () => {
    const sita = await customer({ phone: null });
    const order = await placeCod(sita, { ...address, phone: "01-4412345" });
    // An SMTP server that is down: a port nothing listens on.
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const down = createMailService({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: "Khelkud <no-reply@khelkud.com.np>", outboxDir: t.config.outboxDir });
    const during = createNotifications(t.database.db, { mail: down, sms: null, publicUrl: SHOP, maxAttempts: 4 });
    await during.deliverDue({ limit: 50 });
    let row = (await rowsOf(order.id))[0]!;
    expect(row).toMatchObject({ channel: "EMAIL", status: "PENDING", attempts: 1 });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    await down.close();
    // The server is back (here: the shop's own mail service): the next due attempt sends it, once.
    await t.app.services.notifications.deliverDue({ limit: 50, now: new Date(row.nextAttemptAt.getTime() + 1) });
    row = (await rowsOf(order.id))[0]!;
    expect(row).toMatchObject({ status: "SENT", attempts: 2 });
    expect((await t.app.services.mail.outbox.list()).filter((m) => m.subject === `Order ${order.orderNumber} placed`)).toHaveLength(1);
  });

  it("gives up after the bounded number of attempts and records why", async () => {
    const sita = await customer();
    await sms.setScenario("outage");
    const order = await placeCod(sita);
    for (let i = 0; i < 6; i++) await t.app.services.notifications.deliverDue({ limit: 50, now: new Date(Date.now() + (i + 1) * 24 * 60 * 60_000) });
    await sms.setScenario("normal");
    const row = (await rowsOf(order.id)).find((r) => r.channel === "SMS")!;
    expect(row).toMatchObject({ status: "FAILED", attempts: sms.config.maxAttempts });
    expect(row.lastError).toContain("503");
  });

  it("a worker that died mid-send: the e-mail is completed once (same Message-ID), the SMS is never sent twice but marked for a person", async () => {
    const sita = await customer();
    const order = await placeCod(sita);
    // What a killed worker leaves: rows claimed (SENDING, lease running), the e-mail already handed to the transport.
    const rows = await t.database.db.update(notifications).set({ status: "SENDING", attempts: 1, claimId: "dead-worker", lockedUntil: new Date(Date.now() + 60_000) }).where(eq(notifications.orderId, order.id)).returning();
    const email = rows.find((r) => r.channel === "EMAIL")!;
    await t.app.services.mail.send({ to: email.recipient, subject: email.subject!, text: email.bodyText, messageId: `<${email.id}@khelkud.com.np>` });
    // While the lease runs, nobody touches them.
    expect((await t.app.services.notifications.deliverDue({ limit: 50 })).claimed).toBe(0);
    // After it: the e-mail is sent again and lands once; the SMS is in doubt and left for an administrator.
    await t.app.services.notifications.deliverDue({ limit: 50, now: new Date(Date.now() + 61_000) });
    const after = await rowsOf(order.id);
    expect(after.find((r) => r.channel === "EMAIL")).toMatchObject({ status: "SENT", attempts: 2 });
    expect(after.find((r) => r.channel === "SMS")!.status).toBe("FAILED");
    expect(after.find((r) => r.channel === "SMS")!.lastError).toContain("In doubt");
    expect((await t.app.services.mail.outbox.list()).filter((m) => m.subject === `Order ${order.orderNumber} placed`)).toHaveLength(1);
    expect((await sms.store.list()).filter((s) => s.text.includes(order.orderNumber))).toHaveLength(0);
  });
});

describe("admin: an order's notifications and Resend", () => {
  it("lists channel, status, attempts and last error, and resends one as a new notification", async () => {
    const sita = await customer();
    const order = await placeCod(sita);
    await deliverAll();
    const list = await t.app.inject({ method: "GET", url: `/api/admin/orders/${order.id}/notifications`, headers: admin });
    expect(list.statusCode).toBe(200);
    const items = list.json().data.notifications as { id: string; channel: string; status: string; attempts: number; lastError: string | null }[];
    expect(items.map((i) => [i.channel, i.status, i.attempts])).toEqual(expect.arrayContaining([["EMAIL", "SENT", 1], ["SMS", "SENT", 1]]));
    const smsId = items.find((i) => i.channel === "SMS")!.id;
    const resent = await t.app.inject({ method: "POST", url: `/api/admin/orders/${order.id}/notifications/${smsId}/resend`, headers: admin });
    expect(resent.statusCode).toBe(201);
    expect(resent.json().data.notification).toMatchObject({ channel: "SMS", status: "PENDING", attempts: 0 });
    // The administrator who sent it again is in the audit log.
    const audit = (await t.app.inject({ method: "GET", url: "/api/admin/audit?entityType=order&limit=5", headers: admin })).json().data.entries as { action: string; entityId: string; after: { notificationId: string; copyOf: string } }[];
    expect(audit.find((e) => e.action === "notification.resend")).toMatchObject({ entityId: order.id, after: { notificationId: resent.json().data.notification.id, copyOf: smsId } });
    // Still pending: a second click is refused rather than queuing a third copy.
    const again = await t.app.inject({ method: "POST", url: `/api/admin/orders/${order.id}/notifications/${resent.json().data.notification.id}/resend`, headers: admin });
    expect(again.statusCode).toBe(409);
    await deliverAll();
    expect((await sms.store.list()).filter((s) => s.text.includes(order.orderNumber))).toHaveLength(2);
  });

  it("refuses customers, strangers, unknown orders and notifications of another order", async () => {
    const sita = await customer();
    const order = await placeCod(sita);
    const other = await placeCod(sita);
    const [row] = await rowsOf(order.id);
    expect((await t.app.inject({ method: "GET", url: `/api/admin/orders/${order.id}/notifications`, headers: sita.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/api/admin/orders/${order.id}/notifications` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: `/api/admin/orders/${order.id}/notifications/${row!.id}/resend`, headers: sita.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/api/admin/orders/nope/notifications`, headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/admin/orders/%00/notifications`, headers: admin })).statusCode).toBeLessThan(500);
    expect((await t.app.inject({ method: "POST", url: `/api/admin/orders/${other.id}/notifications/${row!.id}/resend`, headers: admin })).statusCode).toBe(404);
    const unchanged = await t.database.db.select().from(notifications).where(and(eq(notifications.orderId, other.id)));
    expect(unchanged.every((r) => r.kind === "order.placed")).toBe(true);
  });
});

describe("in Nepali (docs/decisions/087)", () => {
  const DEVANAGARI = /[\u0900-\u097F]/;

  it("an order placed from a Nepali page gets every e-mail and SMS in Nepali: रु. amounts in Nepali digits, BS date with the Gregorian beside, /ne links, SMS in at most two Unicode parts", async () => {
    const gita = await customer();
    const product = await insertProduct(t.database.db, { name: "Nepal Home Jersey NE", nameNe: "नेपाल घरेलु जर्सी", price: 250_000, sizes: [{ size: "L", stock: 50 }] });
    const placed = await t.app.inject({ method: "POST", url: "/api/orders", headers: { ...gita.headers, "accept-language": "ne" }, payload: { items: [{ productId: product.id, size: "L", quantity: 2 }], shippingAddress: address, paymentMethod: "COD" } });
    expect(placed.statusCode).toBe(201);
    const order = placed.json().data.order as { id: string; orderNumber: string };
    expect((await t.database.db.select({ locale: orders.locale }).from(orders).where(eq(orders.id, order.id)))[0]!.locale).toBe("ne");
    // The customer's own later requests in English do not change the order's language.
    await t.app.inject({ method: "POST", url: "/api/payments/cod/process", headers: { ...gita.headers, "accept-language": "en" }, payload: { orderId: order.id } });
    await adminStatus(order.id, { status: "SHIPPED", courier: "Nepal Can Move", trackingNumber: "NCM-778812" });
    await adminStatus(order.id, { status: "OUT_FOR_DELIVERY" });
    await adminStatus(order.id, { status: "DELIVERED" });
    const rows = await rowsOf(order.id);
    expect(rows.length).toBe(9);
    for (const r of rows) {
      expect(r.bodyText, r.kind).toMatch(DEVANAGARI);
      expect(r.bodyText, r.kind).not.toMatch(/Rs\.|Namaste|Order /);
      if (r.channel === "EMAIL") expect(r.subject, r.kind).toMatch(DEVANAGARI);
      if (r.channel === "SMS") {
        // UCS-2: 70 units in one SMS, 67 per part beyond; at most two parts.
        expect(r.bodyText.length, r.bodyText).toBeLessThanOrEqual(134);
        expect(r.bodyText).toContain(order.orderNumber);
      }
    }
    const placedMail = rows.find((r) => r.kind === "order.placed" && r.channel === "EMAIL")!;
    expect(placedMail.subject).toBe(`अर्डर ${order.orderNumber} प्राप्त भयो`);
    expect(placedMail.bodyText).toContain("रु. ५,१५०"); // 2 × 2,500 + 150 shipping
    expect(placedMail.bodyText).toContain("क्यास अन डेलिभरी");
    expect(placedMail.bodyText).toMatch(/अर्डर मिति: [०-९]+ [^\s]+ २०[०-९]{2} \([0-9]{1,2} [A-Z][a-z]{2} 20[0-9]{2}\)/);
    expect(placedMail.bodyText).toContain(`${SHOP}/ne/orders/${order.id}`);
    expect(placedMail.bodyText).toContain("साइज L");
    // The line reads as the shopper read it: the product's Nepali name, kept with the order line (docs/decisions/117).
    expect(placedMail.bodyText).toContain("नेपाल घरेलु जर्सी");
    expect(placedMail.bodyText).not.toContain("Nepal Home Jersey NE");
    const line = (await t.app.inject({ method: "GET", url: `/api/orders/${order.id}`, headers: gita.headers })).json().data.order.items[0];
    expect(line).toMatchObject({ name: "Nepal Home Jersey NE", nameNe: "नेपाल घरेलु जर्सी" });
    const shippedSms = rows.find((r) => r.kind === "order.status_changed:SHIPPED" && r.channel === "SMS")!;
    expect(shippedSms.bodyText).toContain("NCM-778812");
    const cashSms = rows.find((r) => r.kind === "order.status_changed:OUT_FOR_DELIVERY" && r.channel === "SMS")!;
    expect(cashSms.bodyText).toContain("रु. ५,१५०");

    await deliverAll();
    const [mail] = (await t.app.services.mail.outbox.list()).filter((m) => m.subject === `अर्डर ${order.orderNumber} प्राप्त भयो`);
    expect(mail!.html).toContain('lang="ne"');
    expect(mail!.html).toContain("नमस्ते");
    expect(mail!.html).toContain("रु. ५,१५०");
    expect(mail!.html).toContain(`${SHOP}/ne/orders/${order.id}`);
    expect(mail!.html).not.toContain("Subtotal");
    // The address's district and province in Nepali; the street as the shopper wrote it (docs/decisions/188).
    expect(mail!.html).toContain("ललितपुर");
    expect(mail!.html).toContain("बागमती");
    expect(mail!.html).toContain("Jhamsikhel 3");
    expect(mail!.html).not.toContain("Bagmati");
    const [text] = (await sms.store.list()).filter((s) => s.text.includes(order.orderNumber) && s.text.includes("प्राप्त"));
    expect(text).toMatchObject({ unicode: true });
    expect(text!.parts).toBeLessThanOrEqual(2);
  });

  it("an order placed in English stays English for an account that later chooses Nepali", async () => {
    const ram = await customer();
    const order = await placeCod(ram);
    await t.app.inject({ method: "PUT", url: "/api/users/language", headers: { ...ram.headers, origin: SHOP }, payload: { locale: "ne" } });
    await adminStatus(order.id, { status: "CANCELLED", note: "Out of stock" });
    const cancelled = (await rowsOf(order.id)).filter((r) => r.kind === "order.cancelled");
    expect(cancelled.length).toBeGreaterThan(0);
    for (const r of cancelled) expect(r.bodyText).not.toMatch(DEVANAGARI);
  });

  it("an order placed in English keeps the English name in its mail; the line still carries the Nepali name for Nepali pages, as it was when ordered", async () => {
    const ram = await customer();
    const product = await insertProduct(t.database.db, { name: "Nepal Away Jersey EN", nameNe: "नेपाल बाहिरी जर्सी", price: 250_000, sizes: [{ size: "L", stock: 50 }] });
    const placed = await t.app.inject({ method: "POST", url: "/api/orders", headers: { ...ram.headers, "accept-language": "en" }, payload: { items: [{ productId: product.id, size: "L", quantity: 1 }], shippingAddress: address, paymentMethod: "COD" } });
    const order = placed.json().data.order as { id: string; items: { name: string; nameNe: string | null }[] };
    expect(order.items[0]).toMatchObject({ name: "Nepal Away Jersey EN", nameNe: "नेपाल बाहिरी जर्सी" });
    const mail = (await rowsOf(order.id)).find((r) => r.kind === "order.placed" && r.channel === "EMAIL")!;
    expect(mail.bodyText).toContain("Nepal Away Jersey EN");
    expect(mail.bodyText).not.toMatch(DEVANAGARI);
    // A later rename does not reach the order: its line is a snapshot.
    await t.database.db.update(products).set({ nameNe: "नयाँ नाम" }).where(eq(products.id, product.id));
    expect((await t.app.inject({ method: "GET", url: `/api/orders/${order.id}`, headers: ram.headers })).json().data.order.items[0].nameNe).toBe("नेपाल बाहिरी जर्सी");
  });

  it("the profile's newsletter switch welcomes in the language of the page it was turned on", async () => {
    const sita = await customer({ email: "switch-ne@example.com" });
    const on = await t.app.inject({ method: "PUT", url: "/api/users/notification-preferences", headers: { ...sita.headers, "accept-language": "ne" }, payload: { marketing: true } });
    expect(on.statusCode).toBe(200);
    const [welcome] = (await t.app.services.mail.outbox.list()).filter((m) => m.to === sita.email);
    expect(welcome!.subject).toMatch(DEVANAGARI);
    expect(welcome!.text).toContain("सदस्यता हटाउनुहोस्");
    const hari = await customer({ email: "switch-en@example.com" });
    await t.app.inject({ method: "PUT", url: "/api/users/notification-preferences", headers: { ...hari.headers, "accept-language": "en" }, payload: { marketing: true } });
    const [english] = (await t.app.services.mail.outbox.list()).filter((m) => m.to === hari.email);
    expect(english!.subject).not.toMatch(DEVANAGARI);
    // A malformed or aborted body is a 400, never a 500.
    const bad = await t.app.inject({ method: "PUT", url: "/api/users/notification-preferences", headers: { ...sita.headers, "accept-language": "ne", "content-type": "application/json" }, payload: '{"marketing": tru' });
    expect(bad.statusCode).toBe(400);
  });

  it("the password-reset mail and the newsletter welcome follow the page's language, else the account's", async () => {
    const hari = await customer({ email: "hari-reset@example.com", locale: "ne" });
    const ask = (headers: Record<string, string>) => t.app.inject({ method: "POST", url: "/api/auth/forgot-password", headers: { origin: SHOP, ...headers }, payload: { email: hari.email } });
    expect((await ask({})).statusCode).toBe(200);
    expect((await ask({ "accept-language": "en" })).statusCode).toBe(200);
    let mails: { subject?: string; text: string; html?: string; to: string }[] = [];
    for (let i = 0; i < 50 && mails.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      mails = (await t.app.services.mail.outbox.list()).filter((m) => m.to === hari.email) as typeof mails;
    }
    const subjects = mails.map((m) => m.subject).sort();
    expect(subjects).toEqual(["Reset your Khelkud password", "खेलकुदको पासवर्ड नयाँ बनाउनुहोस्"].sort());
    const nepali = mails.find((m) => m.subject === "खेलकुदको पासवर्ड नयाँ बनाउनुहोस्")!;
    expect(nepali.text).toContain(`${SHOP}/ne/reset-password?token=`);
    expect(nepali.text).toContain("६० मिनेट");

    const sub = await t.app.inject({ method: "POST", url: "/api/newsletter", headers: { origin: SHOP, "accept-language": "ne" }, payload: { email: "newsletter-ne@example.com" } });
    expect(sub.statusCode).toBe(201);
    const [welcome] = (await t.app.services.mail.outbox.list()).filter((m) => m.to === "newsletter-ne@example.com");
    expect(welcome!.subject).toMatch(DEVANAGARI);
    expect(welcome!.text).toContain("सदस्यता हटाउनुहोस्");
    expect(welcome!.text).toMatch(/newsletter\/unsubscribe\?token=/);
  });
});

describe("what a customer reads in the order messages", () => {
  /** A Khalti order placed from a page in `locale` and paid at the wallet; the shop has heard of the payment. */
  async function paidKhalti(who: Who, locale: "en" | "ne") {
    const product = await insertProduct(t.database.db, { price: 250_000, sizes: [{ size: "M", stock: 5 }] });
    const res = await t.app.inject({ method: "POST", url: "/api/payments/khalti/initiate-with-order", headers: { ...who.headers, "accept-language": locale }, payload: { orderData: { items: [{ productId: product.id, size: "M", quantity: 1 }], shippingAddress: address } } });
    expect(res.statusCode).toBe(200);
    const started = res.json().data as { payment_url: string; pidx: string; orderId: string };
    await payOnKhalti(started.payment_url, { mobile: "9800000001", mpin: "1111", otp: "987654" });
    expect((await t.app.inject({ method: "POST", url: "/api/payments/khalti/verify", headers: who.headers, payload: { pidx: started.pidx } })).statusCode).toBe(200);
    const [row] = await t.database.db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, started.orderId));
    return { id: started.orderId, orderNumber: row!.orderNumber };
  }
  const refund = (orderId: string, note?: string) =>
    t.app.inject({ method: "POST", url: `/api/admin/orders/${orderId}/refund`, headers: admin, payload: { method: "KHALTI", reference: "KH-REF-0001", ...(note ? { note } : {}) } });
  const cancelled = async (orderId: string) => {
    const rows = (await rowsOf(orderId)).filter((r) => r.kind === "order.cancelled");
    return { email: rows.find((r) => r.channel === "EMAIL")!, sms: rows.find((r) => r.channel === "SMS")! };
  };

  it("a cash-on-delivery order's placed e-mail says the courier is paid on delivery and asks for no step the order page does not have", async () => {
    const sita = await customer();
    const order = await placeCod(sita);
    expect((await t.app.inject({ method: "POST", url: "/api/payments/cod/process", headers: sita.headers, payload: { orderId: order.id } })).statusCode).toBe(200);
    const placed = (await rowsOf(order.id)).find((r) => r.kind === "order.placed" && r.channel === "EMAIL")!;
    expect(placed.bodyText).toContain(`We have received order ${order.orderNumber}. You chose cash on delivery: you pay the courier Rs. 5,150 when it arrives.`);
    expect(placed.bodyText).not.toMatch(/confirm/i);

    const placedNe = await t.app.inject({ method: "POST", url: "/api/orders", headers: { ...sita.headers, "accept-language": "ne" }, payload: { items: [{ productId: (await insertProduct(t.database.db, { price: 250_000, sizes: [{ size: "L", stock: 5 }] })).id, size: "L", quantity: 2 }], shippingAddress: address, paymentMethod: "COD" } });
    const ne = placedNe.json().data.order as { id: string; orderNumber: string };
    const placedMailNe = (await rowsOf(ne.id)).find((r) => r.kind === "order.placed" && r.channel === "EMAIL")!;
    expect(placedMailNe.bodyText).toContain(`हामीले अर्डर ${ne.orderNumber} पायौं। तपाईंले क्यास अन डेलिभरी रोज्नुभएको छ: सामान आइपुग्दा कुरियरलाई रु. ५,१५० तिर्नुहुनेछ।`);
    expect(placedMailNe.bodyText).not.toMatch(/पुष्टि|पक्का/);

    // Not confirmed at checkout (the API takes the order first; checkout's confirmation never arrived): the expiry
    // cancels it and its message says why, so nothing the placed e-mail said is left to happen.
    const sweep = await t.app.services.payments.sweepExpiredPayments(new Date(Date.now() + 31 * 60_000));
    expect(sweep.cancelled).toContain(ne.id);
    expect((await cancelled(ne.id)).email.bodyText).toContain(`अर्डर ${ne.orderNumber} क्यास अन डेलिभरी समयमै पुष्टि नभएकाले रद्द गरियो।`);
  });

  it("a paid order cancelled at the customer's request says so, with the shop's note (escaped in the HTML), in Nepali and English; one the shop cancelled says the shop did", async () => {
    const gita = await customer();
    const note = "Refunded as requested <b>today</b> & thanks";
    const asked = await paidKhalti(gita, "ne");
    // The wallet's name takes its postposition joined: "खल्तीबाट".
    const placed = (await rowsOf(asked.id)).find((r) => r.kind === "order.placed" && r.channel === "EMAIL")!;
    expect(placed.bodyText).toContain("खल्तीबाट");
    expect(placed.bodyText).not.toContain("खल्ती बाट");
    expect((await t.app.inject({ method: "POST", url: `/api/orders/${asked.id}/cancel`, headers: gita.headers, payload: { reason: "Wrong size" } })).statusCode).toBe(202);
    expect((await refund(asked.id, note)).statusCode).toBe(200);
    const ne = await cancelled(asked.id);
    expect(ne.email.bodyText).toContain(`अर्डर ${asked.orderNumber} तपाईंको अनुरोधअनुसार रद्द गरियो। तपाईंले तिर्नुभएको रु. २,६५० फिर्ता गरियो।`);
    expect(ne.email.bodyText).toContain(`पसलको सन्देश: ${note}`);
    expect(ne.sms.bodyText).toContain(`अर्डर ${asked.orderNumber} तपाईंको अनुरोधअनुसार रद्द गरियो। भुक्तानी फिर्ता गरियो।`);
    for (const r of [ne.email, ne.sms]) expect(r.bodyText).not.toContain("टोलीले");
    // The order page's answer carries the note too.
    const seen = await t.app.inject({ method: "GET", url: `/api/orders/${asked.id}`, headers: gita.headers });
    expect(seen.json().data.order.refund).toMatchObject({ reference: "KH-REF-0001", note });

    const byShop = await paidKhalti(gita, "ne");
    expect((await refund(byShop.id)).statusCode).toBe(200);
    const shopNe = await cancelled(byShop.id);
    expect(shopNe.email.bodyText).toContain(`अर्डर ${byShop.orderNumber} पसलबाट रद्द गरियो।`);
    expect(shopNe.email.bodyText).not.toContain("पसलको सन्देश");
    expect(shopNe.sms.bodyText).toContain(`अर्डर ${byShop.orderNumber} पसलबाट रद्द गरियो।`);

    const ram = await customer();
    const askedEn = await paidKhalti(ram, "en");
    await t.app.inject({ method: "POST", url: `/api/orders/${askedEn.id}/cancel`, headers: ram.headers, payload: {} });
    expect((await refund(askedEn.id, "Refunded as requested")).statusCode).toBe(200);
    const en = await cancelled(askedEn.id);
    expect(en.email.bodyText).toContain(`Order ${askedEn.orderNumber} has been cancelled as you asked. Your payment of Rs. 2,650 has been refunded.`);
    expect(en.email.bodyText).toContain("Note from the shop: Refunded as requested");
    expect(en.sms.bodyText).toContain(`order ${askedEn.orderNumber} cancelled as you asked.`);
    const byShopEn = await paidKhalti(ram, "en");
    expect((await refund(byShopEn.id)).statusCode).toBe(200);
    expect((await cancelled(byShopEn.id)).email.bodyText).toContain(`Order ${byShopEn.orderNumber} has been cancelled by our team.`);
    // A refund of less than the total (the shop kept the delivery fee) says the amount given back.
    const part = await paidKhalti(ram, "en");
    const partial = await t.app.inject({ method: "POST", url: `/api/admin/orders/${part.id}/refund`, headers: admin, payload: { method: "KHALTI", reference: "KH-REF-0002", amount: 250_000 } });
    expect(partial.statusCode, partial.body).toBe(200);
    const partMail = (await cancelled(part.id)).email.bodyText;
    expect(partMail).toContain("Rs. 2,500 of your payment of Rs. 2,650 has been refunded.");

    await deliverAll();
    const [mail] = (await t.app.services.mail.outbox.list()).filter((m) => m.subject === `अर्डर ${asked.orderNumber} रद्द भयो`);
    expect(mail!.html).toContain("पसलको सन्देश: Refunded as requested &lt;b&gt;today&lt;/b&gt; &amp; thanks");
    expect(mail!.html).not.toContain("<b>today</b>");
    expect(mail!.text).toContain(`पसलको सन्देश: ${note}`);
  });

  it("a return request gets its receipt by e-mail (no SMS); a decline comes by e-mail and SMS with the shop's note; a second request gets a receipt of its own (docs/decisions/190)", async () => {
    const gita = await customer();
    const product = await insertProduct(t.database.db, { name: "Nepal Away Jersey RR", price: 250_000, sizes: [{ size: "L", stock: 50 }] });
    const placed = await t.app.inject({ method: "POST", url: "/api/orders", headers: { ...gita.headers, "accept-language": "ne" }, payload: { items: [{ productId: product.id, size: "L", quantity: 1 }], shippingAddress: address, paymentMethod: "COD" } });
    const order = placed.json().data.order as { id: string; orderNumber: string };
    await t.app.inject({ method: "POST", url: "/api/payments/cod/process", headers: gita.headers, payload: { orderId: order.id } });
    for (const status of ["SHIPPED", "OUT_FOR_DELIVERY", "DELIVERED"]) await adminStatus(order.id, { status, courier: "Nepal Can Move", trackingNumber: "NCM-190" });
    const ask = () => t.app.inject({ method: "POST", url: `/api/orders/${order.id}/return-request`, headers: gita.headers, payload: { reason: "SIZE", details: "L is too big" } });
    expect((await ask()).statusCode).toBe(200);
    const after = (kind: string) => rowsOf(order.id).then((rows) => rows.filter((r) => r.kind === kind));
    const [receipt, ...more] = await after("order.return_requested");
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ channel: "EMAIL", subject: `अर्डर ${order.orderNumber} फिर्ता गर्ने अनुरोध` });
    expect(receipt!.bodyText).toContain(`तपाईंले अर्डर ${order.orderNumber} फिर्ता पठाउन अनुरोध गर्नुभयो: साइज मिलेन।`);
    expect(receipt!.bodyText).toContain("9800000001");
    // What happens next, as the returns page says it for a size: a free exchange, a pick-up in the Kathmandu Valley.
    expect(receipt!.bodyText).toContain("साइज साटासाट निःशुल्क छ");

    const note = "Worn <b>twice</b>";
    const declined = await t.app.inject({ method: "POST", url: `/api/admin/orders/${order.id}/return-request/decline`, headers: admin, payload: { note } });
    expect(declined.statusCode, declined.body).toBe(200);
    const told = await after("order.return_declined");
    expect(told.map((r) => r.channel).sort()).toEqual(["EMAIL", "SMS"]);
    const mailRow = told.find((r) => r.channel === "EMAIL")!;
    expect(mailRow.bodyText).toContain(`पसलको सन्देश: ${note}`);
    const smsRow = told.find((r) => r.channel === "SMS")!;
    expect(smsRow.bodyText).toContain(order.orderNumber);
    expect(smsRow.bodyText).toContain("कारण अर्डरको पेजमा हेर्नुहोस्");
    expect(smsRow.bodyText.length).toBeLessThanOrEqual(134);

    // Asked again after the decline: a receipt of its own, not taken for a repeat of the first.
    expect((await ask()).statusCode).toBe(200);
    expect(await after("order.return_requested")).toHaveLength(2);
    await deliverAll();
    const [mail] = (await t.app.services.mail.outbox.list()).filter((m) => m.subject === `अर्डर ${order.orderNumber} फिर्ता गर्ने अनुरोध अस्वीकार भयो`);
    expect(mail!.html).toContain("पसलको सन्देश: Worn &lt;b&gt;twice&lt;/b&gt;");
  });

  it("a personalised line reads in Nepali as the storefront writes it: नाम and नम्बर, Devanagari digits", async () => {
    const gita = await customer();
    const product = await insertProduct(t.database.db, { name: "Nepal Home Jersey Printed", price: 250_000, personalisable: true, sizes: [{ size: "L", stock: 5 }] });
    const place = (locale: "en" | "ne") =>
      t.app.inject({ method: "POST", url: "/api/orders", headers: { ...gita.headers, "accept-language": locale }, payload: { items: [{ productId: product.id, size: "L", quantity: 1, personalisation: { name: "Gurung", number: 11 } }], shippingAddress: address, paymentMethod: "COD", acceptNoReturns: true } });
    const ne = (await place("ne")).json().data.order as { id: string; orderNumber: string };
    const neMail = (await rowsOf(ne.id)).find((r) => r.kind === "order.placed" && r.channel === "EMAIL")!;
    expect(neMail.bodyText).toContain("साइज L x १, नाम: GURUNG · नम्बर ११ (प्रति थान छपाइ रु. ५००)");
    expect(neMail.bodyText).not.toMatch(/Name:|No\./);
    const en = (await place("en")).json().data.order as { id: string };
    expect((await rowsOf(en.id)).find((r) => r.kind === "order.placed" && r.channel === "EMAIL")!.bodyText).toContain("size L x 1, Name: GURUNG · No. 11 (printing Rs. 500 each)");
    await deliverAll();
    const [mail] = (await t.app.services.mail.outbox.list()).filter((m) => m.subject === `अर्डर ${ne.orderNumber} प्राप्त भयो`);
    expect(mail!.html).toContain("नाम: GURUNG · नम्बर ११");
  });
});
