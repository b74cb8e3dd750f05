import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@khelkud/contracts";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertUser, pngBuffer, sessionFor } from "../../test/factories.js";
import { sessions, users } from "../../db/schema/index.js";
import { hashPassword } from "../../lib/password.js";

let t: TestContext;
const ORIGIN = { origin: "http://localhost:3000" };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedInCustomer(overrides: Parameters<typeof insertUser>[1] = {}) {
  const user = await insertUser(t.database.db, { passwordHash: await hashPassword("Secret123"), ...overrides });
  const s = await sessionFor(t.app, user.id);
  return { user, ...s, headers: { ...s.cookie, ...ORIGIN } };
}

function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----khelkud${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const avatarFiles = () => {
  const dir = path.join(t.config.uploadsDir, "avatars");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe("profile", () => {
  it("shows the signed-in user with counts of orders and reviews, and refuses guests", async () => {
    const { user, headers } = await signedInCustomer();
    const res = await t.app.inject({ url: "/api/users/profile", headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ id: user.id, email: user.email, counts: { orders: 0, reviews: 0 } });
    const guest = await t.app.inject({ url: "/api/users/profile" });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().error).toBe("Missing token");
  });

  it("updates name, e-mail, phone and address, and announces the change", async () => {
    const { user, headers } = await signedInCustomer();
    const seen: string[] = [];
    const stop = t.app.services.events.on((e) => {
      if (e.type === "profile.updated") seen.push(e.user.id);
    });
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/users/profile",
      headers,
      payload: { name: "Ram Thapa", email: "Ram.Thapa@Example.com", phone: "01-4123456", address: { street: "Thamel Marg", landmark: "Opposite Garden of Dreams", city: "Kathmandu Metropolitan City", district: "kathmandu", state: "Bagmati", postalCode: "44600", country: "Nepal" }, currentPassword: "Secret123" },
    });
    stop();
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({
      name: "Ram Thapa",
      email: "ram.thapa@example.com",
      phone: "+97714123456",
      address: { street: "Thamel Marg", landmark: "Opposite Garden of Dreams", city: "Kathmandu Metropolitan City", district: "Kathmandu", state: "Bagmati", country: "Nepal" },
    });
    expect(seen).toEqual([user.id]);
  });

  it("saves only a real district, in its province, and refuses the rest with a clear 400", async () => {
    const { user, headers } = await signedInCustomer();
    const put = (address: Record<string, unknown>) => t.app.inject({ method: "PUT", url: "/api/users/profile", headers, payload: { name: "Ram", email: user.email, address: { country: "Nepal", ...address } } });
    const unknown = await put({ state: "Bagmati", district: "Patan" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([expect.objectContaining({ message: "Please choose one of Nepal's 77 districts" })]);
    const elsewhere = await put({ state: "Bagmati", district: "Kaski" });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().details[0].message).toBe("Kaski is in Gandaki Province, not Bagmati");
    // The district alone is enough: its province follows.
    const ok = await put({ district: "kaski", city: "Pokhara" });
    expect(ok.json().data.user.address).toMatchObject({ district: "Kaski", state: "Gandaki", city: "Pokhara" });
    // Outside Nepal there are no districts to choose, and a free-text state stays as it is.
    const abroad = await put({ country: "India", state: "Sikkim", district: "Kaski" });
    expect(abroad.statusCode).toBe(200);
    expect(abroad.json().data.user.address).toMatchObject({ state: "Sikkim", country: "India" });
  });

  it("moves a saved city that names a district into the district, when the addresses migration runs", async () => {
    const lalitpur = await insertUser(t.database.db, { addressStreet: "Jhamsikhel", addressCity: " lalitpur ", addressState: null });
    const ward = await insertUser(t.database.db, { addressStreet: "Lakeside", addressCity: "Pokhara", addressState: "Gandaki" });
    const sql = fs.readFileSync(new URL("../../db/migrations/0006_addresses_by_district.sql", import.meta.url), "utf8");
    const update = sql.split("--> statement-breakpoint").find((s) => s.includes("UPDATE"))!;
    await t.database.db.execute(update);
    const [a] = await t.database.db.select().from(users).where(eq(users.id, lalitpur.id));
    expect(a).toMatchObject({ addressDistrict: "Lalitpur", addressState: "Bagmati", addressCity: " lalitpur ", addressStreet: "Jhamsikhel" });
    // "Pokhara" is a city, not a district: nothing is guessed.
    const [b] = await t.database.db.select().from(users).where(eq(users.id, ward.id));
    expect(b).toMatchObject({ addressDistrict: null, addressState: "Gandaki", addressCity: "Pokhara" });
  });

  it("a profile update sending role ADMIN or status changes nothing of either", async () => {
    const { user, headers } = await signedInCustomer();
    const res = await t.app.inject({ method: "PUT", url: "/api/users/profile", headers, payload: { name: "Sneaky", email: user.email, role: "ADMIN", status: "INACTIVE" } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.role).toBe("USER");
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.role).toBe("USER");
    expect(row!.status).toBe("ACTIVE");
    expect(row!.name).toBe("Sneaky");
  });

  it("gives the profile form's messages and refuses another account's e-mail", async () => {
    const other = await insertUser(t.database.db);
    const { headers } = await signedInCustomer();
    const bad = await t.app.inject({ method: "PUT", url: "/api/users/profile", headers, payload: { name: "", email: "nope", phone: "12ab" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual(
      expect.arrayContaining([
        { field: "name", message: "Name is required" },
        { field: "email", message: MSG.emailInvalid },
        { field: "phone", message: "Invalid phone number" },
      ]),
    );
    const taken = await t.app.inject({ method: "PUT", url: "/api/users/profile", headers, payload: { name: "Someone", email: other.email.toUpperCase(), currentPassword: "Secret123" } });
    expect(taken.statusCode).toBe(409);
  });
});

describe("change e-mail", () => {
  const change = (headers: Record<string, string>, email: string, currentPassword?: string) =>
    t.app.inject({ method: "PUT", url: "/api/users/profile", headers, payload: { name: "Mover Rai", email, ...(currentPassword === undefined ? {} : { currentPassword }) } });

  it("needs the current password: missing or wrong changes nothing", async () => {
    const { user, headers } = await signedInCustomer();
    const missing = await change(headers, "thief@example.com");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toContainEqual({ field: "currentPassword", message: "Current password is required" });
    const wrong = await change(headers, "thief@example.com", "Guess1234");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toContainEqual({ field: "currentPassword", message: "Current password is incorrect" });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
    // Keeping the address (any letter case) needs no password.
    expect((await change(headers, user.email.toUpperCase())).statusCode).toBe(200);
  });

  it("ends the other sessions, keeps this one, and tells the old address", async () => {
    const { user, headers, token } = await signedInCustomer();
    const other = await sessionFor(t.app, user.id);
    const newEmail = `moved-${Date.now()}@example.com`;
    const res = await change(headers, newEmail, "Secret123");
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe(newEmail);
    expect((await t.app.inject({ url: "/api/auth/me", headers: other.bearer })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/auth/me", headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    await t.app.services.background.idle();
    const notice = (await t.app.services.mail.outbox.list()).find((m) => m.to === user.email);
    expect(notice?.subject).toBe("Your Khelkud e-mail address was changed");
    expect(notice?.text).toContain(newEmail);
  });

  it("tells the old address in the account's language, not the request's (docs/decisions/131)", async () => {
    const nepali = await signedInCustomer({ name: "Sita Rai", locale: "ne" });
    const toNepali = `moved-ne-${Date.now()}@example.com`;
    // The request asks for English: the notice still speaks the owner's Nepali.
    const res = await t.app.inject({ method: "PUT", url: "/api/users/profile", headers: { ...nepali.headers, "accept-language": "en" }, payload: { name: "Sita Rai", email: toNepali, currentPassword: "Secret123" } });
    expect(res.statusCode).toBe(200);
    const english = await signedInCustomer({ locale: null });
    const toEnglish = `moved-en-${Date.now()}@example.com`;
    const res2 = await t.app.inject({ method: "PUT", url: "/api/users/profile", headers: { ...english.headers, "accept-language": "ne" }, payload: { name: "Ram", email: toEnglish, currentPassword: "Secret123" } });
    expect(res2.statusCode).toBe(200);
    await t.app.services.background.idle();
    const outbox = await t.app.services.mail.outbox.list();

    const ne = outbox.find((m) => m.to === nepali.user.email)!;
    expect(ne.subject).toBe("तपाईंको खेलकुद खाताको इमेल ठेगाना परिवर्तन भयो");
    expect(ne.text).toContain("नमस्ते Sita Rai ज्यू,");
    expect(ne.text).toContain(`तपाईंको खेलकुद खाताको इमेल ठेगाना ${nepali.user.email} बाट ${toNepali} मा परिवर्तन गरियो।`);
    expect(ne.text).toContain("यो परिवर्तन तपाईंले गर्नुभएको होइन भने");
    expect(ne.text).not.toMatch(/changed|Khelkud/);

    const en = outbox.find((m) => m.to === english.user.email)!;
    expect(en.subject).toBe("Your Khelkud e-mail address was changed");
    expect(en.text).toContain(`was changed from ${english.user.email} to ${toEnglish}.`);
    expect(en.text).not.toMatch(/[\u0900-\u097F]/);
  });
});

describe("change password", () => {
  it("checks the current password, keeps this session and ends the others", async () => {
    const { user, headers, token } = await signedInCustomer();
    const other = await sessionFor(t.app, user.id);
    const wrong = await t.app.inject({ method: "PUT", url: "/api/users/change-password", headers, payload: { currentPassword: "Nope1234", newPassword: "Newpass123", confirmPassword: "Newpass123" } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe("Current password is incorrect");

    const ok = await t.app.inject({ method: "PUT", url: "/api/users/change-password", headers, payload: { currentPassword: "Secret123", newPassword: "Newpass123", confirmPassword: "Newpass123" } });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/auth/me", headers: other.bearer })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/auth/me", headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(1);
    const login = await t.app.inject({ method: "POST", url: "/api/auth/login", headers: ORIGIN, payload: { email: user.email, password: "Newpass123" } });
    expect(login.statusCode).toBe(200);
  });

  it("applies the one password rule and the mismatch message", async () => {
    const { headers } = await signedInCustomer();
    const weak = await t.app.inject({ method: "PUT", url: "/api/users/change-password", headers, payload: { currentPassword: "Secret123", newPassword: "abcdefgh", confirmPassword: "abcdefgh" } });
    expect(weak.json().details).toContainEqual({ field: "newPassword", message: MSG.passwordComplexity });
    const mismatch = await t.app.inject({ method: "PUT", url: "/api/users/change-password", headers, payload: { currentPassword: "Secret123", newPassword: "Newpass123", confirmPassword: "Newpass124" } });
    expect(mismatch.json().details).toContainEqual({ field: "confirmPassword", message: "New passwords do not match" });
  });

  it("refuses the current password as the new one and leaves the other sessions signed in", async () => {
    const { user, headers } = await signedInCustomer();
    const other = await sessionFor(t.app, user.id);
    const same = await t.app.inject({ method: "PUT", url: "/api/users/change-password", headers, payload: { currentPassword: "Secret123", newPassword: "Secret123", confirmPassword: "Secret123" } });
    expect(same.statusCode).toBe(400);
    expect(same.json().details).toContainEqual({ field: "newPassword", message: "Choose a new password that differs from your current one" });
    expect((await t.app.inject({ url: "/api/auth/me", headers: other.bearer })).statusCode).toBe(200);
  });
});

describe("avatar upload", () => {
  it("re-encodes the picture as a square JPEG without metadata, and removes the previous one", async () => {
    const { headers } = await signedInCustomer();
    const withExif = await sharp(await pngBuffer(640, 480)).jpeg().withMetadata({ exif: { IFD0: { Copyright: "secret-gps-owner" } } }).toBuffer();
    const body = multipart("profile", "me.txt", "text/plain", withExif);
    const res = await t.app.inject({ method: "POST", url: "/api/uploads/profile", payload: body.payload, headers: { ...headers, ...body.headers } });
    expect(res.statusCode).toBe(200);
    const avatar: string = res.json().data.user.avatar;
    expect(avatar).toMatch(/^\/media\/avatars\/[a-z0-9]+\.jpg$/);
    const stored = await t.app.inject({ url: avatar });
    expect(stored.statusCode).toBe(200);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.width).toBe(meta.height);
    expect(meta.exif).toBeUndefined();

    const second = multipart("profile", "again.png", "image/png", await pngBuffer(300, 300, "#003893"));
    const res2 = await t.app.inject({ method: "POST", url: "/api/uploads/profile", payload: second.payload, headers: { ...headers, ...second.headers } });
    expect(res2.statusCode).toBe(200);
    expect((await t.app.inject({ url: avatar })).statusCode).toBe(404);
    expect((await t.app.inject({ url: res2.json().data.user.avatar })).statusCode).toBe(200);
  });

  it("refuses a file that is not an image whatever its name, and stores nothing", async () => {
    const { user, headers } = await signedInCustomer();
    const before = avatarFiles();
    const body = multipart("profile", "photo.jpg", "image/jpeg", Buffer.from("<?php echo 'not an image'; ?>".repeat(20)));
    const res = await t.app.inject({ method: "POST", url: "/api/uploads/profile", payload: body.payload, headers: { ...headers, ...body.headers } });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe("Please select a valid image file");
    expect(avatarFiles()).toEqual(before);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.avatarKey).toBeNull();
  });

  it("refuses a 6 MB upload with the specification's message, and stores nothing", async () => {
    const { user, headers } = await signedInCustomer();
    const before = avatarFiles();
    const big = Buffer.concat([await pngBuffer(200, 200), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const body = multipart("profile", "big.png", "image/png", big);
    const res = await t.app.inject({ method: "POST", url: "/api/uploads/profile", payload: body.payload, headers: { ...headers, ...body.headers } });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe("Image size should be less than 5MB");
    expect(avatarFiles()).toEqual(before);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.avatarKey).toBeNull();
  });

  it("answers a malformed multipart body with 400, not a server error", async () => {
    const { headers } = await signedInCustomer();
    const body = multipart("profile", "a.png", "image/png", await pngBuffer(120, 120));
    const res = await t.app.inject({ method: "POST", url: "/api/uploads/profile", payload: body.payload.subarray(0, 80), headers: { ...headers, "content-type": "multipart/form-data; boundary=something-else" } });
    expect(res.statusCode).toBe(400);
  });

  it("needs a signed-in user and the field named profile", async () => {
    const body = multipart("profile", "a.png", "image/png", await pngBuffer(120, 120));
    expect((await t.app.inject({ method: "POST", url: "/api/uploads/profile", payload: body.payload, headers: body.headers })).statusCode).toBe(401);
    const { headers } = await signedInCustomer();
    const wrongField = multipart("avatar", "a.png", "image/png", await pngBuffer(120, 120));
    const res = await t.app.inject({ method: "POST", url: "/api/uploads/profile", payload: wrongField.payload, headers: { ...headers, ...wrongField.headers } });
    expect(res.statusCode).toBe(400);
  });
});

describe("development outbox", () => {
  it("lists and shows sent e-mails at /dev/mail outside production", async () => {
    await t.app.services.mail.send({ to: "reader@example.com", subject: "Hello <outbox>", text: "Open https://example.com/x please" });
    const list = await t.app.inject("/dev/mail");
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain("Hello &lt;outbox&gt;");
    const id = /\/dev\/mail\/(\d{13}-[a-f0-9]{8})/.exec(list.body)![1];
    const one = await t.app.inject(`/dev/mail/${id}`);
    expect(one.body).toContain('<a href="https://example.com/x">');
    const raw = await t.app.inject(`/dev/mail/raw/${id}`);
    expect(raw.body).toMatch(/^Content-Type: text\/plain/m);
    expect(raw.body).toContain("Subject: Hello <outbox>");
  });

  it("is absent in production", async () => {
    const prod = await createTestApp({ nodeEnv: "production", isProduction: true, devMailViewer: false });
    try {
      expect((await prod.app.inject("/dev/mail")).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
