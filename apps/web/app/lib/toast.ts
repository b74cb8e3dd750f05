/**
 * Toasts through sonner, loaded with the first toast (docs/decisions/120). A page shows a toast only after something
 * happened (a click, a failed request, a live event), so sonner (about 10 KB gzip) is not among the scripts every
 * page loads before it is interactive. `<Toasts>` mounts sonner's `<Toaster>` once sonner is here; a toast raised
 * before the Toaster subscribed is still shown, because sonner hands its active toasts to a new subscriber.
 */
import { createElement, useEffect, useState, type ComponentProps } from "react";

import type { ExternalToast } from "sonner";

type Sonner = typeof import("sonner");
type Kind = "success" | "error" | "info" | "warning";
/** sonner's options: an id (a new toast with the same id replaces the old one), a duration in ms, a position… */
export type ToastOptions = ExternalToast;

let loading: Promise<Sonner> | undefined;
const waiting = new Set<(sonner: Sonner) => void>();

function loadSonner(): Promise<Sonner> {
  loading ??= import("sonner").then(
    (sonner) => {
      for (const ready of waiting) ready(sonner);
      waiting.clear();
      return sonner;
    },
    (error: unknown) => {
      // The next toast tries again (a network that came back, a redeploy's new file names need a reload anyway).
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function show(kind: Kind, message: string, options?: ToastOptions): void {
  if (typeof document === "undefined") return;
  loadSonner().then(
    (sonner) => sonner.toast[kind](message, options),
    () => undefined,
  );
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
  info: (message: string, options?: ToastOptions) => show("info", message, options),
  warning: (message: string, options?: ToastOptions) => show("warning", message, options),
};

/** sonner's `<Toaster>` with these props, rendered from the first toast on (nothing before, on the server too). */
export function Toasts(props: ComponentProps<Sonner["Toaster"]>) {
  const [sonner, setSonner] = useState<Sonner | null>(null);
  useEffect(() => {
    let mounted = true;
    const ready = (loaded: Sonner) => {
      if (mounted) setSonner(loaded);
    };
    if (loading) loading.then(ready, () => waiting.add(ready));
    else waiting.add(ready);
    return () => {
      mounted = false;
      waiting.delete(ready);
    };
  }, []);
  return sonner ? createElement(sonner.Toaster, props) : null;
}
