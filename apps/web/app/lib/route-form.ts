import { useEffect, useRef, useState, type FormEvent } from "react";
import { useActionData, useNavigation } from "react-router";
import { toast } from "./toast";
import type { z } from "zod";
import {  } from "@khelkud/contracts";
import { useZodForm } from "./use-form";
import { browserLocale, localizeMessage, useLocale } from "./i18n";

/** What a form's route action answers when it does not redirect: the values to show again and the messages. */
export interface FormResult {
  values?: Record<string, unknown>;
  fieldErrors?: Record<string, string>;
  /** One sentence above the form (the API's own text: wrong password, too many attempts, server error). */
  formError?: string;
  /** A success that stays on the page (contact, newsletter, forgot password). */
  done?: string;
  /** The API's status of a failure (409: the address is already subscribed). */
  status?: number;
}

/**
 * The one form pattern of the storefront (docs/decisions/088). The form is a React Router `<Form method="post">` whose
 * route action validates with the contracts' schema and calls the API; this hook gives the browser the same schema for
 * instant messages (on blur, and every field on submit, which is stopped while a field is wrong), the action's answer
 * (messages next to the fields, a banner) and whether the form is being sent. Without scripts the same action answers
 * the plain form post and the page renders with its messages.
 */
export function useRouteForm<S extends z.ZodType<unknown, Record<string, unknown>>>(schema: S, initial: z.input<S> & Record<string, unknown>) {
  const result = useActionData() as FormResult | undefined;
  const navigation = useNavigation();
  const form = useZodForm(schema, { ...initial, ...result?.values } as typeof initial, result?.fieldErrors);
  const { showServerErrors } = form;
  useEffect(() => {
    if (result?.fieldErrors) showServerErrors(Object.entries(result.fieldErrors).map(([field, message]) => ({ field, message })));
  }, [result, showServerErrors]);
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const locale = useLocale();
  return {
    form,
    result,
    busy,
    /** The banner, hidden while the next try is on its way. */
    formError: busy || !result?.formError ? null : localizeMessage(result.formError, locale),
    onSubmit(event: FormEvent<HTMLFormElement>) {
      if (busy || !form.validate()) event.preventDefault();
    },
  };
}

/** A redirect thrown by `serverAction()` in a `clientAction` (React Router's single fetch turns the action's redirect into one). */
function isRedirect(value: unknown): value is Response {
  return value instanceof Response && value.status >= 300 && value.status < 400;
}

/**
 * Every form route's `clientAction`: the server action as it is, plus what only a browser with scripts can add — a toast
 * when it succeeded by redirecting (sign-in, registration), and the network-error sentence on the form when the shop
 * could not be reached (instead of the error page).
 */
export async function clientFormAction<T>(serverAction: () => Promise<T>, successToast?: string, networkError = NETWORK_ERROR): Promise<T | FormResult> {
  try {
    return await serverAction();
  } catch (thrown) {
    if (isRedirect(thrown)) {
      if (successToast) toast.success(localizeMessage(successToast, browserLocale()), { duration: 2000 });
      throw thrown;
    }
    if (thrown instanceof TypeError) return { formError: localizeMessage(networkError, browserLocale()) };
    throw thrown;
  }
}

export const NETWORK_ERROR = "Network error. Please try again.";

/**
 * Runs `onResult` once for each action answer that arrives while this component is on screen — not for the answer that
 * was already there when it mounted (a tab shown again must not repeat the last toast).
 */
export function useEachNewResult<T>(result: T | undefined, onResult: (result: T) => void): void {
  const seen = useRef(result);
  const handler = useRef(onResult);
  handler.current = onResult;
  useEffect(() => {
    if (result === undefined || result === seen.current) return;
    seen.current = result;
    handler.current(result);
  }, [result]);
}

/** False in the server's HTML and until the page's scripts run: a control that only a script can re-enable stays usable without them. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * The action's answer the page was rendered with, i.e. of a form posted without scripts (or before they ran): the page
 * shows it in place, since no toast can. Undefined for answers to a running script's posts and for a component mounted
 * after hydration (a tab shown again), where `useEachNewResult` shows the answer once as a toast.
 */
export function useAnswerRenderedWith<T>(result: T | undefined): T | undefined {
  const [first] = useState(() => (typeof document !== "undefined" && "hydrated" in document.documentElement.dataset ? undefined : result));
  return result === first ? first : undefined;
}
