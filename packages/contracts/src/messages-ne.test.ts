import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as contracts from "./index.js";
import { categoryInUse, transitionRefused } from "./admin.js";
import { fillMessage } from "./messages.js";
import { localizeMessage } from "./messages-ne.js";
import { ORDER_TEMPLATE } from "./order-rules.js";

/**
 * Every message a request can meet has a Nepali text (docs/decisions/127). The messages are read from where they are
 * written, not from a list: the exported Zod schemas' own messages, the exported message objects (`…_MSG`,
 * `…_TEMPLATE`) and the literals the server throws. A new message without Nepali fails here.
 */
const DEVANAGARI = /[\u0900-\u097F]/;

function expectNepali(message: string, where: string) {
  const nepali = localizeMessage(message, "ne");
  expect(nepali, `${where}: "${message}" has no Nepali text`).not.toBe(message);
  expect(nepali, `${where}: "${message}"`).toMatch(DEVANAGARI);
}

type ZodLike = { _zod: { def: Record<string, unknown> & { error?: unknown; checks?: ZodLike[]; getter?: () => unknown } } };
const isSchema = (v: unknown): v is ZodLike => typeof v === "object" && v !== null && "_zod" in v;

/** The text a schema's or check's own `error` gives (the message written in the schema), if it has one. */
function ownMessage(error: unknown): string | undefined {
  if (typeof error !== "function") return undefined;
  const out: unknown = error({ code: "custom", input: undefined, path: [] });
  return typeof out === "string" ? out : typeof out === "object" && out !== null && "message" in out ? String(out.message) : undefined;
}

/** Walks a Zod 4 schema (objects, arrays, unions, pipes, wrappers, lazies) and collects the messages written in it. */
function schemaMessages(schema: unknown, out: Map<string, string>, where: string, seen = new Set<unknown>()): void {
  if (!isSchema(schema) || seen.has(schema)) return;
  seen.add(schema);
  const def = schema._zod.def;
  const own = ownMessage(def.error);
  if (own) out.set(own, where);
  for (const check of def.checks ?? []) {
    const message = ownMessage(check._zod?.def?.error);
    if (message) out.set(message, where);
  }
  if (def.type === "lazy" && def.getter) schemaMessages(def.getter(), out, where, seen);
  for (const value of Object.values(def)) {
    const children = Array.isArray(value) ? value : isSchema(value) ? [value] : typeof value === "object" && value !== null ? Object.values(value) : [];
    for (const child of children) schemaMessages(child, out, where, seen);
  }
}

