import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_MSG, MAX_SHOP_ADDRESS } from "@khelkud/contracts";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertProduct, insertUser, sessionFor } from "../../test/factories.js";
import { storeSettings } from "../../db/schema/index.js";

let t: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await sessionFor(t.app, (await insertUser(t.database.db, { role: "ADMIN" })).id)).bearer;
});
afterAll(() => t.close());

const put = (payload: object) => t.app.inject({ method: "PUT", url: "/api/admin/settings", headers: admin, payload });

describe("home and about page figures", () => {
  it("count products and teams from what is on sale, and show no customer or support figure nobody entered", async () => {
    const before = await t.app.services.settings.figures();
    await insertProduct(t.database.db, { team: "Nepal" });
    await insertProduct(t.database.db, { team: "nepal" });
    await insertProduct(t.database.db, { team: "Liverpool FC" });
    await insertProduct(t.database.db, { team: null });
    await insertProduct(t.database.db, { team: "Retired FC", status: "INACTIVE" });
    const after = await t.app.services.settings.figures();
    expect(after.products - before.products).toBe(4);
    expect(after.teams - before.teams).toBe(2);
    expect(after).toMatchObject({ customers: null, support: null });
  });

  it("never brings back the old invented defaults: a stored '500+ products' is not a figure any more", async () => {
    await t.database.db
      .insert(storeSettings)
      .values({ key: "store", value: { shopName: "Khelkud", stats: { products: "500+", customers: "", teams: "50+", support: "" } } })
      .onConflictDoUpdate({ target: storeSettings.key, set: { value: { shopName: "Khelkud", stats: { products: "500+", customers: "", teams: "50+", support: "" } } } });
    const f = await (await settingsReadAfterRestart()).figures();
    expect(JSON.stringify(f)).not.toContain("500+");
    expect(JSON.stringify(f)).not.toContain("50+");
  });

  it("shows the customer and support figures the admin enters, and hides them again when emptied", async () => {
    const saved = await put({ ...(await t.app.services.settings.get()), stats: { customers: "2,500+", support: "7 days a week" } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await t.app.services.settings.figures()).toMatchObject({ customers: "2,500+", support: "7 days a week" });
    await put({ ...(await t.app.services.settings.get()), stats: { customers: " ", support: "" } });
    expect(await t.app.services.settings.figures()).toMatchObject({ customers: null, support: null });
  });
});

describe("footer social links", () => {
  it("keep an https address on the network's own site, or nothing", async () => {
    const base = await t.app.services.settings.get();
    const ok = await put({ ...base, social: { facebook: "https://www.facebook.com/khelkud", instagram: "", tiktok: "https://www.tiktok.com/@khelkud", youtube: "https://youtu.be/x" } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.settings.social).toEqual({ facebook: "https://www.facebook.com/khelkud", instagram: "", tiktok: "https://www.tiktok.com/@khelkud", youtube: "https://youtu.be/x" });
    for (const facebook of ["javascript:alert(1)", "http://facebook.com/khelkud", "https://facebook.com.evil.example/x", "https://evilfacebook.com/", "//facebook.com/x", "facebook.com/khelkud"]) {
      const bad = await put({ ...base, social: { facebook, instagram: "", tiktok: "", youtube: "" } });
      expect(bad.statusCode, facebook).toBe(400);
      expect(bad.json().error).toBe("Must be an https address on facebook.com, or empty");
    }
    expect((await t.app.services.settings.get()).social.facebook).toBe("https://www.facebook.com/khelkud");
  });
});

describe("the store's address in Nepali (docs/decisions/126)", () => {
  it("is saved beside the English one, trimmed, and read back after a restart; empty by default, so a stored row without it shows the English address", async () => {
    const restarted = await settingsReadAfterRestart();
    const base = await t.app.services.settings.get();
    expect(base.addressNe).toBe("");
    const saved = await put({ ...base, address: "New Road, Kathmandu 44600, Nepal", addressNe: "  न्युरोड, काठमाडौं 44600, नेपाल " });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.settings).toMatchObject({ address: "New Road, Kathmandu 44600, Nepal", addressNe: "न्युरोड, काठमाडौं 44600, नेपाल" });
    expect((await restarted.get()).addressNe).toBe("न्युरोड, काठमाडौं 44600, नेपाल");
    const get = await t.app.inject({ method: "GET", url: "/api/admin/settings", headers: admin });
    expect(get.json().data.settings.addressNe).toBe("न्युरोड, काठमाडौं 44600, नेपाल");
  });

  it("refuses an address longer than the English one's limit, a NUL byte and a non-string with 400, keeping the saved one", async () => {
    const base = await t.app.services.settings.get();
    await put({ ...base, addressNe: "न्युरोड, काठमाडौं" });
    for (const [over, message] of [
      [{ addressNe: "क".repeat(MAX_SHOP_ADDRESS + 1) }, ADMIN_MSG.addressTooLong],
      [{ address: "x".repeat(MAX_SHOP_ADDRESS + 1) }, ADMIN_MSG.addressTooLong],
      [{ addressNe: 42 }, null],
      [{ addressNe: "न्युरोड\u0000" }, null],
    ] as const) {
      const bad = await put({ ...base, ...over });
      expect(bad.statusCode, JSON.stringify(over).slice(0, 40)).toBe(400);
      if (message) expect(bad.json().error).toBe(message);
    }
    expect((await t.app.services.settings.get()).addressNe).toBe("न्युरोड, काठमाडौं");
    const atLimit = await put({ ...base, addressNe: "क".repeat(MAX_SHOP_ADDRESS) });
    expect(atLimit.statusCode, atLimit.body).toBe(200);
  });
});

describe("a refused setting is named (docs/decisions/181)", () => {
  it("answers each wrong value with a message that names the field as the form does, in English and Nepali, and keeps the saved settings", async () => {
    const base = await t.app.services.settings.get();
    const shipping = (over: Record<string, unknown>) => ({ shipping: { ...base.shipping, ...over } });
    const cases: [Record<string, unknown>, string, string][] = [
      [shipping({ valleyFeePaisa: -100 }), "shipping.valleyFeePaisa", ADMIN_MSG.valleyFeeInvalid],
      [shipping({ valleyFeePaisa: 150.5 }), "shipping.valleyFeePaisa", ADMIN_MSG.valleyFeeInvalid],
      [shipping({ valleyFeePaisa: "15000" }), "shipping.valleyFeePaisa", ADMIN_MSG.valleyFeeInvalid],
      [shipping({ elsewhereFeePaisa: -1 }), "shipping.elsewhereFeePaisa", ADMIN_MSG.elsewhereFeeInvalid],
      [shipping({ freeAbovePaisa: -1 }), "shipping.freeAbovePaisa", ADMIN_MSG.freeShippingInvalid],
      [{ shopName: "" }, "shopName", ADMIN_MSG.shopNameRequired],
      [{ shopName: null }, "shopName", ADMIN_MSG.shopNameRequired],
      [{ shopName: "x".repeat(101) }, "shopName", ADMIN_MSG.shopNameTooLong],
      [{ phone: "9".repeat(41) }, "phone", ADMIN_MSG.shopPhoneTooLong],
      [{ legalName: "x".repeat(201) }, "legalName", ADMIN_MSG.legalNameTooLong],
      [{ legalAddress: "x".repeat(301) }, "legalAddress", ADMIN_MSG.legalAddressTooLong],
      [{ invoicePrefix: "KHELKUD-2083-" }, "invoicePrefix", ADMIN_MSG.invoicePrefixTooLong],
      [{ printFeePaisa: -1 }, "printFeePaisa", "Printing fee cannot be negative"],
      [{ printFeePaisa: 99.5 }, "printFeePaisa", "Printing fee must be a whole number of paisa"],
      [{ printFeePaisa: 10_000_001 }, "printFeePaisa", ADMIN_MSG.printFeeTooLarge],
      [{ stats: { customers: "x".repeat(21), support: "" } }, "stats.customers", ADMIN_MSG.figureTooLong],
    ];
    for (const [over, field, message] of cases) {
      const res = await put({ ...base, ...over });
      expect(res.statusCode, JSON.stringify(over).slice(0, 60)).toBe(400);
      expect(res.json(), JSON.stringify(over).slice(0, 60)).toEqual({ success: false, error: message, details: [{ field, message }] });
      const ne = await t.app.inject({ method: "PUT", url: "/api/admin/settings", headers: { ...admin, "accept-language": "ne" }, payload: { ...base, ...over } });
      expect(ne.json().error, message).toMatch(/[\u0900-\u097F]/);
    }
    expect(await t.app.services.settings.get()).toEqual(base);
  });
});

/** A second settings service on the same database: what a restarted server reads from the stored row. */
async function settingsReadAfterRestart() {
  const { createSettingsService } = await import("./settings.service.js");
  return createSettingsService(t.database.db);
}

describe("two administrators with the settings open (docs/decisions/191)", () => {
  it("refuses a save from a form opened before the other's save, instead of putting their PAN back; the version changes with each save", async () => {
    const opened = (await t.app.inject({ method: "GET", url: "/api/admin/settings", headers: admin })).json().data as { settings: Record<string, unknown>; version: string };
    // The other administrator saves a PAN and legal name.
    const theirs = await put({ ...opened.settings, pan: "601234568", legalName: "Khelkud Sports Pvt. Ltd.", version: opened.version });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const after = theirs.json().data as { version: string };
    expect(after.version).not.toBe(opened.version);
    // The first form, still on the old settings, changes the phone and saves.
    const stale = await put({ ...opened.settings, phone: "+977-1-4400000", version: opened.version });
    expect([stale.statusCode, stale.json().error]).toEqual([409, ADMIN_MSG.changedMeanwhile]);
    expect(await t.app.services.settings.get()).toMatchObject({ pan: "601234568", legalName: "Khelkud Sports Pvt. Ltd." });
    // Reopened, it saves.
    const fresh = (await t.app.inject({ method: "GET", url: "/api/admin/settings", headers: admin })).json().data as { settings: Record<string, unknown>; version: string };
    expect(fresh.version).toBe(after.version);
    expect((await put({ ...fresh.settings, phone: "+977-1-4400000", version: fresh.version })).statusCode).toBe(200);
    expect(await t.app.services.settings.get()).toMatchObject({ pan: "601234568", phone: "+977-1-4400000" });
  });
});
