import { z } from "zod";
import { ActiveStatusSchema, RoleSchema } from "./enums.js";
import { fillMessage, MSG } from "./messages.js";
import { ADDRESS_MSG, ORDER_TEMPLATE } from "./order-rules.js";
import { findDistrict, provinceOfDistrict } from "./nepal-districts.js";
import { LOCALES } from "./locale.js";
import { AUTH_MSG, COUNTRIES } from "./auth-rules.js";

/** A saved address: street/tole, landmark, municipality/area (`city`), district and province (`state`). */
export const AddressSchema = z.object({
  street: z.string().nullable(),
  landmark: z.string().nullable(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string(),
});

/** The user as the API shows it to that user (never a password hash). */
export const PublicUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: RoleSchema,
  status: ActiveStatusSchema,
  avatar: z.string().nullable(),
  address: AddressSchema,
  /** The language chosen on the account (docs/decisions/086); null until the shopper picks one. */
  locale: z.enum(LOCALES).nullable(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

const requiredString = (message: string) => z.string({ error: message }).trim().min(1, { error: message, abort: true });

export const EmailSchema = requiredString(MSG.emailRequired)
  .max(254, { error: MSG.emailInvalid, abort: true })
  .pipe(z.email({ error: MSG.emailInvalid }))
  .transform((e) => e.toLowerCase())
  // The OpenAPI document shows the input side of a pipe only: say what the validator checks.
  .meta({ format: "email", maxLength: 254, description: "An e-mail address (at most 254 characters, compared in lower case)." });

export const NameSchema = requiredString(MSG.fullNameRequired).min(2, { error: MSG.nameMin, abort: true }).max(50, MSG.nameMax);

/**
 * Nepali phone numbers, stored as +977 followed by the national number:
 * mobiles 9[678]xxxxxxxx (with or without +977/00977), landlines with the trunk 0 (01-4xxxxxx, 061-5xxxxx)
 * or with +977 and no 0 (+977 1 4xxxxxx).
 */
export function normalizeNepaliPhone(input: string): string | null {
  if (!/^\+?[\d\s\-().]{7,24}$/.test(input.trim())) return null;
  const digits = input.replace(/[\s\-().]/g, "");
  const mobile = /^(?:(?:\+|00)?977)?(9[678]\d{8})$/.exec(digits);
  if (mobile) return `+977${mobile[1]}`;
  const landline = /^(?:(?:\+|00)?9770?|0)([1-8]\d{7}|9[1-9]\d{6})$/.exec(digits);
  if (landline) return `+977${landline[1]}`;
  return null;
}

const phoneSchema = (invalid: string) =>
  z.string({ error: MSG.phoneRequired }).transform((v, ctx) => {
    const n = normalizeNepaliPhone(v);
    if (!n) {
      ctx.addIssue({ code: "custom", message: invalid });
      return z.NEVER;
    }
    return n;
  });

export const PhoneSchema = requiredString(MSG.phoneRequired)
  .pipe(phoneSchema(MSG.phoneInvalid))
  .meta({
    pattern: "^\\+?[\\d\\s\\-().]{7,24}$",
    description: "A Nepali phone number: a mobile 96x/97x/98x with 10 digits, or a landline with its area code (0 or +977 first); spaces, dashes and brackets allowed. Stored as +977….",
  });

/**
 * A phone that may be left out (the administrator's user form): empty, blank or missing is null; anything else follows
 * registration's rule and message and is stored as +977… (docs/decisions/183).
 */
export const OptionalPhoneSchema = z
  .string({ error: MSG.phoneInvalid })
  .nullish()
  .transform((v) => v?.trim() || null)
  .pipe(phoneSchema(MSG.phoneInvalid).nullable())
  .meta({
    pattern: "^$|^\\+?[\\d\\s\\-().]{7,24}$",
    description: "Optional (empty or null: none). A Nepali phone number as at registration: a mobile 96x/97x/98x with 10 digits, or a landline with its area code. Stored as +977….",
  });

/** docs/product-rules.md §9: the one rule for every new password (registration, change, reset), with the registration messages. */
export const NewPasswordSchema = z
  .string({ error: MSG.passwordRequired })
  .min(1, { error: MSG.passwordRequired, abort: true })
  .min(8, { error: MSG.passwordMin8, abort: true })
  .max(128, "Password must be at most 128 characters")
  .regex(/(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, MSG.passwordComplexity);

const confirmSchema = z.string({ error: MSG.confirmRequired }).min(1, MSG.confirmRequired);

const RegisterFields = z.object({
  name: NameSchema,
  email: EmailSchema,
  phone: PhoneSchema,
  password: NewPasswordSchema,
  confirmPassword: confirmSchema,
});
const passwordsMatch = (d: { password: string; confirmPassword: string }) => d.confirmPassword === "" || d.password === d.confirmPassword;

export const RegisterInputSchema = RegisterFields.refine(passwordsMatch, { message: MSG.passwordsMismatch, path: ["confirmPassword"] });
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

/** The registration form: the API body plus the terms checkbox (checked in the browser only). */
export const RegisterFormSchema = RegisterFields.extend({
  acceptTerms: z.literal(true, { error: MSG.termsRequired }),
}).refine(passwordsMatch, { message: MSG.passwordsMismatch, path: ["confirmPassword"] });

/** Login asks only that a password is given (docs/product-rules.md §9). */
export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(1024, MSG.invalidCredentials),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginInput = z.input<typeof LoginInputSchema>;

export const ForgotPasswordInputSchema = z.object({ email: EmailSchema });

export const ResetPasswordInputSchema = z
  .object({
    token: z.string({ error: AUTH_MSG.resetTokenRequired }).min(1, AUTH_MSG.resetTokenRequired).max(200, AUTH_MSG.resetLinkInvalid),
    password: NewPasswordSchema,
    confirmPassword: confirmSchema,
  })
  .refine(passwordsMatch, { message: MSG.passwordsMismatch, path: ["confirmPassword"] });

export const ChangePasswordInputSchema = z
  .object({
    currentPassword: z.string({ error: AUTH_MSG.currentPasswordRequired }).min(1, AUTH_MSG.currentPasswordRequired).max(1024),
    newPassword: NewPasswordSchema,
    confirmPassword: confirmSchema,
  })
  .refine((d) => d.confirmPassword === "" || d.newPassword === d.confirmPassword, { message: AUTH_MSG.newPasswordsMismatch, path: ["confirmPassword"] })
  // The same password again would change nothing while it seemed to (and still end the other sessions).
  .refine((d) => d.newPassword !== d.currentPassword, { message: AUTH_MSG.newPasswordSame, path: ["newPassword"] });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Profile edit: role and status are not fields here, so a client can never change them (unknown keys are dropped). */
export const UpdateProfileInputSchema = z.object({
  name: requiredString(AUTH_MSG.nameRequired).min(2, { error: MSG.nameMin, abort: true }).max(50, MSG.nameMax),
  email: EmailSchema,
  phone: z
    .string()
    .nullish()
    .transform((v, ctx) => {
      if (!v || !v.trim()) return null;
      const n = normalizeNepaliPhone(v);
      if (!n) {
        ctx.addIssue({ code: "custom", message: AUTH_MSG.profilePhoneInvalid });
        return z.NEVER;
      }
      return n;
    }),
  address: z
    .object({
      street: optionalText(200),
      landmark: optionalText(200),
      city: optionalText(100),
      district: optionalText(40),
      state: optionalText(100),
      postalCode: optionalText(20),
      country: z.enum(COUNTRIES, { error: "Country must be Nepal, India or Other" }).default("Nepal"),
    })
    .superRefine((a, ctx) => {
      // In Nepal the district decides the shipping fee at checkout, so only a real one is saved (in any letter case).
      if (a.country !== "Nepal" || !a.district) return;
      const d = findDistrict(a.district);
      if (!d) return void ctx.addIssue({ code: "custom", path: ["district"], message: ADDRESS_MSG.districtUnknown });
      const p = provinceOfDistrict(d);
      if (a.state && a.state.toLowerCase() !== p?.toLowerCase()) ctx.addIssue({ code: "custom", path: ["district"], message: fillMessage(ORDER_TEMPLATE.districtProvince, { district: d, province: p ?? "", given: a.state }) });
    })
    .transform((a) => {
      const d = a.country === "Nepal" ? findDistrict(a.district) : null;
      return d ? { ...a, district: d, state: provinceOfDistrict(d) } : a;
    })
    .default({ street: null, landmark: null, city: null, district: null, state: null, postalCode: null, country: "Nepal" }),
  /** Needed only when the e-mail changes (the server checks it; docs/decisions/079). */
  currentPassword: z.string().max(200, "must be at most 200 characters").optional(),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInputSchema>;

export const AuthResultSchema = z.object({ user: PublicUserSchema, token: z.string() });
export type AuthResult = z.infer<typeof AuthResultSchema>;

export const ProfileSchema = PublicUserSchema.extend({
  counts: z.object({ orders: z.number().int(), reviews: z.number().int() }),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** Only same-site relative paths are followed after sign-in (no open redirect). */
export function safeRedirect(to: string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string") return fallback;
  const t = to.trim();
  if (!t.startsWith("/") || t.startsWith("//") || t.includes("\\") || [...t].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) return fallback;
  // A Location header carries bytes, not text: anything outside printable ASCII (a Devanagari path, a space) is
  // percent-encoded as UTF-8, escapes already there are kept. A lone surrogate cannot be encoded: fall back.
  try {
    return t.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
  } catch {
    return fallback;
  }
}
