import { randomBytes } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import {
  AUTH_MSG,
  AVATAR_MIN_PX,
  MSG,
  RESET_TOKEN_MINUTES,
  type ChangePasswordInput,
  type Profile,
  type PublicUser,
  type RegisterInput,
  type UpdateProfileInput,
} from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import type { UserRow } from "../../db/schema/index.js";
import { AppError, conflict, forbidden, invalid, unauthorized } from "../../lib/errors.js";
import type { Events } from "../events/events.js";
import { hashPassword, verifyPassword } from "../../lib/password.js";
import type { Storage } from "../../plugins/storage.js";
import type { MailService } from "../mail/mail.service.js";
import * as repo from "./accounts.repository.js";
import { hashToken, toPublicUser, type SessionsService } from "./sessions.service.js";

export interface ClientMeta {
  ip?: string;
  userAgent?: string;
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
  publicUrl: string;
  log?: (msg: string, err?: unknown) => void;
}

const AVATAR_SIZE = 512;
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

/** Registration, sign-in, password reset and the customer's own profile (spec 000 §2, DECISIONS 13–16). */
export function createAccountsService({ db, sessions, mail, storage, events, publicUrl, log = () => undefined }: Deps) {
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
      let user: UserRow;
      try {
        user = await repo.insertUser(db, { name: input.name, email: input.email, phone: input.phone, passwordHash: await hashPassword(input.password) });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(AUTH_MSG.emailTaken);
        throw err;
      }
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

    async logout(token: string | null): Promise<void> {
      if (token) await sessions.revoke(token);
    },

    /** Same answer whether or not the address exists (DECISIONS 16). */
    async requestPasswordReset(email: string): Promise<void> {
      const user = await repo.findUserByEmail(db, email);
      if (!user || user.status !== "ACTIVE") {
        await timingHash();
        return;
      }
      const token = randomBytes(32).toString("base64url");
      await repo.retireResetTokens(db, user.id);
      await repo.insertResetToken(db, user.id, hashToken(token), new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000));
      const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      const text = [
        `Hello ${user.name},`,
        "",
        "Someone asked to reset the password of your Khelkud account. To choose a new password, open this link:",
        "",
        link,
        "",
        `The link works once and for ${RESET_TOKEN_MINUTES} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
        "",
        "Khelkud",
      ].join("\n");
      const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
      const html = `<p>Hello ${esc(user.name)},</p><p>Someone asked to reset the password of your Khelkud account.</p>
<p><a href="${esc(link)}" style="display:inline-block;background:#DC143C;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">Reset your password</a></p>
<p>The link works once and for ${RESET_TOKEN_MINUTES} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.</p><p>Khelkud</p>`;
      try {
        await mail.send({ to: user.email, subject: "Reset your Khelkud password", text, html });
      } catch (err) {
        // The answer must not reveal whether the address exists, so a mail failure is logged, not returned.
        log("password reset e-mail failed", err);
      }
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

    async updateProfile(userId: string, input: UpdateProfileInput): Promise<Profile> {
      if (await repo.emailTakenByOther(db, input.email, userId)) throw conflict(AUTH_MSG.emailTaken);
      let row: UserRow;
      try {
        row = await repo.updateOwnProfile(db, userId, {
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
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(AUTH_MSG.emailTaken);
        throw err;
      }
      const profile = await profileOf(row);
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
        jpeg = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize(side, side, { fit: "cover" }).jpeg({ quality: 90, mozjpeg: true }).toBuffer();
      } catch {
        throw new AppError("unsupported_media", AUTH_MSG.imageInvalid);
      }
      const user = await requireUserRow(userId);
      const key = await storage.put("avatars", jpeg, "jpg");
      const row = await repo.updateOwnProfile(db, userId, { avatarKey: key });
      // Keys are content hashes: another account may show the same picture, so remove it only when nobody does.
      if (user.avatarKey && user.avatarKey !== key && !(await repo.avatarKeyInUse(db, user.avatarKey))) await storage.remove(user.avatarKey);
      events.profileUpdated(toPublicUser(row));
      return profileOf(row);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
