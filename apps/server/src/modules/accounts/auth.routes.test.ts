import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, REMEMBER_ME_DAYS, SESSION_COOKIE } from "@khelkud/contracts";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertUser } from "../../test/factories.js";
import { passwordResetTokens, sessions, users } from "../../db/schema/index.js";
import { hashPassword } from "../../lib/password.js";
import { hashToken } from "./sessions.service.js";

let t: TestContext;
let ipCounter = 0;
/** Each test call comes from its own address so the per-IP limits of one test do not leak into another. */
const fromNewIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const SAME_SITE = { origin: "http://localhost:3000" };

beforeAll(async () => {
  t = await createTestApp({ authRateLimit: { windowMs: 60_000, perIp: 5, perAccount: 3, perAccountTotal: 6 } });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress = fromNewIp()) =>
  t.app.inject({ method: "POST", url, payload: payload as object, headers: { ...SAME_SITE, ...headers }, remoteAddress });

const good = () => ({ name: "Sita Sharma", email: `sita-${Math.random().toString(36).slice(2)}@example.com`, phone: "98-1234-5678", password: "Secret123", confirmPassword: "Secret123" });

function sessionCookie(res: { cookies: { name: string; value: string; maxAge?: number; expires?: Date; httpOnly?: boolean; sameSite?: string; path?: string }[] }) {
  return res.cookies.find((c) => c.name === SESSION_COOKIE);
}

async function customerWithPassword(password = "Secret123", overrides: Parameters<typeof insertUser>[1] = {}) {
  return insertUser(t.database.db, { passwordHash: await hashPassword(password), ...overrides });
}

describe("registration", () => {
  it("creates the account, stores the phone as +977… and signs in with a browser-session cookie", async () => {
    const body = good();
    const res = await post("/api/auth/register", body);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data.user).toMatchObject({ name: "Sita Sharma", email: body.email, phone: "+9779812345678", role: "USER" });
    expect(data.user).not.toHaveProperty("passwordHash");
    expect(data.token).toEqual(expect.any(String));
    const cookie = sessionCookie(res)!;
    expect(cookie.value).toBe(data.token);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.maxAge).toBeUndefined();
    expect(cookie.expires).toBeUndefined();
    const me = await t.app.inject({ url: "/api/auth/me", headers: { cookie: `${SESSION_COOKIE}=${cookie.value}` } });
    expect(me.json().data.user.email).toBe(body.email);
  });

  it("refuses a duplicate e-mail whatever its case", async () => {
    const body = good();
    expect((await post("/api/auth/register", body)).statusCode).toBe(201);
    const again = await post("/api/auth/register", { ...body, email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("An account with this email already exists");
  });

  it.each([
    [{ name: "" }, "name", MSG.fullNameRequired],
    [{ name: "S" }, "name", MSG.nameMin],
    [{ name: "x".repeat(51) }, "name", MSG.nameMax],
    [{ email: "" }, "email", MSG.emailRequired],
    [{ email: "not-an-email" }, "email", MSG.emailInvalid],
    [{ phone: "" }, "phone", MSG.phoneRequired],
    [{ phone: "+1 415 555 0100" }, "phone", MSG.phoneInvalid],
    [{ password: "", confirmPassword: "" }, "password", MSG.passwordRequired],
    [{ password: "Ab1", confirmPassword: "Ab1" }, "password", MSG.passwordMin8],
    [{ password: "alllower123", confirmPassword: "alllower123" }, "password", MSG.passwordComplexity],
    [{ confirmPassword: "" }, "confirmPassword", MSG.confirmRequired],
    [{ confirmPassword: "Secret124" }, "confirmPassword", MSG.passwordsMismatch],
  ])("answers %j with the specification's message", async (change, field, message) => {
    const res = await post("/api/auth/register", { ...good(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field, message });
  });
});

describe("sign-in", () => {
  it("gives the same answer for an unknown e-mail and a wrong password", async () => {
    const user = await customerWithPassword();
    const unknown = await post("/api/auth/login", { email: "nobody-here@example.com", password: "Secret123" });
    const wrong = await post("/api/auth/login", { email: user.email, password: "Wrong1234" });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ success: false, error: MSG.invalidCredentials });
    expect(wrong.json()).toEqual(unknown.json());
    expect(sessionCookie(wrong)).toBeUndefined();
  });

  it("unticked remember-me sets a browser-session cookie; ticked lasts 30 days", async () => {
    const user = await customerWithPassword();
    const short = await post("/api/auth/login", { email: user.email.toUpperCase(), password: "Secret123" });
    expect(short.statusCode).toBe(200);
    expect(sessionCookie(short)!.maxAge).toBeUndefined();
    const long = await post("/api/auth/login", { email: user.email, password: "Secret123", rememberMe: true });
    expect(sessionCookie(long)!.maxAge).toBe(REMEMBER_ME_DAYS * 24 * 3600);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, hashToken(long.json().data.token)));
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(row!.persistent).toBe(true);
  });

  it("the returned token works as a Bearer token too", async () => {
    const user = await customerWithPassword();
    const { data } = (await post("/api/auth/login", { email: user.email, password: "Secret123" })).json();
    const me = await t.app.inject({ url: "/api/auth/me", headers: { authorization: `Bearer ${data.token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.id).toBe(user.id);
  });

  it("an inactive account cannot sign in", async () => {
    const user = await customerWithPassword("Secret123", { status: "INACTIVE" });
    const res = await post("/api/auth/login", { email: user.email, password: "Secret123" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("Account is disabled. Please contact support.");
    expect(sessionCookie(res)).toBeUndefined();
  });

  it("asks for e-mail and password", async () => {
    const res = await post("/api/auth/login", { email: "", password: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(expect.arrayContaining([{ field: "email", message: MSG.emailRequired }, { field: "password", message: MSG.passwordRequired }]));
  });

  it("answers a JSON body sent as text/plain with 415, as it answers any other content type it does not read (docs/decisions/181)", async () => {
    const user = await customerWithPassword();
    const send = (contentType: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: "POST", url: "/api/auth/login", payload: JSON.stringify({ email: user.email, password: "Secret123" }), headers: { ...SAME_SITE, "content-type": contentType, ...headers }, remoteAddress: fromNewIp() });
    for (const contentType of ["text/plain", "text/plain;charset=UTF-8", "application/xml"]) {
      const res = await send(contentType);
      expect(res.statusCode, contentType).toBe(415);
      expect(res.json(), contentType).toEqual({ success: false, error: "Unsupported content type" });
      expect(sessionCookie(res), contentType).toBeUndefined();
    }
    expect((await send("text/plain", { "accept-language": "ne" })).json().error).toBe("यो सामग्रीको प्रकार स्वीकार हुँदैन");
    // Every API route alike, not only the sign-in.
    const cart = await t.app.inject({ method: "POST", url: "/api/cart/validate", payload: JSON.stringify({ items: [] }), headers: { ...SAME_SITE, "content-type": "text/plain" }, remoteAddress: fromNewIp() });
    expect(cart.statusCode).toBe(415);
    expect((await send("application/json")).statusCode).toBe(200);
  });

  it("logout ends the session on the server and clears the cookie", async () => {
    const user = await customerWithPassword();
    const { data } = (await post("/api/auth/login", { email: user.email, password: "Secret123" })).json();
    const cookie = { cookie: `${SESSION_COOKIE}=${data.token}` };
    const out = await post("/api/auth/logout", {}, cookie);
    expect(out.statusCode).toBe(200);
    expect(sessionCookie(out)!.value).toBe("");
    const me = await t.app.inject({ url: "/api/auth/me", headers: cookie });
    expect(me.statusCode).toBe(401);
    expect(me.json().error).toBe("Invalid token");
  });
});

describe("rate limits", () => {
  it("answers 429 with a clear message after too many sign-ins from one address", async () => {
    const ip = fromNewIp();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await post("/api/auth/login", { email: `guess${i}@example.com`, password: "Nope12345" }, {}, ip)).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const blocked = await post("/api/auth/login", { email: "guess@example.com", password: "Nope12345" }, {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe(MSG.tooManyRequests);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("limits guesses against one account from one address without locking the owner out elsewhere", async () => {
    const user = await customerWithPassword();
    const attacker = fromNewIp();
    for (let i = 0; i < 3; i++) expect((await post("/api/auth/login", { email: user.email, password: "Wrong1234" }, {}, attacker)).statusCode).toBe(401);
    const blocked = await post("/api/auth/login", { email: user.email.toUpperCase(), password: "Secret123" }, {}, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe(MSG.tooManyRequests);
    // The owner, from their own address, still signs in.
    expect((await post("/api/auth/login", { email: user.email, password: "Secret123" })).statusCode).toBe(200);
  });

  it("stops guesses from many addresses at the account-wide ceiling; a password reset clears it", async () => {
    const user = await customerWithPassword();
    for (let i = 0; i < 6; i++) expect((await post("/api/auth/login", { email: user.email, password: `Wrong${i}234` })).statusCode).toBe(401);
    expect((await post("/api/auth/login", { email: user.email, password: "Secret123" })).statusCode).toBe(429);
    expect((await post("/api/auth/forgot-password", { email: user.email })).statusCode).toBe(200);
    await t.app.services.background.idle();
    const mail = (await t.app.services.mail.outbox.list()).find((m) => m.to === user.email)!;
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text)![1]!;
    expect((await post("/api/auth/reset-password", { token, password: "Fresh1234", confirmPassword: "Fresh1234" })).statusCode).toBe(200);
    expect((await post("/api/auth/login", { email: user.email, password: "Fresh1234" })).statusCode).toBe(200);
  });

  it("limits registration and forgot-password too", async () => {
    const ip = fromNewIp();
    let last = 0;
    for (let i = 0; i < 6; i++) last = (await post("/api/auth/register", { ...good(), phone: "bad" }, {}, ip)).statusCode;
    expect(last).toBe(429);
    const email = "limit-forgot@example.com";
    for (let i = 0; i < 2; i++) expect((await post("/api/auth/forgot-password", { email })).statusCode).toBe(200);
    expect((await post("/api/auth/forgot-password", { email })).statusCode).toBe(429);
  });
});

describe("cross-site protection", () => {
  it("refuses a cookie-authenticated write from another site and accepts it from this one", async () => {
    const user = await customerWithPassword();
    const { data } = (await post("/api/auth/login", { email: user.email, password: "Secret123" })).json();
    const cookie = `${SESSION_COOKIE}=${data.token}`;
    const evil = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie, origin: "https://evil.example" } });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().error).toBe("Cross-site request refused");
    const viaReferer = await t.app.inject({ method: "PUT", url: "/api/users/profile", payload: { name: "Hacked", email: user.email }, headers: { cookie, referer: "https://evil.example/page" } });
    expect(viaReferer.statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/auth/me", headers: { cookie } })).statusCode).toBe(200);
    const own = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie, origin: "http://localhost:3000" } });
    expect(own.statusCode).toBe(200);
  });

  it("refuses a cross-site sign-in (login CSRF) but lets Bearer API clients through", async () => {
    const user = await customerWithPassword();
    const res = await post("/api/auth/login", { email: user.email, password: "Secret123" }, { origin: "https://evil.example" });
    expect(res.statusCode).toBe(403);
    const { data } = (await post("/api/auth/login", { email: user.email, password: "Secret123" })).json();
    const api = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { authorization: `Bearer ${data.token}`, origin: "https://other.example" } });
    expect(api.statusCode).toBe(200);
  });
});

describe("forgot and reset password", () => {
  // The e-mail is sent after the answer: wait for that work before reading the outbox.
  const latestMailTo = async (email: string) => {
    await t.app.services.background.idle();
    return (await t.app.services.mail.outbox.list()).find((m) => m.to === email);
  };
  const tokenFrom = (text: string) => /reset-password\?token=([\w-]+)/.exec(text)![1]!;

  it("answers the same for an unknown address and sends nothing", async () => {
    const user = await customerWithPassword();
    const known = await post("/api/auth/forgot-password", { email: user.email });
    const unknown = await post("/api/auth/forgot-password", { email: "nobody-at-all@example.com" });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await latestMailTo("nobody-at-all@example.com")).toBeUndefined();
    const mail = await latestMailTo(user.email);
    expect(mail!.subject).toBe("Reset your Khelkud password");
    expect(mail!.text).toContain("http://localhost:3000/reset-password?token=");
  });

  it("resets once, ends every other session and signs in; the link cannot be used twice", async () => {
    const user = await customerWithPassword("Secret123");
    const old = (await post("/api/auth/login", { email: user.email, password: "Secret123", rememberMe: true })).json().data.token;
    await post("/api/auth/forgot-password", { email: user.email });
    const token = tokenFrom((await latestMailTo(user.email))!.text);
    // The reset page asks first whether its link can be used; asking uses nothing up.
    const usable = t.app.services.accounts.resetLinkUsable;
    expect(await usable(token)).toBe(true);
    expect(await usable(token)).toBe(true);
    expect(await usable(`${token}x`)).toBe(false);
    expect(await usable("x".repeat(5_000))).toBe(false);

    const reset = await post("/api/auth/reset-password", { token, password: "Newpass123", confirmPassword: "Newpass123" });
    expect(reset.statusCode).toBe(200);
    expect(await usable(token)).toBe(false);
    expect(sessionCookie(reset)!.value).toBe(reset.json().data.token);
    expect((await t.app.inject({ url: "/api/auth/me", headers: { authorization: `Bearer ${old}` } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/auth/me", headers: { authorization: `Bearer ${reset.json().data.token}` } })).statusCode).toBe(200);

    const again = await post("/api/auth/reset-password", { token, password: "Another123", confirmPassword: "Another123" });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe("This reset link is invalid or has expired. Please request a new one.");
    expect((await post("/api/auth/login", { email: user.email, password: "Secret123" })).statusCode).toBe(401);
    expect((await post("/api/auth/login", { email: user.email, password: "Newpass123" })).statusCode).toBe(200);
  });

  it("refuses an expired link and a new password that breaks the rule", async () => {
    const user = await customerWithPassword();
    await post("/api/auth/forgot-password", { email: user.email });
    const token = tokenFrom((await latestMailTo(user.email))!.text);
    const weak = await post("/api/auth/reset-password", { token, password: "weakpass", confirmPassword: "weakpass" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details).toContainEqual({ field: "password", message: MSG.passwordComplexity });
    await t.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    expect(await t.app.services.accounts.resetLinkUsable(token)).toBe(false);
    const expired = await post("/api/auth/reset-password", { token, password: "Newpass123", confirmPassword: "Newpass123" });
    expect(expired.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBe(user.passwordHash);
  });

  it("a newer link replaces an older one", async () => {
    const user = await customerWithPassword();
    await post("/api/auth/forgot-password", { email: user.email });
    const first = tokenFrom((await latestMailTo(user.email))!.text);
    await new Promise((r) => setTimeout(r, 5));
    await post("/api/auth/forgot-password", { email: user.email });
    expect(await t.app.services.accounts.resetLinkUsable(first)).toBe(false);
    expect((await post("/api/auth/reset-password", { token: first, password: "Newpass123", confirmPassword: "Newpass123" })).statusCode).toBe(400);
  });
});