/** A refinement's message is only in its function: the inputs that reach the ones not written as `error`. */
const REFUSED: [string, { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, unknown][] = [
  ["district in another province (address book)", contracts.UpdateProfileInputSchema, { name: "Sita Sharma", email: "sita@example.com", address: { country: "Nepal", district: "Kaski", state: "Bagmati" } }],
  ["unknown district (address book)", contracts.UpdateProfileInputSchema, { name: "Sita Sharma", email: "sita@example.com", address: { country: "Nepal", district: "Gotham" } }],
  ["district in another province (checkout)", contracts.ShippingAddressSchema, { fullName: "Sita", email: "sita@example.com", phone: "9812345678", address: "Lakeside", province: "Bagmati", district: "Kaski", area: "Pokhara" }],
  ["a player name that cannot be printed", contracts.PrintingInputSchema, { players: [{ name: "X1", number: 7 }] }],
  ["no switch", contracts.NotificationPreferencesInputSchema, {}],
];

describe("every message has a Nepali text", () => {
  it("every message written in an exported schema (admin forms included)", () => {
    const found = new Map<string, string>();
    for (const [name, value] of Object.entries(contracts)) schemaMessages(value, found, name);
    // The walk reaches the admin, checkout, catalogue and payment schemas: a broken walk must not pass quietly.
    expect(found.size).toBeGreaterThan(120);
    for (const m of ["productId is required", "Product name is required", "Sale price must be lower than the price", "Your cart is empty"]) expect(found.has(m), m).toBe(true);
    for (const [message, where] of found) expectNepali(message, where);
  });

  it("the messages of refinements, read by parsing hostile input", () => {
    for (const [what, schema, input] of REFUSED) {
      const result = schema.safeParse(input);
      expect(result.success, what).toBe(false);
      for (const issue of result.error!.issues) expectNepali(issue.message, what);
    }
  });

  it("every text of the message objects (…_MSG), and the ones a function writes", () => {
    const objects = Object.entries(contracts).filter(([name]) => name === "MSG" || name.endsWith("_MSG"));
    expect(objects.map(([name]) => name)).toEqual(expect.arrayContaining(["MSG", "AUTH_MSG", "ADMIN_MSG", "ORDER_MSG", "PAYMENT_MSG", "PRINT_MSG", "CONTENT_MSG", "ADDRESS_MSG", "LIVE_MSG"]));
    for (const [name, object] of objects) {
      for (const [key, value] of Object.entries(object as Record<string, unknown>)) {
        if (typeof value === "string") expectNepali(value, `${name}.${key}`);
        else if (typeof value === "function") expectNepali((value as (...a: string[]) => string)("Nepal Home Jersey"), `${name}.${key}()`);
      }
    }
    for (const text of Object.values(contracts.PAYMENT_FAILURE_TEXT)) expectNepali(text, "PAYMENT_FAILURE_TEXT");
    for (const text of Object.values(contracts.WALLET_UNAVAILABLE)) expectNepali(text, "WALLET_UNAVAILABLE");
    expectNepali(contracts.SEARCH_TOO_LONG, "SEARCH_TOO_LONG");
    expectNepali(contracts.PAN_MESSAGE, "PAN_MESSAGE");
    expectNepali(contracts.VAT_NEEDS_PAN_MESSAGE, "VAT_NEEDS_PAN_MESSAGE");
  });

  it("every template (…_TEMPLATE), with its numbers in Devanagari digits and its names kept", () => {
    const templates = Object.entries(contracts).filter(([name]) => name.endsWith("_TEMPLATE"));
    expect(templates.map(([name]) => name)).toEqual(expect.arrayContaining(["ORDER_TEMPLATE", "ADMIN_TEMPLATE"]));
    const values = { n: 3, max: 17, was: "Rs. 1,24,999", now: "Rs. 999", product: "Nepal Home Jersey", size: "XL", colour: "Red", status: "processing", from: "paid", to: "pending", wallet: "Khalti", reason: "timeout", list: "PAUDEL 7", district: "Kaski", province: "Gandaki", given: "Bagmati", field: "productId" };
    for (const [name, object] of templates) {
      for (const [key, template] of Object.entries(object as Record<string, string>)) {
        const nepali = localizeMessage(fillMessage(template, values), "ne");
        expectNepali(fillMessage(template, values), `${name}.${key}`);
        if (template.includes("{max}")) expect(nepali, `${name}.${key}`).toContain("१७");
        if (template.includes("{n}")) expect(nepali, `${name}.${key}`).toContain("३");
        if (template.includes("{product}")) expect(nepali, `${name}.${key}`).toContain("Nepal Home Jersey");
        if (template.includes("{was}")) expect(nepali, `${name}.${key}`).toContain("रु. १,२४,९९९");
      }
    }
  });

  it("follows the limit and the words in a filled message", () => {
    expect(localizeMessage(fillMessage(ORDER_TEMPLATE.unitsMax, { max: 25 }), "ne")).toBe("एउटा अर्डरमा बढीमा २५ वटा सामान हुन सक्छन्");
    expect(localizeMessage(fillMessage(ORDER_TEMPLATE.notConfirmable, { status: "out for delivery" }), "ne")).toBe("“डेलिभरीका लागि निस्कियो” अवस्थाको अर्डर पक्का गर्न सकिँदैन");
    expect(localizeMessage(transitionRefused("DELIVERED", "CANCELLED"), "ne")).toBe("“डेलिभर भयो” अवस्थाको अर्डरलाई “रद्द भयो” मा बदल्न सकिँदैन");
    expect(localizeMessage(categoryInUse(12, "BLOG"), "ne")).toBe("यो वर्गमा अझै १२ वटा लेख छन्। वर्ग मेटाउनुअघि तिनलाई अर्को वर्गमा सार्नुहोस्।");
    // Changing the type and making it inactive are refused in words of their own (docs/decisions/181).
    expect(categoryInUse(3, "PRODUCT", "retype")).toBe("This category still has 3 products. Move them to another category before changing this category's type.");
    expect(localizeMessage(categoryInUse(1, "PRODUCT", "deactivate"), "ne")).toBe("यो वर्गमा अझै १ वटा सामान छ। वर्ग निष्क्रिय गर्नुअघि त्यसलाई अर्को वर्गमा सार्नुहोस्।");
    expect(localizeMessage("must be at most 300 characters", "ne")).toBe("बढीमा ३०० अक्षरको हुन सक्छ");
    // A field name is an API identifier; a capitalised sentence that merely looks like one is not translated by the pattern.
    expect(localizeMessage("transaction_uuid is too long", "ne")).toBe("transaction_uuid धेरै लामो भयो");
    expect(localizeMessage("Nickname is required", "ne")).toBe("Nickname is required");
    expect(localizeMessage(fillMessage(ORDER_TEMPLATE.unitsMax, { max: 25 }), "en")).toBe("At most 25 items per order");
  });

  it("reads the notes of an order's history in Nepali, old ones included, keeping what the staff or a wallet wrote", () => {
    // The postposition is written joined to the wallet's name: "खल्तीबाट", not "खल्ती बाट".
    expect(localizeMessage("Paid with Khalti (transaction xZCE7aBk2)", "ne")).toBe("खल्तीबाट भुक्तानी भयो (कारोबार नम्बर xZCE7aBk2)");
    expect(localizeMessage(fillMessage(ORDER_TEMPLATE.paidWith, { wallet: "eSewa" }), "ne")).toBe("इसेवाबाट भुक्तानी भयो");
    expect(localizeMessage("Cash on delivery was not confirmed within 30 minutes; order cancelled and stock released", "ne")).toBe(
      "३० मिनेटभित्र क्यास अन डेलिभरी पक्का भएन; अर्डर रद्द भयो र स्टक फिर्ता गरियो",
    );
    expect(localizeMessage("Cancellation approved; Rs. 5,150 refunded by Bank transfer (reference KH-RF-1001)", "ne")).toBe(
      "रद्द गर्ने अनुरोध स्वीकार भयो; रु. ५,१५० बैंक ट्रान्सफर मार्फत फिर्ता गरियो (सन्दर्भ KH-RF-1001)",
    );
    expect(localizeMessage("Cancelled by the shop; Rs. 999 refunded by Cash (reference counter)", "ne")).toBe("पसलबाट अर्डर रद्द भयो; रु. ९९९ नगद मार्फत फिर्ता गरियो (सन्दर्भ counter)");
    expect(localizeMessage("Cancellation request declined: Already packed", "ne")).toBe("रद्द गर्ने अनुरोध अस्वीकार भयो: Already packed");
    expect(localizeMessage("Cancellation request declined", "ne")).toBe("रद्द गर्ने अनुरोध अस्वीकार भयो");
    // A note that ends like another template is still the staff's words after the declined request's.
    expect(localizeMessage("Cancellation request declined: The Nepal jersey is no longer available", "ne")).toBe("रद्द गर्ने अनुरोध अस्वीकार भयो: The Nepal jersey is no longer available");
  });
});

describe("the server throws only catalogued messages", () => {
  // The server's own refusals (apps/server/src: services, routes, plugins). Read as text: the contracts package cannot
  // import the server, and a thrown literal is where a message without Nepali would come from.
  const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../apps/server/src");
  // Left out: the test harness, and the wallets' adapters and simulators (payments/): their texts describe a provider's
  // answer for the log and the developer, and reach a shopper only as the detail after a catalogued message.
  const skipped = (f: string) => f.endsWith(".test.ts") || f.startsWith(`test${path.sep}`) || f.startsWith(`payments${path.sep}`);
  const files = (fs.readdirSync(serverDir, { recursive: true }) as string[]).filter((f) => f.endsWith(".ts") && !skipped(f));
  const LITERAL = String.raw`("(?:[^"\\]|\\.)*"|\x60(?:[^\x60\\]|\\.)*\x60)`;
  const THROWN = [
    new RegExp(String.raw`\b(?:notFound|invalid|conflict|forbidden|unauthorized)\(\s*${LITERAL}`, "g"),
    new RegExp(String.raw`new AppError\(\s*"\w+",\s*${LITERAL}`, "g"),
    // a field's message, a cart notice, a payment outcome: any `message:` written in the server
    new RegExp(String.raw`\bmessage:\s*${LITERAL}`, "g"),
  ];

  /** The messages a server file throws as literals: plain strings as they are, template literals with their words. */
  function thrownLiterals(source: string): string[] {
    return THROWN.flatMap((re) => [...source.matchAll(re)].map((m) => m[1]!));
  }

  it("finds the server's files and the literals in them", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(thrownLiterals('throw conflict("This order is gone"); throw invalid(`At most ${n} things`, [{ field: "x", message: "is bad" }]);')).toEqual(['"This order is gone"', "`At most ${n} things`", '"is bad"']);
  });

  it("a literal thrown by the server has a Nepali text, and a message with values comes from a template", () => {
    const problems: string[] = [];
    for (const file of files) {
      for (const literal of thrownLiterals(fs.readFileSync(path.join(serverDir, file), "utf8"))) {
        const text = literal.slice(1, -1);
        if (literal.startsWith("`")) {
          // `${MSG.productNotFound}: ${id}` is a catalogued text and its detail; words of its own need a template.
          if (/[A-Za-z]{2,}/.test(text.replace(/\$\{[^}]*\}/g, ""))) problems.push(`${file}: ${literal} (use a …_TEMPLATE and fillMessage)`);
        } else if (localizeMessage(text, "ne") === text) problems.push(`${file}: ${literal} has no Nepali text`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("the browser's own form messages have a Nepali text", () => {
  // The storefront's and the admin panel's checks written in the page (a form's field error, an error toast, a route
  // action's form error); the schemas' messages are checked above.
  const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../apps/web/app");
  const files = (fs.readdirSync(webDir, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith(`locales${path.sep}`));
  const WRITTEN = /(?:\be\.\w+ = |toast\.error\(|formError: )"((?:[^"\\]|\\.)*)"/g;

  it("every literal form error and error toast", () => {
    const found = files.flatMap((file) => [...fs.readFileSync(path.join(webDir, file), "utf8").matchAll(WRITTEN)].map((m) => [file, m[1]!] as const));
    expect(found.map(([, m]) => m)).toEqual(expect.arrayContaining(["Price is required (rupees, greater than 0)", "The form is too long."]));
    for (const [file, message] of found) expectNepali(message, file);
  });
});

describe("messages a client can fill with its own text", () => {
  it("translates a template filled with the longest product name", () => {
    const name = "Jersey ".repeat(28).trim().slice(0, 200);
    const english = fillMessage(ORDER_TEMPLATE.soldOut, { product: name, size: "XL" });
    const nepali = localizeMessage(english, "ne");
    expect(nepali).not.toBe(english);
    expect(nepali).toContain(name);
  });

  it("leaves a long echoed text as it is instead of trying the templates on it (a 1 MB key once held the server for minutes)", () => {
    // Zod's own message for an unknown key repeats the key; this one nearly matches "{product} (size {size}) is sold out".
    const hostile = `Unrecognized key: "${"x (size ".repeat(120_000)}"`;
    expect(localizeMessage(hostile, "ne")).toBe(hostile);
    const justUnder = `${"x (size ".repeat(99)}x) is sold ou`;
    expect(localizeMessage(justUnder, "ne")).toBe(justUnder);
  });
});
