import { z } from "zod";
import { ActiveStatusSchema, RoleSchema } from "./enums.js";

export const AddressSchema = z.object({
  street: z.string().nullable(),
  city: z.string().nullable(),
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
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

/** Name of the httpOnly session cookie. */
export const SESSION_COOKIE = "kk_session";
/** "Remember me" ticked: the session lasts 30 days (DECISIONS 13). */
export const REMEMBER_ME_DAYS = 30;
/** Unticked: a browser-session cookie; the server also ends the session after this many hours. */
export const SESSION_HOURS = 24;
