import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import fastifyMultipart from "@fastify/multipart";
import { z } from "zod";
import {
  ApiFailureSchema,
  AUTH_MSG,
  AuthResultSchema,
  AVATAR_MAX_BYTES,
  ChangePasswordInputSchema,
  envelope,
  ForgotPasswordInputSchema,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  LOCALES,
  LoginInputSchema,
  negotiateLocale,
  ProfileSchema,
  PublicUserSchema,
  REMEMBER_ME_DAYS,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  SESSION_COOKIE,
  UpdateProfileInputSchema,
} from "@khelkud/contracts";
import type { Config } from "../../env.js";
import { AppError, invalid } from "../../lib/errors.js";
import { byEmail, byIp, limit } from "../../plugins/rate-limit.js";
import { limitFailures } from "../../plugins/failure-limit.js";
import { readFileWithin, refuseDeclaredOver } from "../../lib/uploads.js";
import type { AccountsService, ClientMeta, SignedIn } from "./accounts.service.js";
import { toPublicUser } from "./sessions.service.js";

const errors = { 400: ApiFailureSchema, 401: ApiFailureSchema, 403: ApiFailureSchema, 409: ApiFailureSchema, 429: ApiFailureSchema };
const MessageSchema = envelope(z.object({ message: z.string() }));

const meta = (req: FastifyRequest): ClientMeta => ({ ip: req.ip, userAgent: req.headers["user-agent"], locale: negotiateLocale(req.headers["accept-language"]) });

/** Auth answers carry the user and the token (for Bearer clients) and set the httpOnly session cookie (browsers). */
function setSessionCookie(reply: FastifyReply, s: SignedIn, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, s.token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    // "Remember me" unticked: no Max-Age, so the browser drops the cookie when it closes (the server ends it after SESSION_HOURS).
    ...(s.persistent ? { maxAge: REMEMBER_ME_DAYS * 24 * 3600 } : {}),
  });
  // Signing in applies the account's language (docs/decisions/086): the language cookie, as the switch sets it.
  if (s.user.locale) reply.setCookie(LOCALE_COOKIE, s.user.locale, { path: "/", sameSite: "lax", secure, maxAge: LOCALE_COOKIE_MAX_AGE });
  return { success: true as const, data: { user: s.user, token: s.token } };
}

function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure });
}

/** /api/auth/*: register, login, logout, me, forgot and reset password (docs/product-rules.md §9). */
export function authRoutes(accounts: AccountsService, config: Config): FastifyPluginAsyncZod {
  return async (app) => {
    const { windowMs, perIp, perAccount, perAccountTotal } = config.authRateLimit;
    const secure = config.cookieSecure;
    // Sign-in is limited per account and IP pair (an attacker elsewhere cannot lock the owner out) under a higher
    // account-wide ceiling. Both count per password generation, so a reset (a new password) clears them.
    const generation = new WeakMap<FastifyRequest, string>();
    const loadGeneration = async (req: FastifyRequest) => {
      const email = byEmail(req);
      if (email) generation.set(req, await accounts.signInLimitGeneration(email));
    };
    const byAccount = (req: FastifyRequest) => {
      const email = byEmail(req);
      return email === undefined ? undefined : `${email}#${generation.get(req) ?? ""}`;
    };
    const byAccountAndIp = (req: FastifyRequest) => {
      const account = byAccount(req);
      return account === undefined ? undefined : `${account}@${req.ip}`;
    };
    // Per IP only refused and malformed sign-ins count: many shoppers on one mobile carrier share its address (CGNAT),
    // and their successful sign-ins must not use up that address's allowance (docs/decisions/186). Checked first, so
    // a refused address costs no database read.
    const loginFailuresByIp = limitFailures(app, { name: "login-ip", max: perIp, windowMs, key: byIp });

    app.post(
      "/auth/register",
      {
        schema: { tags: ["auth"], summary: "Create a customer account and sign in", body: RegisterInputSchema, response: { 201: envelope(AuthResultSchema), ...errors } },
        preValidation: limit(app, [
          { name: "register-ip", max: perIp, windowMs, key: byIp },
          { name: "register-account", max: perAccount, windowMs, key: byEmail },
        ]),
      },
      async (req, reply) => {
        const signed = await accounts.register(req.body, meta(req));
        return reply.status(201).send(setSessionCookie(reply, signed, secure));
      },
    );

    app.post(
      "/auth/login",
      {
        schema: { tags: ["auth"], summary: "Sign in; rememberMe keeps the session for 30 days", body: LoginInputSchema, response: { 200: envelope(AuthResultSchema), ...errors } },
        preValidation: [
          loginFailuresByIp.check,
          loadGeneration,
          limit(app, [
            { name: "login-account-ip", max: perAccount, windowMs, key: byAccountAndIp },
            { name: "login-account", max: perAccountTotal, windowMs, key: byAccount },
          ]),
        ],
        onSend: loginFailuresByIp.settle,
      },
      async (req, reply) => setSessionCookie(reply, await accounts.login(req.body, meta(req)), secure),
    );

    app.post("/auth/logout", { schema: { tags: ["auth"], summary: "End this session", response: { 200: MessageSchema } } }, async (req, reply) => {
      await accounts.logout(req.sessionToken);
      clearSessionCookie(reply, secure);
      return { success: true as const, data: { message: AUTH_MSG.loggedOut } };
    });

    app.get(
      "/auth/me",
      { schema: { tags: ["auth"], summary: "The signed-in user", response: { 200: envelope(z.object({ user: PublicUserSchema })), 401: ApiFailureSchema } }, onRequest: app.requireUser },
      async (req) => ({ success: true as const, data: { user: toPublicUser(req.user!) } }),
    );

    app.post(
      "/auth/forgot-password",
      {
        schema: { tags: ["auth"], summary: "E-mail a reset link (same answer whether or not the address exists)", body: ForgotPasswordInputSchema, response: { 200: MessageSchema, ...errors } },
        preValidation: limit(app, [
          { name: "forgot-ip", max: perIp, windowMs, key: byIp },
          { name: "forgot-account", max: Math.max(1, Math.ceil(perAccount / 2)), windowMs, key: byEmail },
        ]),
      },
      async (req) => {
        await accounts.requestPasswordReset(req.body.email, negotiateLocale(req.headers["accept-language"]));
        return { success: true as const, data: { message: AUTH_MSG.resetSent } };
      },
    );

    app.post(
      "/auth/reset-password",
      {
        schema: { tags: ["auth"], summary: "Set a new password with a reset token; ends other sessions and signs in", body: ResetPasswordInputSchema, response: { 200: envelope(AuthResultSchema), ...errors } },
        preValidation: limit(app, [{ name: "reset-ip", max: perIp, windowMs, key: byIp }]),
      },
      async (req, reply) => setSessionCookie(reply, await accounts.resetPassword(req.body, meta(req)), secure),
    );
  };
}

