/**
 * The administrator's user list gives how many users match its role and status filters, and how many there are in all,
 * from counts kept per role and status by triggers on users (docs/decisions/162, migration 0028). Whatever changes the
 * users (a sign-up, an administrator's new account, a role or status change, a deletion, a statement of many), the list
 * must show the same numbers as counting the users themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertUser, sessionFor } from "../../test/factories.js";
import { rawRows } from "../../db/common-queries.js";

let t: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const me = await insertUser(t.database.db, { role: "ADMIN", name: "Counting Admin", email: "counting-admin@example.com" });
  admin = (await sessionFor(t.app, me.id)).bearer;
});
afterAll(() => t.close());

const api = (method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as "GET", url, headers: admin, ...(payload === undefined ? {} : { payload: payload as object }) });

const rows = <T>(query: ReturnType<typeof sql>) => rawRows<T>(t.database.db, query);

const FILTERS = ["", "role=USER", "role=ADMIN", "status=ACTIVE", "status=INACTIVE", "role=USER&status=INACTIVE", "role=ADMIN&status=ACTIVE"];

/** Every filter's total and the overall total as the list shows them, beside what counting the users gives. */
async function listedAndCounted() {
  const listed: Record<string, [number, number]> = {};
  const counted: Record<string, [number, number]> = {};
  const [all] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`);
  for (const f of FILTERS) {
    const res = await api("GET", `/api/admin/users?${f}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { pagination: { total: number }; overallTotal: number };
    listed[f] = [data.pagination.total, data.overallTotal];
    const params = new URLSearchParams(f);
    const role = params.get("role");
    const status = params.get("status");
    const [n] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM users WHERE (${role}::text IS NULL OR role = ${role}) AND (${status}::text IS NULL OR status = ${status})`,
    );
    counted[f] = [n!.n, all!.n];
  }
  return { listed, counted };
}

async function expectTheSame() {
  const { listed, counted } = await listedAndCounted();
  expect(listed).toEqual(counted);
  return listed;
}

describe("the user list's kept counts", () => {
  it("follow sign-ups, new accounts, role and status changes and deletions", async () => {
    const before = await expectTheSame();

    const signUp = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { origin: "http://localhost:3000" },
      remoteAddress: "10.9.0.1",
      payload: { name: "Kept Count", email: "kept-count@example.com", phone: "98-1234-5678", password: "Secret123", confirmPassword: "Secret123" },
    });
    expect(signUp.statusCode).toBe(201);
    const created = await api("POST", "/api/admin/users", { name: "New Staff", email: "kept-staff@example.com", role: "ADMIN" });
    expect(created.statusCode).toBe(201);
    const afterAdding = await expectTheSame();
    expect(afterAdding[""]).toEqual([before[""]![0] + 2, before[""]![1] + 2]);
    expect(afterAdding["role=ADMIN"]![0]).toBe(before["role=ADMIN"]![0] + 1);

    const customer = signUp.json().data.user.id as string;
    const staff = created.json().data.user.id as string;
    expect((await api("PUT", `/api/users/${customer}/role`, { role: "ADMIN" })).statusCode).toBe(200);
    expect((await api("PUT", `/api/admin/users/${staff}`, { name: "New Staff", email: "kept-staff@example.com", role: "USER", status: "INACTIVE" })).statusCode).toBe(200);
    const afterChanges = await expectTheSame();
    expect(afterChanges["role=USER&status=INACTIVE"]![0]).toBe(before["role=USER&status=INACTIVE"]![0] + 1);
    // A change of name only moves nothing.
    expect((await api("PUT", `/api/admin/users/${staff}`, { name: "Renamed Staff", email: "kept-staff@example.com", role: "USER", status: "INACTIVE" })).statusCode).toBe(200);
    expect(await expectTheSame()).toEqual(afterChanges);

    expect((await api("DELETE", `/api/admin/users/${staff}`)).statusCode).toBe(200);
    const afterDeleting = await expectTheSame();
    expect(afterDeleting[""]![1]).toBe(afterChanges[""]![1] - 1);
  });

  it("follow statements of many users, and a rebuild counts them again", async () => {
    for (let i = 0; i < 12; i++) await insertUser(t.database.db, { name: `Bulk ${i}`, email: `bulk-${i}@example.com`, status: i % 3 === 0 ? "INACTIVE" : "ACTIVE" });
    await expectTheSame();
    // One statement that moves users between keys both ways, and one that changes a key for some and nothing for others.
    await t.database.db.execute(sql`UPDATE users SET status = CASE status WHEN 'ACTIVE' THEN 'INACTIVE' ELSE 'ACTIVE' END WHERE email LIKE 'bulk-%'`);
    await expectTheSame();
    await t.database.db.execute(sql`UPDATE users SET role = 'ADMIN', name = name || '!' WHERE email IN ('bulk-1@example.com', 'bulk-2@example.com')`);
    await expectTheSame();
    await t.database.db.execute(sql`DELETE FROM users WHERE email LIKE 'bulk-%' AND role = 'USER'`);
    const afterDeleting = await expectTheSame();

    // Counts lost (a load that bypassed the triggers) come back from the rebuild.
    await t.database.db.execute(sql`DELETE FROM user_counts`);
    expect((await listedAndCounted()).listed[""]).toEqual([0, 0]);
    await t.database.db.execute(sql`SELECT khelkud_user_counts_rebuild()`);
    expect(await expectTheSame()).toEqual(afterDeleting);
  });

  it("leave a search counting the users it finds", async () => {
    await insertUser(t.database.db, { name: "Findable Person", email: "findable@example.com", status: "INACTIVE" });
    const res = await api("GET", "/api/admin/users?q=findable&status=INACTIVE");
    const data = res.json().data as { pagination: { total: number }; overallTotal: number; users: { email: string }[] };
    expect(data.users.map((u) => u.email)).toEqual(["findable@example.com"]);
    expect(data.pagination.total).toBe(1);
    const [all] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`);
    expect(data.overallTotal).toBe(all!.n);
    expect((await api("GET", "/api/admin/users?q=findable&status=ACTIVE")).json().data.pagination.total).toBe(0);
  });
});
