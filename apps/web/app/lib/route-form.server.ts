import { data, redirect, type AppLoadContext } from "react-router";
import type { z } from "zod";
import { MSG, type FieldError } from "@khelkud/contracts";
import type { FormResult } from "./route-form";

/** The action's answer that shows the form again with its messages (status 4xx, or 5xx passed on from the API). */
export function formAnswer(result: FormResult, status: number) {
  return data<FormResult>(result, { status });
}
export type FormAnswer = ReturnType<typeof formAnswer>;

/** A form is a few short fields; anything longer is not one of our forms. */
const MAX_FORM_BYTES = 64 * 1024;

/**
 * The fields of a form posted to a route action, or a 4xx answer: only `application/x-www-form-urlencoded` (what a
 * `<form method="post">` sends, and React Router's `<Form>` too), at most 64 KB. A body the client abandons half-way,
 * or a NUL byte, is a 400 like any other bad input, never a logged error (docs/decisions/073).
 */
export async function readForm(request: Request): Promise<URLSearchParams | FormAnswer> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") return formAnswer({ formError: "Please send the form from the page." }, 415);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_FORM_BYTES) return formAnswer({ formError: "The form is too long." }, 413);
  let text = "";
  try {
    const reader = request.body?.getReader();
    const decoder = new TextDecoder("utf-8", { fatal: true });
    let size = 0;
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_FORM_BYTES) {
        await reader.cancel().catch(() => undefined);
        return formAnswer({ formError: "The form is too long." }, 413);
      }
      text += decoder.decode(value, { stream: true });
    }
    text += decoder.decode();
  } catch {
    return formAnswer({ formError: MSG.generic }, 400);
  }
  if (text.includes("\0") || text.toLowerCase().includes("%00")) return formAnswer({ formError: MSG.generic }, 400);
  return new URLSearchParams(text);
}

/** A text field as posted (absent → ""). */
export function field(form: URLSearchParams, name: string): string {
  return form.get(name) ?? "";
}

/** A checkbox: sent (any value) when ticked, absent otherwise. */
export function checked(form: URLSearchParams, name: string): boolean {
  return form.has(name) && form.get(name) !== "false";
}

function firstErrors(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".");
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * The form's values checked with the contracts' schema (the same one the browser checks as the visitor types and the
 * API checks again), or the 400 answer that shows each field's message next to the field. `echo` are the values sent
 * back to fill the form again (never a password).
 */
export function parseWith<S extends z.ZodType>(schema: S, values: unknown, echo: Record<string, unknown>): { ok: true; value: z.output<S> } | { ok: false; response: FormAnswer } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, response: formAnswer({ values: echo, fieldErrors: firstErrors(parsed.error.issues) }, 400) };
}

export type ApiOutcome<T> = { ok: true; data: T; setCookies: string[] } | { ok: false; status: number; error: string; fieldErrors: Record<string, string> };

/**
 * Calls the REST API in-process as the visitor (the load context's `api`, apps/server/src/plugins/page-api.ts) and
 * reads its envelope the way the browser's client does (lib/api.ts): 5xx is the server-error text, except a 503 that
 * carries a message meant for people.
 */
export async function callApi<T>(context: AppLoadContext, call: Parameters<AppLoadContext["api"]>[0]): Promise<ApiOutcome<T>> {
  const answer = await context.api(call);
  const body = (answer.body ?? {}) as { success?: boolean; data?: T; error?: string; details?: FieldError[] };
  if (answer.status >= 200 && answer.status < 300 && body.success !== false) return { ok: true, data: body.data as T, setCookies: answer.setCookies };
  const fieldErrors: Record<string, string> = {};
  for (const d of body.details ?? []) fieldErrors[d.field] ??= d.message;
  const error = answer.status === 503 && body.error ? body.error : answer.status >= 500 ? MSG.serverError : (body.error ?? MSG.generic);
  return { ok: false, status: answer.status, error, fieldErrors };
}

/** The failure shown on the form again, with the API's status (a 429 stays a 429). */
export function failed(outcome: Extract<ApiOutcome<unknown>, { ok: false }>, echo: Record<string, unknown>, formError = outcome.error): FormAnswer {
  const status = outcome.status >= 400 && outcome.status < 600 ? outcome.status : 400;
  return formAnswer({ values: echo, fieldErrors: outcome.fieldErrors, formError, status }, status);
}

/** Success: on to `to` (303, so a reload never posts twice) with the API's cookies (the new session) passed on. */
export function redirectWithCookies(to: string, setCookies: string[]): Response {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("set-cookie", cookie);
  return redirect(to, { status: 303, headers });
}
