import { useEffect, useRef, useState, type FormEvent } from "react";
import { toast } from "../../lib/toast";
import { useZodForm, type FormRules } from "../../lib/use-form";
import { ApiError } from "./api/client";

/** How a refused save is told: the toast's text, and the form field an API field message belongs to. */
export interface SaveFailure {
  /** The toast when the API's answer has no sentence of its own. */
  fallback: string;
  /** The toast's text for a refusal (default: the API's sentence, else `fallback`). */
  message?: (error: unknown) => string;
  /** The form field of an API field (default: its first part, `sizes.0.stock` → `sizes`). */
  field?: (apiField: string) => string;
  /** What else a refusal shows (a taken slug next to the slug). */
  onRefused?: (error: unknown, showErrors: (errors: Record<string, string>) => void) => void;
}

/**
 * The admin panel's forms (products, blog posts, categories, users, settings) on the shop's one form hook,
 * `useZodForm` (lib/use-form.ts), which the storefront's route forms use too (docs/decisions/088, 115): the form's rules
 * check every field on submit and show the messages next to the fields; while the save is under way the form is busy;
 * the API's field messages come back next to the same fields and its sentence as a toast. The admin panel renders in
 * the browser only, so its forms call the API from the browser (components/admin/api) instead of a route action.
 */
export function useAdminForm<T extends object>(rules: FormRules<T>, initial: T) {
  const form = useZodForm(rules, initial);
  const [saving, setSaving] = useState(false);
  // A refused save takes the administrator to its first message: in a long form (a product) the messages are often
  // above the button, out of view, and the press seemed to do nothing.
  const formElement = useRef<HTMLFormElement | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formElement.current);
  }, [focusRequest]);
  const showErrors = (errors: Record<string, string>) => form.showServerErrors(Object.entries(errors).map(([field, message]) => ({ field, message })));
  return {
    values: form.values as T,
    errors: form.errors,
    set: form.set as <K extends keyof T & string>(name: K, value: T[K]) => void,
    update: form.update as (patch: Partial<T>) => void,
    reset: form.reset as (values: T) => void,
    blur: form.blur,
    saving,
    showErrors,
    /** The form's `onSubmit`: checks the rules, then runs `save` with the values once at a time. */
    onSubmit(save: (values: T) => Promise<unknown>, failure: SaveFailure) {
      return async (event: FormEvent) => {
        event.preventDefault();
        if (saving) return;
        if (event.currentTarget instanceof HTMLFormElement) formElement.current = event.currentTarget;
        const values = form.validate();
        if (!values) {
          setFocusRequest((n) => n + 1);
          return;
        }
        setSaving(true);
        try {
          await save(values);
        } catch (error) {
          if (error instanceof ApiError && error.details.length > 0) {
            const field = failure.field ?? ((f: string) => f.split(".")[0]!);
            form.showServerErrors(error.details.map((d) => ({ field: field(d.field), message: d.message })));
            setFocusRequest((n) => n + 1);
          }
          failure.onRefused?.(error, showErrors);
          toast.error(failure.message ? failure.message(error) : (error as Error).message || failure.fallback);
        } finally {
          setSaving(false);
        }
      };
    },
  };
}

/**
 * Focuses the first field with a message (a `Field` with an error, or a control marked invalid) and brings it to the
 * middle of the view; a message that names no field of the form (a toast only) leaves focus where it was.
 */
function focusFirstInvalid(form: HTMLFormElement | null) {
  const box = form?.querySelector<HTMLElement>('[data-invalid], [aria-invalid="true"]');
  if (!box) return;
  const controls = 'input:not([type="hidden"]), select, textarea, [contenteditable="true"], button';
  const control = box.matches(controls) ? box : box.querySelector<HTMLElement>(controls);
  (control ?? box).focus({ preventScroll: true });
  box.scrollIntoView?.({ block: "center" });
}

/**
 * An administrator's action on a listed row (delete, change a role): asked first when `confirm` is given, the answer
 * told as a toast (the API's sentence, else `failed`), and the list reloaded after a success.
 */
export async function adminAction<T>({ confirm, run, done, failed, reload }: { confirm?: string; run: () => Promise<T>; done: (result: T) => string; failed: string; reload: () => void }): Promise<void> {
  if (confirm && !window.confirm(confirm)) return;
  try {
    const result = await run();
    toast.success(done(result));
    reload();
  } catch (e) {
    toast.error((e as Error).message || failed);
  }
}
