import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_MSG, MSG } from "@khelkud/contracts";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertProduct, insertUser, sessionFor } from "../../test/factories.js";
import { passwordResetTokens, users } from "../../db/schema/index.js";
import { insertOrder } from "../admin/test-helpers.js";

let t: TestContext;
let adminId: string;
let admin: Record<string, string>;

// A fresh database per file: the only administrator is the one made here.
beforeAll(async () => {
  t = await createTestApp();
  adminId = (await insertUser(t.database.db, { role: "ADMIN", name: "Only Admin", email: "only-admin@example.com" })).id;
  admin = (await sessionFor(t.app, adminId)).bearer;
});
afterAll(() => t.close());

const api = (method: string, url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method: method as "GET", url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe("user management rules", () => {
  it("refuses to let the last administrator demote themselves", async () => {
    const res = await api("PUT", `/api/users/${adminId}/role`, { role: "USER" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(ADMIN_MSG.lastAdmin);
    const [me] = await t.database.db.select().from(users).where(eq(users.id, adminId));
    expect(me?.role).toBe("ADMIN");
  });

  it("refuses self-demotion, self-deactivation and self-deletion even when other administrators exist", async () => {
    await insertUser(t.database.db, { role: "ADMIN", name: "Second Admin" });
    const role = await api("PUT", `/api/users/${adminId}/role`, { role: "USER" });
    expect([role.statusCode, role.json().error]).toEqual([409, ADMIN_MSG.selfDemote]);
    const status = await api("PUT", `/api/admin/users/${adminId}`, { name: "Only Admin", email: "only-admin@example.com", role: "ADMIN", status: "INACTIVE" });
    expect([status.statusCode, status.json().error]).toEqual([409, ADMIN_MSG.selfDeactivate]);
    const del = await api("DELETE", `/api/admin/users/${adminId}`);
    expect([del.statusCode, del.json().error]).toEqual([409, ADMIN_MSG.selfDelete]);
  });

  it("changes another user's role through PUT /api/users/:id/role", async () => {
    const u = await insertUser(t.database.db);
    const res = await api("PUT", `/api/users/${u.id}/role`, { role: "ADMIN" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.role).toBe("ADMIN");
  });

  it("creates a user with no password and a single-use set-password token; a duplicate e-mail is 409", async () => {
    const res = await api("POST", "/api/admin/users", { name: "New Staff", email: "New.Staff@example.com" });
    expect(res.statusCode).toBe(201);
    const created = res.json().data.user;
    expect(created).toMatchObject({ role: "USER", status: "ACTIVE", orderCount: 0 });
    expect(created).not.toHaveProperty("passwordHash");
    const [row] = await t.database.db.select().from(users).where(eq(users.id, created.id));
    expect(row?.passwordHash).toBeNull();
    const tokens = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, created.id));
    expect(tokens).toHaveLength(1);
    const dup = await api("POST", "/api/admin/users", { name: "Dup", email: "new.staff@EXAMPLE.com" });
    expect([dup.statusCode, dup.json().error]).toEqual([409, ADMIN_MSG.emailTaken]);
  });

  it("refuses an invalid e-mail with the spec's message", async () => {
    const res = await api("POST", "/api/admin/users", { name: "X", email: "not-an-email" });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field: "email", message: "Invalid email address" });
  });

  // docs/decisions/183: the administrator's phone field follows registration's rule.
  it("stores a phone as registration does (+977…), and an empty one as none", async () => {
    const res = await api("POST", "/api/admin/users", { name: "Good Phone", email: "good-phone@example.com", phone: "9812345678" });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data.user;
    expect(created.phone).toBe("+9779812345678");
    const [row] = await t.database.db.select().from(users).where(eq(users.id, created.id));
    expect(row?.phone).toBe("+9779812345678");
    const edited = await api("PUT", `/api/admin/users/${created.id}`, { name: "Good Phone", email: "good-phone@example.com", phone: "01-4123456" });
    expect([edited.statusCode, edited.json().data?.user.phone], edited.body).toEqual([200, "+97714123456"]);
    const cleared = await api("PUT", `/api/admin/users/${created.id}`, { name: "Good Phone", email: "good-phone@example.com", phone: "" });
    expect([cleared.statusCode, cleared.json().data?.user.phone], cleared.body).toEqual([200, null]);
    const none = await api("POST", "/api/admin/users", { name: "No Phone", email: "no-phone@example.com", phone: null });
    expect([none.statusCode, none.json().data?.user.phone]).toEqual([201, null]);
  });

  it("refuses a phone that is not a Nepali number with registration's message, next to the field, saving nothing", async () => {
    for (const phone of ["call me maybe", "12345", "+1 415 555 0100", 9812345678]) {
      const res = await api("POST", "/api/admin/users", { name: "Bad Phone", email: "bad-phone@example.com", phone });
      expect(res.statusCode, String(phone)).toBe(400);
      expect(res.json().details).toContainEqual({ field: "phone", message: MSG.phoneInvalid });
    }
    expect(await t.database.db.select().from(users).where(eq(users.email, "bad-phone@example.com"))).toEqual([]);
    const u = await insertUser(t.database.db, { name: "Kept Phone", phone: "+9779800000009" });
    const res = await api("PUT", `/api/admin/users/${u.id}`, { name: "Kept Phone", email: u.email, phone: "call me maybe" });
    expect(res.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row?.phone).toBe("+9779800000009");
    const nepali = await api("POST", "/api/admin/users", { name: "Bad Phone", email: "bad-phone@example.com", phone: "call me maybe" }, { ...admin, "accept-language": "ne" });
    expect(nepali.json().details).toContainEqual({ field: "phone", message: "फोन नम्बरको ढाँचा मिलेन" });
  });

  it("deactivates instead of deleting a user with orders, and ends their sessions", async () => {
    const u = await insertUser(t.database.db);
    const p = await insertProduct(t.database.db);
    await insertOrder(t.database.db, { userId: u.id, items: [{ productId: p.id, size: "M", quantity: 1 }] });
    const theirs = (await sessionFor(t.app, u.id)).bearer;
    expect((await t.app.inject({ method: "GET", url: "/api/admin/users", headers: theirs })).statusCode).toBe(403);
    const res = await api("DELETE", `/api/admin/users/${u.id}`);
    expect(res.json().data).toEqual({ deactivated: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row?.status).toBe("INACTIVE");
    expect((await t.app.inject({ method: "GET", url: "/api/admin/users", headers: theirs })).statusCode).toBe(401);
  });

  it("deletes a user without orders", async () => {
    const u = await insertUser(t.database.db);
    expect((await api("DELETE", `/api/admin/users/${u.id}`)).json().data).toEqual({ deactivated: false });
    expect(await t.database.db.select().from(users).where(eq(users.id, u.id))).toEqual([]);
  });

  it("searches by name or e-mail and filters by role, with the overall total", async () => {
    await insertUser(t.database.db, { name: "Sita Sharma", email: "sita@example.com" });
    const byName = (await api("GET", "/api/admin/users?q=SITA")).json().data;
    expect(byName.users.map((u: { email: string }) => u.email)).toEqual(["sita@example.com"]);
    // A part of an address holding its "@" (found through the index of the local part, docs/decisions/148), in any case.
    const emails = async (q: string) => (await api("GET", `/api/admin/users?q=${encodeURIComponent(q)}`)).json().data.users.map((u: { email: string }) => u.email);
    expect(await emails("ITA@EXAMPLE.C")).toEqual(["sita@example.com"]);
    expect(await emails("sita@example.com")).toEqual(["sita@example.com"]);
    expect(await emails("sit@example")).toEqual([]);
    expect(await emails("s_ta@")).toEqual([]);
    const admins = (await api("GET", "/api/admin/users?role=ADMIN")).json().data;
    expect(admins.users.every((u: { role: string }) => u.role === "ADMIN")).toBe(true);
    expect(admins.overallTotal).toBeGreaterThan(admins.pagination.total);
  });
});

describe("invitations", () => {
  it("hands the mail sender a token whose hash is the stored single-use row, and builds the set-password link", async () => {
    const { createAdminUsersService, inviteMessage } = await import("./admin-users.service.js");
    const { createSessionsService, hashToken } = await import("./sessions.service.js");
    const sent: { email: string; token: string }[] = [];
    const svc = createAdminUsersService(t.database.db, createSessionsService(t.database.db), async (u, token) => {
      sent.push({ email: u.email, token });
    });
    const user = await svc.create({ id: adminId, ip: null }, { name: "Invited", email: "invited@example.com", phone: null, role: "USER", status: "ACTIVE" });
    expect(sent).toHaveLength(1);
    const [row] = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row?.tokenHash).toBe(hashToken(sent[0]!.token));
    const mail = inviteMessage("https://shop.example", { name: "Invited", email: "invited@example.com" }, sent[0]!.token);
    expect(mail.to).toBe("invited@example.com");
    expect(mail.text).toContain(`https://shop.example/reset-password?token=${encodeURIComponent(sent[0]!.token)}`);
    // The invitee's language is not known yet: the same e-mail in English and in Nepali, with the Nepali page's link.
    expect(mail.text).toContain(`https://shop.example/ne/reset-password?token=${encodeURIComponent(sent[0]!.token)}`);
    expect(mail.subject).toMatch(/set your password · .*पासवर्ड/);
    expect(mail.text).toMatch(/नमस्ते Invited,[\s\S]*घण्टासम्म/);
  });
});

