import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { contactMessages, newsletterSubscribers } from "../../db/schema/index.js";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertUser, sessionFor } from "../../test/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 1;
const freshIp = () => `10.0.0.${ipCounter++}`;

const valid = { firstName: "Sita", lastName: "Rai", email: "sita.rai@example.com", phone: "+977 9841234567", subject: "Order Support", message: "Where is my order? It has been five days." };
const post = (url: string, payload: unknown, remoteAddress = freshIp()) => t.app.inject({ method: "POST", url, payload: payload as object, remoteAddress });

interface SentMail {
  to: string;
  /** Everything the reader sees: the plain-text and HTML bodies. */
  body: string;
  html: string;
  /** The MIME file as written to the outbox, for header assertions. */
  raw: string;
}

/** Mails to one address, oldest first, read back through the mail service's outbox. */
async function mailsTo(address: string): Promise<SentMail[]> {
  const entries = (await t.app.services.mail.outbox.list()).filter((e) => e.to === address).reverse();
  return entries.map((e) => ({
    to: e.to,
    body: `${e.text}\n${e.html ?? ""}`,
    html: e.html ?? "",
    // Unfold long headers (RFC 5322 folding) so a header reads as one line.
    raw: fs.readFileSync(path.join(t.config.outboxDir, `${e.id}.eml`), "utf8").replace(/\r?\n[ \t]+/g, " "),
  }));
}

