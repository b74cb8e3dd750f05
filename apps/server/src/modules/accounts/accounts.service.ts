import { createHash, randomBytes } from "node:crypto";
import type { Metadata } from "sharp";
import { loadSharp } from "../../lib/sharp.js";
import {
  AUTH_MSG,
  AVATAR_MIN_PX,
  MSG,
  RESET_TOKEN_MINUTES,
  type ChangePasswordInput,
  type Profile,
  type PublicUser,
  localDigits,
  NEPALI_PREFIX,
  type Locale,
  type RegisterInput,
  type UpdateProfileInput,
} from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import type { UserRow } from "../../db/schema/index.js";
import { conflictOnUnique } from "../../lib/db-errors.js";
import { AppError, conflict, forbidden, invalid, unauthorized } from "../../lib/errors.js";
import type { Events } from "../events/events.js";
import { hashPassword, verifyPassword } from "../../lib/password.js";
import type { Storage } from "../../plugins/storage.js";
import type { MailService } from "../mail/mail.service.js";
import type { BackgroundTasks } from "../../lib/background.js";
import * as repo from "./accounts.repository.js";
import { mailTexts } from "../mail/texts.js";
import { hashToken, toPublicUser, type SessionsService } from "./sessions.service.js";

export interface ClientMeta {
  ip?: string;
  userAgent?: string;
  /** The language the request asked for explicitly (`Accept-Language`; the storefront sends its page's), if any. */
  locale?: Locale | null;
}

export interface SignedIn {
  user: PublicUser;
  token: string;
  expiresAt: Date;
  persistent: boolean;
}

interface Deps {
  db: Db;
  sessions: SessionsService;
  mail: MailService;
  storage: Storage;
  events: Events;
  background: BackgroundTasks;
  publicUrl: string;
}

