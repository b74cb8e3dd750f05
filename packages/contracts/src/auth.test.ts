import { describe, expect, it } from "vitest";
import { ChangePasswordInputSchema, LoginInputSchema, MSG, normalizeNepaliPhone, RegisterFormSchema, safeRedirect, UpdateProfileInputSchema, UserInputSchema } from "./index.js";

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("Nepali phone numbers", () => {
  it("stores mobiles and landlines as +977 and the national number", () => {
    expect(normalizeNepaliPhone("9812345678")).toBe("+9779812345678");
    expect(normalizeNepaliPhone("+977 981-234-5678")).toBe("+9779812345678");
    expect(normalizeNepaliPhone("00977 9712345678")).toBe("+9779712345678");
    expect(normalizeNepaliPhone("01-4123456")).toBe("+97714123456");
    expect(normalizeNepaliPhone("(061) 523456")).toBe("+97761523456");
    expect(normalizeNepaliPhone("+977 1 4123456")).toBe("+97714123456");
  });
  it("refuses numbers that are not Nepali", () => {
    for (const bad of ["12345", "9123456789", "+1 415 555 0100", "98123456789", "abc9812345678", "4123456"]) expect(normalizeNepaliPhone(bad)).toBeNull();
  });
});

describe("registration form", () => {
  const good = { name: "Sita Sharma", email: "Sita@Example.com", phone: "9812345678", password: "Secret123", confirmPassword: "Secret123", acceptTerms: true };
  it("accepts a good form and normalises e-mail and phone", () => {
    const r = RegisterFormSchema.parse(good);
    expect(r.email).toBe("sita@example.com");
    expect(r.phone).toBe("+9779812345678");
  });
  it("gives the specification's message for each field", () => {
    expect(messages(RegisterFormSchema.safeParse({ ...good, name: "", email: "", phone: "", password: "", confirmPassword: "", acceptTerms: false }))).toEqual({
      name: MSG.fullNameRequired,
      email: MSG.emailRequired,
      phone: MSG.phoneRequired,
      password: MSG.passwordRequired,
      confirmPassword: MSG.confirmRequired,
      acceptTerms: MSG.termsRequired,
    });
    expect(messages(RegisterFormSchema.safeParse({ ...good, name: "S", email: "nope", phone: "123", password: "short" }))).toMatchObject({
      name: MSG.nameMin,
      email: MSG.emailInvalid,
      phone: MSG.phoneInvalid,
      password: MSG.passwordMin8,
    });
    expect(messages(RegisterFormSchema.safeParse({ ...good, name: "x".repeat(51), password: "alllowercase1", confirmPassword: "alllowercase1" }))).toEqual({
      name: MSG.nameMax,
      password: MSG.passwordComplexity,
    });
    expect(messages(RegisterFormSchema.safeParse({ ...good, confirmPassword: "Secret124" }))).toEqual({ confirmPassword: MSG.passwordsMismatch });
  });
});

describe("other account forms", () => {
  it("login asks only that a password is given", () => {
    expect(LoginInputSchema.safeParse({ email: "a@b.co", password: "x" }).success).toBe(true);
    expect(messages(LoginInputSchema.safeParse({ email: "a@b.co", password: "" }))).toEqual({ password: MSG.passwordRequired });
  });
  it("change password uses the one password rule and its own mismatch message", () => {
    expect(messages(ChangePasswordInputSchema.safeParse({ currentPassword: "x", newPassword: "abc", confirmPassword: "abc" }))).toEqual({ newPassword: MSG.passwordMin8 });
    expect(messages(ChangePasswordInputSchema.safeParse({ currentPassword: "x", newPassword: "Secret123", confirmPassword: "Secret12" }))).toEqual({ confirmPassword: "New passwords do not match" });
  });
  it("profile edit drops role and status", () => {
    const r = UpdateProfileInputSchema.parse({ name: "Sita", email: "s@e.com", phone: "", role: "ADMIN", status: "ACTIVE" });
    expect(r).not.toHaveProperty("role");
    expect(r.phone).toBeNull();
    expect(r.address.country).toBe("Nepal");
  });
});

describe("safeRedirect", () => {
  it("follows only same-site relative paths", () => {
    expect(safeRedirect("/checkout?buyNow=1")).toBe("/checkout?buyNow=1");
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null]) expect(safeRedirect(bad)).toBe("/");
  });

  it("percent-encodes text a Location header cannot carry, and keeps escapes that are already there", () => {
    expect(safeRedirect("/products/नेपाल")).toBe("/products/%E0%A4%A8%E0%A5%87%E0%A4%AA%E0%A4%BE%E0%A4%B2");
    expect(safeRedirect("/。evil.example")).toBe("/%E3%80%82evil.example");
    expect(safeRedirect("/products?q=red shirt&brand=Nike%20SB")).toBe("/products?q=red%20shirt&brand=Nike%20SB");
    expect(safeRedirect("/x\ud800")).toBe("/");
    expect(safeRedirect("/x\u007f")).toBe("/");
    // Every answer fits in a header (no character above 255), and stays on this site.
    for (const to of ["/नेपाल", "/😀?a=ß", "/%E0%A4", "/\u00ff"]) {
      const out = safeRedirect(to);
      expect([...out].every((c) => c.charCodeAt(0) > 32 && c.charCodeAt(0) < 127)).toBe(true);
      expect(out.startsWith("/") && !out.startsWith("//")).toBe(true);
    }
  });
});

describe("the administrator's user form (docs/decisions/183)", () => {
  const base = { name: "New Staff", email: "staff@example.com" };
  it("stores a phone as registration does, and an empty one as none", () => {
    expect(UserInputSchema.parse({ ...base, phone: "9812345678" }).phone).toBe("+9779812345678");
    expect(UserInputSchema.parse({ ...base, phone: " 01-4123456 " }).phone).toBe("+97714123456");
    for (const none of ["", "   ", null, undefined]) expect(UserInputSchema.parse({ ...base, phone: none }).phone).toBeNull();
  });
  it("refuses what is not a Nepali phone number with registration's message", () => {
    for (const bad of ["call me maybe", "12345", "+1 415 555 0100", 9812345678, true]) {
      expect(messages(UserInputSchema.safeParse({ ...base, phone: bad })), String(bad)).toEqual({ phone: MSG.phoneInvalid });
    }
  });
});
