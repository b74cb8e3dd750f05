import { z } from "zod";
import { SEARCH_MAX_LENGTH, SEARCH_TOO_LONG } from "./catalog-rules.js";

/** The JSON envelope every /api answer uses; the specification's client reads `success`, `data` and `error`. */
export interface ApiSuccess<T> {
  success: true;
  data: T;
}

export interface FieldError {
  field: string;
  message: string;
}

export interface ApiFailure {
  success: false;
  error: string;
  details?: FieldError[];
  /** Present on 5xx answers: the id of the request in the server log. */
  requestId?: string;
}

export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export const ApiFailureSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});

export const PaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

export const MAX_PAGE_SIZE = 100;
export const MAX_PAGE = 100_000;

/** `page` as sent in a query string: a whole number from 1; absurdly large values are clamped. */
export const PageParam = z.coerce
  .number({ error: "page must be a whole number" })
  .int("page must be a whole number")
  .min(1, "page must be at least 1")
  .transform((n) => Math.min(n, MAX_PAGE))
  .default(1);

/** `limit` as sent in a query string: 1 to 100; larger values are clamped to 100. */
export function limitParam(defaultLimit: number) {
  return z.coerce
    .number({ error: "limit must be a whole number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .transform((n) => Math.min(n, MAX_PAGE_SIZE))
    .default(defaultLimit);
}

/** Query-string booleans: "true"/"false"/"1"/"0" only (z.coerce.boolean would read "false" as true). */
export const BooleanParam = z.enum(["true", "false", "1", "0"], { error: "must be true or false" }).transform((v) => v === "true" || v === "1");

/**
 * Typed search text, wherever a search is typed (shop, blog, admin lists): at most SEARCH_MAX_LENGTH characters, with
 * the one message for longer text. The constants stay in the Zod-free `catalog-rules.ts` for the browser bundle.
 */
export const SearchQueryText = z.string().max(SEARCH_MAX_LENGTH, SEARCH_TOO_LONG);
