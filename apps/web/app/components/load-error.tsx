import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { toast } from "../lib/toast";
import { useI18n } from "../lib/i18n";

/** A failed load: say so and offer Try Again (no invented fallback content, docs/product-rules.md §1). */
export function LoadError({ title, onRetry, busy, compact = false }: { title: string; onRetry: () => void; busy: boolean; compact?: boolean }) {
  const { t } = useI18n();
  return (
    <section role="alert" className={`mx-auto flex max-w-xl flex-col items-center px-4 text-center ${compact ? "py-10" : "py-24"}`}>
      <h2 className="text-2xl font-bold">{title}</h2>
      <p className="mt-2 text-slate-600">{t("loadError.text")}</p>
      <button type="button" onClick={onRetry} disabled={busy} className="mt-6 rounded-lg bg-nepal px-5 py-2.5 font-semibold text-white hover:bg-nepal-dark disabled:opacity-60">
        {busy ? t("common.trying") : t("common.tryAgain")}
      </button>
    </section>
  );
}

/**
 * A page whose data failed to load: the specification's toast (shown in the browser, once per failure) and the
 * Try Again screen in place of the page.
 */
export function RouteLoadError({ title, toastText }: { title: string; toastText: string }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    toast.error(toastText, { id: toastText, duration: 4000 });
  }, [toastText]);
  return <LoadError title={title} onRetry={() => void revalidator.revalidate()} busy={revalidator.state === "loading"} />;
}