describe("two administrators editing one account (docs/decisions/191)", () => {
  it("refuses a save from a form opened before the other's change, so a promotion or a deactivation is not put back", async () => {
    const user = await insertUser(t.database.db, { name: "Stale Form User", email: "stale-form@example.com" });
    const opened = { name: user.name, email: user.email, phone: user.phone, role: "USER", status: "ACTIVE" };
    // Another administrator makes them an administrator.
    expect((await api("PUT", `/api/users/${user.id}/role`, { role: "ADMIN" })).statusCode).toBe(200);
    // The first form, opened before, renames them.
    const stale = await api("PUT", `/api/admin/users/${user.id}`, { name: "Renamed User", email: user.email, role: "USER", status: "ACTIVE", was: opened });
    expect([stale.statusCode, stale.json().error]).toEqual([409, ADMIN_MSG.changedMeanwhile]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect([row!.name, row!.role]).toEqual(["Stale Form User", "ADMIN"]);
    // Reopened on the account as it is, the rename goes through.
    const fresh = await api("PUT", `/api/admin/users/${user.id}`, { name: "Renamed User", email: user.email, role: "ADMIN", status: "ACTIVE", was: { ...opened, role: "ADMIN" } });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await api("PUT", `/api/admin/users/${user.id}`, { name: "X", email: user.email, was: { role: "OWNER" } })).statusCode).toBe(400);
  });
});
