import { useEffect, useState } from "react";
import { toast } from "../lib/toast";
import { type NotificationPreferences as Preferences } from "@khelkud/contracts";
import { api, ApiError } from "../lib/api";
import { browserLocale, localizeMessage, tBrowser, useI18n } from "../lib/i18n";

const SWITCHES: (keyof Preferences)[] = ["orderSms", "orderEmail", "marketing"];

/** The profile's notification switches (docs/decisions/092): the server reads them for every order message. */
export function NotificationPreferences() {
  const [prefs, setPrefs] = useState<Preferences | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState<keyof Preferences | null>(null);
  const { t } = useI18n();

  useEffect(() => {
    let live = true;
    api<{ preferences: Preferences }>("/api/users/notification-preferences", { sessionRedirect: true })
      .then((d) => live && setPrefs(d.preferences))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  async function toggle(key: keyof Preferences) {
    if (!prefs || saving) return;
    const next = !prefs[key];
    setSaving(key);
    try {
      const d = await api<{ preferences: Preferences }>("/api/users/notification-preferences", {
        method: "PUT",
        body: { [key]: next },
        // The newsletter welcome that turning "marketing" on sends speaks this page's language (docs/decisions/087).
        headers: { "accept-language": browserLocale() },
        sessionRedirect: true,
      });
      setPrefs(d.preferences);
      toast.success(tBrowser("notifications.saved"), { duration: 2000 });
    } catch (err) {
      toast.error(err instanceof ApiError && err.message ? localizeMessage(err.message, browserLocale()) : tBrowser("notifications.saveFailed"), { duration: 3000 });
    } finally {
      setSaving(null);
    }
  }

  return (
    <section aria-labelledby="notification-settings" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="notification-settings" className="text-xl font-bold">
        {t("notifications.title")}
      </h2>
      {failed ? <p className="mt-2 text-sm text-slate-700">{t("notifications.loadFailed")}</p> : null}
      {!prefs && !failed ? <p className="mt-2 text-sm text-slate-600">{t("common.loading")}</p> : null}
      {prefs ? (
        <ul className="mt-3 divide-y divide-slate-100">
          {SWITCHES.map((key) => ({ key, label: t(`notifications.${key}`), hint: t(`notifications.${key}Hint`) })).map((s) => (
            <li key={s.key} className="flex items-start justify-between gap-4 py-3">
              <div>
                <label htmlFor={`pref-${s.key}`} className="font-semibold text-slate-900">
                  {s.label}
                </label>
                <p id={`pref-${s.key}-hint`} className="text-sm text-slate-600">
                  {s.hint}
                </p>
              </div>
              <button
                id={`pref-${s.key}`}
                type="button"
                role="switch"
                aria-checked={prefs[s.key]}
                aria-describedby={`pref-${s.key}-hint`}
                disabled={saving !== null}
                onClick={() => void toggle(s.key)}
                className={`relative inline-flex h-11 min-w-[4.5rem] shrink-0 items-center rounded-full px-1 transition-colors disabled:opacity-60 ${prefs[s.key] ? "bg-nepal" : "bg-slate-300"}`}
              >
                <span className="sr-only">{prefs[s.key] ? t("notifications.on") : t("notifications.off")}</span>
                <span aria-hidden="true" className={`inline-block h-9 w-9 rounded-full bg-white shadow transition-transform ${prefs[s.key] ? "translate-x-7" : "translate-x-0"}`} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