describe("POST /api/contact", () => {
  it("stores the message for the inbox, e-mails the shop and confirms to the sender", async () => {
    const res = await post("/api/contact", valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, data: { message: "Thank you for your message! We will reply by e-mail within 24 hours." } });

    const rows = await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, valid.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: "Sita", lastName: "Rai", subject: "Order Support", phone: "+977 9841234567", message: valid.message, readAt: null });

    const toShop = await mailsTo("support@khelkud.com.np");
    expect(toShop).toHaveLength(1);
    expect(toShop[0]!.raw).toContain(`Reply-To: ${valid.email}`);
    expect(toShop[0]!.body).toContain(valid.message);
    const toSender = await mailsTo(valid.email);
    expect(toSender).toHaveLength(1);
    expect(toSender[0]!.body).toContain("within 24 hours");
  });

  describe("the sender's confirmation in the request's language (docs/decisions/131)", () => {
    const NEPALI = { "accept-language": "ne" };
    const postAs = (headers: Record<string, string>, payload: unknown) => t.app.inject({ method: "POST", url: "/api/contact", headers, payload: payload as object, remoteAddress: freshIp() });
    const outboxTo = async (address: string) => (await t.app.services.mail.outbox.list()).filter((e) => e.to === address);

    it("writes a Nepali request's confirmation in Nepali, with the Nepali store address and subject, user text escaped", async () => {
      await t.app.services.settings.update({ addressNe: "न्युरोड, काठमाडौं 44600, नेपाल" });
      try {
        const email = "nepali.sender@example.com";
        const res = await postAs(NEPALI, { ...valid, email, message: `<b>मेरो अर्डर</b> कहाँ पुग्यो? पाँच दिन भयो।` });
        expect(res.statusCode).toBe(201);
        const [mail, ...more] = await outboxTo(email);
        expect(more).toHaveLength(0);
        expect(mail!.subject).toBe("तपाईंको सन्देश हामीले पायौं – Khelkud");
        for (const body of [mail!.text, mail!.html ?? ""]) {
          expect(body).toContain("नमस्ते Sita ज्यू,");
          expect(body).toContain("“अर्डरमा सहायता” बारेको तपाईंको सन्देश हामीले पायौं");
          expect(body).toContain("२४ घण्टाभित्र");
          expect(body).toContain("न्युरोड, काठमाडौं 44600, नेपाल");
          expect(body).not.toContain("New Road");
          expect(body).not.toContain("Thank you");
        }
        expect(mail!.html).toContain('<html lang="ne">');
        expect(mail!.html).toContain("&lt;b&gt;मेरो अर्डर&lt;/b&gt;");
        expect(mail!.html).not.toContain("<b>");
        // The shop's own copy stays English for the admin's inbox.
        const toShop = (await outboxTo("support@khelkud.com.np")).find((m) => m.text.includes(email))!;
        expect(toShop.subject).toBe("[Contact] Order Support from Sita Rai");
      } finally {
        await t.app.services.settings.update({ addressNe: "" });
      }
    });

    it("falls back to the English store address in Nepali when no Nepali one is written", async () => {
      const email = "nepali.noaddress@example.com";
      expect((await postAs(NEPALI, { ...valid, email })).statusCode).toBe(201);
      const [mail] = await outboxTo(email);
      expect(mail!.subject).toBe("तपाईंको सन्देश हामीले पायौं – Khelkud");
      expect(mail!.text).toContain("New Road, Kathmandu 44600, Nepal");
    });

    it("keeps an English request's confirmation English, even when a Nepali address is written", async () => {
      await t.app.services.settings.update({ addressNe: "न्युरोड, काठमाडौं 44600, नेपाल" });
      try {
        const email = "english.sender@example.com";
        expect((await postAs({ "accept-language": "en-US,en;q=0.9" }, { ...valid, email })).statusCode).toBe(201);
        const [mail] = await outboxTo(email);
        expect(mail!.subject).toBe("We received your message – Khelkud");
        expect(mail!.text).toContain("Namaste Sita,");
        expect(mail!.text).toContain("We have received your message about “Order Support” and will reply by e-mail within 24 hours.");
        expect(mail!.html).toContain("<strong>within 24 hours</strong>");
        expect(mail!.text).toContain("New Road, Kathmandu 44600, Nepal");
        expect(`${mail!.text}${mail!.html}`).not.toMatch(/[\u0900-\u097F]/);
      } finally {
        await t.app.services.settings.update({ addressNe: "" });
      }
    });

    it("refuses a malformed Nepali request with 400 in Nepali and sends nothing", async () => {
      const email = "nepali.malformed@example.com";
      for (const payload of [{ ...valid, email, subject: "Anything" }, { ...valid, email, message: 42 }, "not json at all"]) {
        const res = await postAs({ ...NEPALI, "content-type": "application/json" }, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().success).toBe(false);
        expect(res.json().error).toMatch(/[\u0900-\u097F]/);
      }
      expect(await outboxTo(email)).toHaveLength(0);
    });
  });

  it("names every invalid field with the form's messages", async () => {
    const res = await post("/api/contact", { firstName: " ", lastName: "", email: "not-an-email", phone: "abc", subject: "Complaint", message: "short" });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(res.json().details.map((d: { field: string; message: string }) => [d.field, d.message]));
    expect(fields).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Invalid email address",
      phone: "Invalid phone number format",
      subject: "Please choose a subject",
      message: "Message must be at least 10 characters",
    });
  });

  it("accepts a message without a phone number", async () => {
    const res = await post("/api/contact", { ...valid, email: "nophone@example.com", phone: undefined, subject: "Feedback" });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, "nophone@example.com"));
    expect(row!.phone).toBeNull();
  });

  it("keeps HTML typed into the form out of the shop's HTML e-mail", async () => {
    await post("/api/contact", { ...valid, email: "html@example.com", message: `<img src=x onerror="alert(1)"> please help` });
    const mail = (await mailsTo("support@khelkud.com.np")).find((m) => m.body.includes("please help"))!;
    const html = mail.html;
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).not.toContain("<img");
  });

  it("refuses a sixth message from one address within 15 minutes with 429", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await post("/api/contact", { ...valid, email: `flood${i}@example.com` }, ip)).statusCode).toBe(201);
    const res = await post("/api/contact", { ...valid, email: "flood6@example.com" }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe("Too many attempts. Please wait a few minutes and try again.");
    const [{ n }] = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages).where(eq(contactMessages.email, "flood6@example.com"))) as [{ n: number }];
    expect(n).toBe(0);
    // Someone else is not affected.
    expect((await post("/api/contact", { ...valid, email: "other@example.com" })).statusCode).toBe(201);
  });

  it("refuses an eleventh newsletter sign-up from one address within 15 minutes with 429, malformed ones counted too", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await post("/api/newsletter", { email: `nl-flood${i}@example.com` }, ip)).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) expect((await post("/api/newsletter", { email: "not an address" }, ip)).statusCode).toBe(400);
    const res = await post("/api/newsletter", { email: "nl-flood-last@example.com" }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBeDefined();
    expect((await post("/api/newsletter", { email: "nl-other@example.com" })).statusCode).toBe(201);
  });
});

