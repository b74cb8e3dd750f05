import { useId, useRef, useState } from "react";
import { useI18n } from "../lib/i18n";

export interface TabItem {
  id: string;
  label: string;
  content: React.ReactNode;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; every panel is in the HTML (search engines read them all). */
export function Tabs({ items, initial, label }: { items: TabItem[]; initial?: string; label?: string }) {
  const base = useId();
  const { t } = useI18n();
  const [active, setActive] = useState(initial && items.some((t) => t.id === initial) ? initial : items[0]!.id);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (i: number) => {
    const next = (i + items.length) % items.length;
    setActive(items[next]!.id);
    refs.current[next]?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label={label ?? t("productInfo.tabs")} className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {items.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${t.id}`}
            aria-selected={active === t.id}
            aria-controls={`${base}-panel-${t.id}`}
            tabIndex={active === t.id ? 0 : -1}
            onClick={() => setActive(t.id)}
            onKeyDown={(e) => {
              if (e.key === "ArrowRight") move(i + 1);
              else if (e.key === "ArrowLeft") move(i - 1);
              else if (e.key === "Home") move(0);
              else if (e.key === "End") move(items.length - 1);
              else return;
              e.preventDefault();
            }}
            className={`-mb-px whitespace-nowrap border-b-2 px-4 py-3 text-sm font-bold ${active === t.id ? "border-crimson text-crimson" : "border-transparent text-slate-600 hover:text-slate-900"}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      {items.map((t) => (
        <div key={t.id} role="tabpanel" id={`${base}-panel-${t.id}`} aria-labelledby={`${base}-tab-${t.id}`} hidden={active !== t.id} tabIndex={0} className="py-5">
          {t.content}
        </div>
      ))}
    </div>
  );
}