/** /api/users/profile, /api/users/change-password and /api/uploads/profile: the signed-in customer's own account. */
export function profileRoutes(accounts: AccountsService): FastifyPluginAsyncZod {
  return async (app) => {
    const ProfileEnvelope = envelope(z.object({ user: ProfileSchema }));

    app.get(
      "/users/profile",
      { schema: { tags: ["profile"], summary: "Own profile with counts of orders and reviews", response: { 200: ProfileEnvelope, 401: ApiFailureSchema } }, onRequest: app.requireUser },
      async (req) => ({ success: true as const, data: { user: await accounts.getProfile(req.user!.id) } }),
    );

    app.put(
      "/users/profile",
      {
        schema: { tags: ["profile"], summary: "Update name, e-mail, phone and address (never role or status); a new e-mail needs currentPassword and ends other sessions", body: UpdateProfileInputSchema, response: { 200: ProfileEnvelope, ...errors } },
        onRequest: app.requireUser,
      },
      async (req) => ({ success: true as const, data: { user: await accounts.updateProfile(req.user!.id, req.sessionId, req.body) } }),
    );

    // The account's language (docs/decisions/086), for clients that have no language switch of their own.
    const LocaleBody = z.strictObject({ locale: z.enum(LOCALES) });
    app.put(
      "/users/language",
      { schema: { tags: ["profile"], summary: "The account's language: e-mails, SMS and API answers without Accept-Language use it", body: LocaleBody, response: { 200: envelope(z.object({ locale: z.enum(LOCALES) })), ...errors } }, onRequest: app.requireUser },
      async (req) => {
        await accounts.setLocale(req.user!.id, req.body.locale);
        return { success: true as const, data: { locale: req.body.locale } };
      },
    );

    app.put(
      "/users/change-password",
      {
        schema: { tags: ["profile"], summary: "Change password; other sessions end", body: ChangePasswordInputSchema, response: { 200: MessageSchema, ...errors } },
        onRequest: app.requireUser,
      },
      async (req) => {
        await accounts.changePassword(req.user!.id, req.sessionId, req.body);
        return { success: true as const, data: { message: "Password updated successfully!" } };
      },
    );

    await app.register(async (uploads) => {
      await uploads.register(fastifyMultipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 2, parts: 3, headerPairs: 50 } });
      uploads.post(
        "/uploads/profile",
        {
          schema: { tags: ["profile"], summary: "Upload a profile photo (multipart field `profile`, image up to 5 MB)", response: { 200: ProfileEnvelope, 400: ApiFailureSchema, 401: ApiFailureSchema, 413: ApiFailureSchema, 415: ApiFailureSchema } },
          onRequest: [app.requireUser, refuseDeclaredOver(AVATAR_MAX_BYTES, 1, AUTH_MSG.imageTooLarge)],
        },
        async (req, reply) => {
          if (!req.isMultipart()) throw invalid(AUTH_MSG.imageRequired);
          let part: Awaited<ReturnType<typeof req.file>>;
          try {
            part = await req.file();
          } catch (err) {
            req.log.info({ err }, "unreadable multipart upload");
            throw invalid(AUTH_MSG.imageRequired);
          }
          if (!part || part.fieldname !== "profile") {
            part?.file.resume();
            throw invalid(AUTH_MSG.imageRequired);
          }
          let data: Buffer;
          try {
            data = await readFileWithin(part.file, () => part.toBuffer(), reply, AUTH_MSG.imageTooLarge);
          } catch (err) {
            if (err instanceof AppError) throw err;
            req.log.info({ err }, "upload stream failed");
            throw invalid(AUTH_MSG.imageInvalid);
          }
          return { success: true as const, data: { user: await accounts.setAvatar(req.user!.id, data) } };
        },
      );
    });
  };
}
