/**
 * The audit log's totals come from counts its triggers keep per kind (docs/decisions/165, migration 0030), and a kind's
 * pages from its own index. Whatever writes the log (an administrator's changes through the API, a statement of many
 * entries, a deletion), the log must show the same numbers as counting its entries, and each kind's pages its own
 * entries newest first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertUser, sessionFor } from "../../test/factories.js";
import { rawRows } from "../../db/common-queries.js";

let t: TestContext;
let admin: Record<string, string>;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  adminId = (await insertUser(t.database.db, { role: "ADMIN", name: "Auditing Admin", email: "auditing-admin@example.com" })).id;
  admin = (await sessionFor(t.app, adminId)).bearer;
});
afterAll(() => t.close());

const api = (method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as "GET", url, headers: admin, ...(payload === undefined ? {} : { payload: payload as object }) });

const rows = <T>(query: ReturnType<typeof sql>) => rawRows<T>(t.database.db, query);

const KINDS = ["", "product", "category", "user", "order", "nothing-of-this-kind"];

async function listedAndCounted() {
  const listed: Record<string, number> = {};
  const counted: Record<string, number> = {};
  for (const kind of KINDS) {
    const res = await api("GET", `/api/admin/audit?limit=5${kind ? `&entityType=${kind}` : ""}`);
    expect(res.statusCode).toBe(200);
    listed[kind || "all"] = (res.json().data as { pagination: { total: number } }).pagination.total;
    const [n] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE ${kind}::text = '' OR entity_type = ${kind}`);
    counted[kind || "all"] = n!.n;
  }
  return { listed, counted };
}

async function expectTheSame() {
  const { listed, counted } = await listedAndCounted();
  expect(listed).toEqual(counted);
  return listed;
}

describe("the audit log's kept counts", () => {
  it("follow an administrator's writes, statements of many entries and deletions, and a rebuild counts them again", async () => {
    const before = await expectTheSame();
    const category = (await api("POST", "/api/admin/categories", { name: "Audited Boots", type: "PRODUCT" })).json().data.category;
    expect(category).toBeTruthy();
    const created = await api("POST", "/api/admin/users", { name: "Audited Staff", email: "audited-staff@example.com" });
    expect(created.statusCode).toBe(201);
    const afterWrites = await expectTheSame();
    expect(afterWrites.all).toBe(before.all! + 2);
    expect(afterWrites.category).toBe(before.category! + 1);

    await t.database.db.execute(sql`
      INSERT INTO audit_log (id, actor_user_id, action, entity_type, entity_id, created_at)
      SELECT 'audit-bulk-' || g, ${adminId}, CASE WHEN g % 3 = 0 THEN 'product.update' ELSE 'order.status' END,
        CASE WHEN g % 3 = 0 THEN 'product' ELSE 'order' END, 'entity-' || g, now() - g * interval '1 minute'
      FROM generate_series(1, 30) g`);
    const afterBulk = await expectTheSame();
    expect(afterBulk.order).toBe(before.order! + 20);
    await t.database.db.execute(sql`DELETE FROM audit_log WHERE id LIKE 'audit-bulk-%' AND entity_type = 'product'`);
    const afterDeleting = await expectTheSame();
    expect(afterDeleting.product).toBe(before.product);

    await t.database.db.execute(sql`DELETE FROM audit_counts`);
    expect((await listedAndCounted()).listed.all).toBe(0);
    await t.database.db.execute(sql`SELECT khelkud_audit_counts_rebuild()`);
    expect(await expectTheSame()).toEqual(afterDeleting);
  });

  it("pages one kind newest first, each entry once, and only that kind", async () => {
    const seen: { id: string; entityType: string; createdAt: string }[] = [];
    for (let page = 1; page <= 10; page++) {
      const data = (await api("GET", `/api/admin/audit?limit=4&page=${page}&entityType=order`)).json().data as { entries: { id: string; entityType: string; createdAt: string }[] };
      if (data.entries.length === 0) break;
      seen.push(...data.entries);
    }
    const [n] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'order'`);
    expect(seen.length).toBe(n!.n);
    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
    expect(seen.every((e) => e.entityType === "order")).toBe(true);
    const times = seen.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