describe("newsletter", () => {
  const tokenOf = async (email: string) => (await t.database.db.select().from(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`))[0];

  it("stores an address once; a second subscribe says it is already subscribed", async () => {
    const first = await post("/api/newsletter", { email: "Fan@Example.com" });
    expect(first.statusCode).toBe(201);
    expect(first.json().data.message).toBe("Thanks for subscribing! Check your inbox for a confirmation.");
    const again = await post("/api/newsletter", { email: "  fan@example.COM " });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, error: "This email is already subscribed to our newsletter." });
    const rows = await t.database.db.select().from(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = 'fan@example.com'`);
    expect(rows).toHaveLength(1);
  });

  it("lists subscribers in the admin's CSV with the time they subscribed as Nepal's clock read it", async () => {
    await post("/api/newsletter", { email: "late-night@example.com" });
    await t.database.db.update(newsletterSubscribers).set({ subscribedAt: new Date("2026-12-07T19:14:32Z") }).where(eq(newsletterSubscribers.email, "late-night@example.com"));
    const admin = (await sessionFor(t.app, (await insertUser(t.database.db, { role: "ADMIN" })).id)).bearer;
    const csv = (await t.app.inject({ method: "GET", url: "/api/admin/subscribers/export.csv", headers: admin })).body.replace(/^\uFEFF/, "");
    expect(csv.split("\r\n")[0]).toBe("Email,Subscribed At (Nepal time)");
    expect(csv).toContain("late-night@example.com,2026-12-08 00:59");
  });

  it("rejects an invalid or missing address", async () => {
    for (const payload of [{ email: "nope" }, { email: "" }, {}]) {
      const res = await post("/api/newsletter", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].field).toBe("email");
    }
  });

  it("confirms by mail with an unsubscribe link that works, and the address can subscribe again", async () => {
    await post("/api/newsletter", { email: "leaver@example.com" });
    const welcome = await mailsTo("leaver@example.com");
    expect(welcome).toHaveLength(1);
    const sub = await tokenOf("leaver@example.com");
    const link = `${t.config.publicUrl}/newsletter/unsubscribe?token=${sub!.unsubscribeToken}`;
    expect(welcome[0]!.body).toContain(link);
    expect(welcome[0]!.raw).toContain(`List-Unsubscribe: <${link}>`);

    const res = await post("/api/newsletter/unsubscribe", { token: sub!.unsubscribeToken });
    expect(res.statusCode).toBe(200);
    expect((await tokenOf("leaver@example.com"))!.unsubscribedAt).toBeInstanceOf(Date);
    // The link keeps answering (a second click), and a made-up token does not.
    expect((await post("/api/newsletter/unsubscribe", { token: sub!.unsubscribeToken })).statusCode).toBe(200);
    const bad = await post("/api/newsletter/unsubscribe", { token: "made-up-token" });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().error).toBe("This unsubscribe link is not valid.");

    expect((await post("/api/newsletter", { email: "leaver@example.com" })).statusCode).toBe(201);
    const back = await tokenOf("leaver@example.com");
    expect(back!.unsubscribedAt).toBeNull();
    expect(back!.unsubscribeToken).not.toBe(sub!.unsubscribeToken);
  });

  it("puts the unsubscribe link into every newsletter sent to subscribers", async () => {
    await post("/api/newsletter", { email: "reader@example.com" });
    const before = (await mailsTo("reader@example.com")).length;
    const sent = await t.app.services.newsletter.sendToAll({ subject: "New kits are in", text: "Hello", html: "<p>Hello</p>" });
    expect(sent).toBeGreaterThanOrEqual(1);
    const mails = await mailsTo("reader@example.com");
    expect(mails).toHaveLength(before + 1);
    const sub = await tokenOf("reader@example.com");
    expect(mails.at(-1)!.body).toContain(`/newsletter/unsubscribe?token=${sub!.unsubscribeToken}`);
    // Unsubscribed addresses get nothing.
    await post("/api/newsletter", { email: "gone@example.com" });
    await post("/api/newsletter/unsubscribe", { token: (await tokenOf("gone@example.com"))!.unsubscribeToken });
    await t.app.services.newsletter.sendToAll({ subject: "Restock", text: "Hello", html: "<p>Hello</p>" });
    expect(await mailsTo("gone@example.com")).toHaveLength(1);
    expect(await mailsTo("reader@example.com")).toHaveLength(before + 2);
  });
});