const AVATAR_SIZE = 512;
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** Registration, sign-in, password reset and the customer's own profile (docs/product-rules.md §9, §10). */
export function createAccountsService({ db, sessions, mail, storage, events, background, publicUrl }: Deps) {
  // Compared against when the e-mail is unknown, so both failures take the same time.
  let dummyHash: Promise<string> | null = null;
  const timingHash = () => (dummyHash ??= hashPassword("timing-equaliser-Passw0rd"));

  async function signIn(user: UserRow, persistent: boolean, meta: ClientMeta): Promise<SignedIn> {
    const s = await sessions.create(user.id, { persistent, ip: meta.ip, userAgent: meta.userAgent });
    return { user: toPublicUser(user), token: s.token, expiresAt: s.expiresAt, persistent };
  }

  async function profileOf(user: UserRow): Promise<Profile> {
    return { ...toPublicUser(user), counts: await repo.countsForUser(db, user.id) };
  }

  async function requireUserRow(userId: string): Promise<UserRow> {
    const user = await repo.findUserById(db, userId);
    if (!user) throw unauthorized(MSG.invalidToken);
    return user;
  }

  return {
    async register(input: RegisterInput, meta: ClientMeta): Promise<SignedIn> {
      if (await repo.findUserByEmail(db, input.email)) throw conflict(AUTH_MSG.emailTaken);
      const passwordHash = await hashPassword(input.password);
      const user = await conflictOnUnique(AUTH_MSG.emailTaken, () => repo.insertUser(db, { name: input.name, email: input.email, phone: input.phone, passwordHash, locale: meta.locale ?? null }));
      return signIn(user, false, meta);
    },

    /** Unknown e-mail and wrong password give the same answer; a disabled account is told so only with the right password. */
    async login(input: { email: string; password: string; rememberMe: boolean }, meta: ClientMeta): Promise<SignedIn> {
      const user = await repo.findUserByEmail(db, input.email);
      const ok = await verifyPassword(input.password, user?.passwordHash ?? (await timingHash()));
      if (!user || !user.passwordHash || !ok) throw unauthorized(MSG.invalidCredentials);
      if (user.status !== "ACTIVE") {
        await sessions.revokeAllForUser(user.id);
        throw forbidden(MSG.accountDisabled);
      }
      return signIn(user, input.rememberMe, meta);
    },

    /**
     * Names the current password of an address without revealing it: sign-in limits are counted per generation, so a
     * new password (a reset, a change) starts the account's counters afresh (docs/decisions/079).
     */
    async signInLimitGeneration(email: string): Promise<string> {
      const hash = await repo.findPasswordHashByEmail(db, email);
      return createHash("sha256").update(hash ?? "no-password").digest("base64url").slice(0, 12);
    },

    /** Remembers the language on the account (the language switch while signed in; docs/decisions/086). */
    async setLocale(userId: string, locale: Locale): Promise<void> {
      await repo.setUserLocale(db, userId, locale);
      sessions.forgetUser(userId);
    },

    async logout(token: string | null): Promise<void> {
      if (token) await sessions.revoke(token);
    },

    /**
     * Same answer, and the same work before it, whether or not the address has an account: one token is made and
     * hashed, and one statement looks the account up, retires its old links and stores the new one (it touches no row
     * for an unknown address). The e-mail is sent after the answer, so neither its time nor its failure shows
     * (docs/decisions/079).
     */
    async requestPasswordReset(email: string, requested: Locale | null = null): Promise<void> {
      const token = randomBytes(32).toString("base64url");
      const user = await repo.issueResetToken(db, email, hashToken(token), new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000));
      if (!user) return;
      // The language of the page it was asked on, else the account's (docs/decisions/087); the link opens that page.
      const locale: Locale = requested ?? user.locale ?? "en";
      const t = mailTexts(locale);
      const link = `${publicUrl}${locale === "ne" ? NEPALI_PREFIX : ""}/reset-password?token=${encodeURIComponent(token)}`;
      const minutes = localDigits(RESET_TOKEN_MINUTES, locale);
      const text = [t.greeting(user.name), "", t.resetIntro, "", link, "", t.resetValidity(minutes), "", t.shopName].join("\n");
      const html = `<html lang="${locale}"><body><p>${esc(t.greeting(user.name))}</p><p>${esc(t.resetIntro)}</p>
<p><a href="${esc(link)}" style="display:inline-block;background:#DC143C;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">${esc(t.resetButton)}</a></p>
<p>${esc(t.resetValidity(minutes))}</p><p>${esc(t.shopName)}</p></body></html>`;
      background.run("password reset e-mail", () => mail.send({ to: user.email, subject: t.resetSubject, text, html }));
    },

    /**
     * Whether the reset page's link can still set a password, so a used, replaced or expired link says so when it is
     * opened rather than after a new password has been typed twice. Nothing is consumed.
     */
    async resetLinkUsable(token: string): Promise<boolean> {
      if (!token || token.length > 200) return false;
      return repo.resetTokenUsable(db, hashToken(token));
    },

    /** Sets the new password, ends every other session of the user and signs them in. */
    async resetPassword(input: { token: string; password: string }, meta: ClientMeta): Promise<SignedIn> {
      const userId = await repo.consumeResetToken(db, hashToken(input.token));
      if (!userId) throw invalid(AUTH_MSG.resetLinkInvalid);
      const user = await requireUserRow(userId);
      const updated = await repo.updateOwnProfile(db, user.id, { passwordHash: await hashPassword(input.password) });
      await sessions.revokeAllForUser(user.id);
      if (updated.status !== "ACTIVE") throw forbidden(MSG.accountDisabled);
      return signIn(updated, false, meta);
    },

    async getProfile(userId: string): Promise<Profile> {
      return profileOf(await requireUserRow(userId));
    },

    /**
     * A new e-mail address needs the current password, ends every other session (the one in use stays) and is announced
     * to the old address after the answer, so a stolen session cannot quietly take the account over (docs/decisions/079).
     */
    async updateProfile(userId: string, currentSessionId: string | null, input: UpdateProfileInput): Promise<Profile> {
      const before = await requireUserRow(userId);
      const emailChanged = before.email.toLowerCase() !== input.email.toLowerCase();
      if (emailChanged) {
        if (!input.currentPassword) throw invalid(AUTH_MSG.currentPasswordRequired, [{ field: "currentPassword", message: AUTH_MSG.currentPasswordRequired }]);
        if (!(await verifyPassword(input.currentPassword, before.passwordHash))) {
          throw invalid(AUTH_MSG.currentPasswordWrong, [{ field: "currentPassword", message: AUTH_MSG.currentPasswordWrong }]);
        }
      }
      if (await repo.emailTakenByOther(db, input.email, userId)) throw conflict(AUTH_MSG.emailTaken);
      const row = await conflictOnUnique(AUTH_MSG.emailTaken, () =>
        repo.updateOwnProfile(db, userId, {
          name: input.name,
          email: input.email,
          phone: input.phone,
          addressStreet: input.address.street,
          addressCity: input.address.city,
          addressState: input.address.state,
          addressDistrict: input.address.district,
          addressLandmark: input.address.landmark,
          addressPostalCode: input.address.postalCode,
          addressCountry: input.address.country,
        }),
      );
      if (emailChanged) {
        await sessions.revokeAllForUser(userId, currentSessionId ?? undefined);
        // The owner's language, not the request's: whoever changed the address may not be the owner (docs/decisions/131).
        const t = mailTexts(before.locale);
        const text = [t.greeting(before.name), "", t.emailChangedBody(before.email, row.email), "", t.emailChangedNotYou, "", t.shopName].join("\n");
        background.run("e-mail change notice", () => mail.send({ to: before.email, subject: t.emailChangedSubject, text }));
      }
      const profile = await profileOf(row);
      sessions.forgetUser(row.id);
      events.profileUpdated(toPublicUser(row));
      return profile;
    },

    /** Keeps the session in use and ends all others. */
    async changePassword(userId: string, currentSessionId: string | null, input: ChangePasswordInput): Promise<void> {
      const user = await requireUserRow(userId);
      if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
        throw invalid(AUTH_MSG.currentPasswordWrong, [{ field: "currentPassword", message: AUTH_MSG.currentPasswordWrong }]);
      }
      await repo.updateOwnProfile(db, userId, { passwordHash: await hashPassword(input.newPassword) });
      await sessions.revokeAllForUser(userId, currentSessionId ?? undefined);
    },

    /** Checks the upload by its content, re-encodes it as a square JPEG without metadata, stores it and removes the previous one. */
    async setAvatar(userId: string, data: Buffer): Promise<Profile> {
      let meta: Metadata;
      try {
        const sharp = await loadSharp();
        meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      } catch {
        throw new AppError("unsupported_media", AUTH_MSG.imageInvalid);
      }
      if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new AppError("unsupported_media", AUTH_MSG.imageInvalid);
      if (!meta.width || !meta.height || meta.width < AVATAR_MIN_PX || meta.height < AVATAR_MIN_PX) throw invalid(AUTH_MSG.imageTooSmall);
      const side = Math.min(AVATAR_SIZE, meta.width, meta.height);
      let jpeg: Buffer;
      try {
        // sharp drops EXIF, GPS and other metadata unless asked to keep it; rotate() applies the orientation first.
        jpeg = await (await loadSharp())(data, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize(side, side, { fit: "cover" }).jpeg({ quality: 90, mozjpeg: true }).toBuffer();
      } catch {
        throw new AppError("unsupported_media", AUTH_MSG.imageInvalid);
      }
      const user = await requireUserRow(userId);
      const key = await storage.put("avatars", jpeg, "jpg");
      const row = await repo.updateOwnProfile(db, userId, { avatarKey: key });
      // Keys are content hashes: another account may show the same picture, so remove it only when nobody does.
      if (user.avatarKey && user.avatarKey !== key && !(await repo.avatarKeyInUse(db, user.avatarKey))) await storage.remove(user.avatarKey);
      sessions.forgetUser(row.id);
      events.profileUpdated(toPublicUser(row));
      return profileOf(row);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
