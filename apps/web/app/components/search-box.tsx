import { useI18n } from "../lib/i18n";
import { useEffect, useId, useRef, useState } from "react";
import { useHref, useLocation, useNavigate } from "react-router";
import { imageVariantUrl, localText, SUGGESTIONS_SHOWN, type ProductSuggestion } from "@khelkud/contracts";
import { api } from "../lib/api";

const DEBOUNCE_MS = 200;

/**
 * Header search with server suggestions (docs/product-rules.md §11, searched on the server instead of 100 products in the
 * browser): debounced, at most 5, arrow keys and Enter; blank submit does nothing; submit goes to /products?q=.
 */
export function SearchBox({ id }: { id: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  // The page's own catalogue (`/ne/products` on a Nepali page) for a search sent before the scripts run.
  const catalogue = useHref("/products");
  const listId = useId();
  const { t, money, locale } = useI18n();
  const current = location.pathname === "/products" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  const [text, setText] = useState(current);
  const [typed, setTyped] = useState(false);
  const [items, setItems] = useState<ProductSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  const hydrated = useRef(false);
  useEffect(() => {
    // On a slow connection people type before the page hydrates: keep what is in the box then, do not reset it.
    const typedBeforeHydration = !hydrated.current && inputRef.current !== null && inputRef.current.value !== current;
    hydrated.current = true;
    if (typedBeforeHydration) {
      setText(inputRef.current!.value);
      setTyped(true);
      setOpen(document.activeElement === inputRef.current);
      return;
    }
    setText(current);
    setTyped(false);
    setOpen(false);
  }, [current, location.key]);

  useEffect(() => {
    const q = text.trim();
    if (!typed || !q) {
      setItems([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const found = await api<{ suggestions: ProductSuggestion[] }>(`/api/products/suggestions?q=${encodeURIComponent(q)}&limit=${SUGGESTIONS_SHOWN}`, { signal: controller.signal });
        setItems(found.suggestions.slice(0, SUGGESTIONS_SHOWN));
        setActive(-1);
        setOpen(true);
      } catch (error) {
        // docs/product-rules.md §13: a failed suggestion load is only logged; the box still submits.
        if (!controller.signal.aborted) console.warn("search suggestions failed", error);
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, typed]);

  const showList = open && typed && text.trim() !== "" && items.length > 0;

  function go(to: string) {
    setOpen(false);
    setTyped(false);
    inputRef.current?.blur();
    navigate(to);
  }

  return (
    <form
      method="get"
      action={catalogue}
      role="search"
      className="relative w-full"
      onSubmit={(e) => {
        e.preventDefault();
        const q = text.trim();
        if (!q) return;
        go(`/products?q=${encodeURIComponent(q)}`);
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t("searchBox.label")}
      </label>
      <input
        ref={inputRef}
        id={id}
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setTyped(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" && items.length) {
            e.preventDefault();
            setOpen(true);
            setActive((a) => (a + 1) % items.length);
          } else if (e.key === "ArrowUp" && items.length) {
            e.preventDefault();
            setOpen(true);
            setActive((a) => (a <= 0 ? items.length - 1 : a - 1));
          } else if (e.key === "Enter" && showList && active >= 0) {
            e.preventDefault();
            go(`/products/${items[active]!.slug}`);
          } else if (e.key === "Escape" && showList) {
            // The first Escape closes the suggestions and keeps the words; a search field's own Escape would empty it
            // too. With the list closed, Escape empties the field as the browser does.
            e.preventDefault();
            setOpen(false);
          }
        }}
        placeholder={t("search.placeholder")}
        autoComplete="off"
        maxLength={200}
        className="h-11 w-full rounded-full border-0 bg-white/95 pl-4 pr-12 text-sm text-slate-900 placeholder:text-slate-500 focus:ring-2 focus:ring-crimson"
      />
      {/* Its ring is drawn inside it, in blue: half of an outer white ring lay on the white field, where it did not show. */}
      <button type="submit" className="group absolute right-0 top-0 flex h-11 w-11 items-center justify-center rounded-full focus-visible:outline-nepal focus-visible:-outline-offset-2" aria-label={t("search.submit")}>
        <span className="flex h-9 w-9 items-center justify-center rounded-full bg-crimson text-white group-hover:bg-crimson-dark">
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </svg>
        </span>
      </button>
      <ul id={listId} role="listbox" aria-label={t("search.suggestions")} hidden={!showList} className="absolute inset-x-0 top-12 z-50 overflow-hidden rounded-xl bg-white py-1 text-slate-900 shadow-xl ring-1 ring-slate-200">
        {items.map((s, i) => (
          <li
            key={s.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => go(`/products/${s.slug}`)}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${i === active ? "bg-slate-100" : ""}`}
          >
            {s.image ? <img src={imageVariantUrl(s.image, 160, "webp")} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 shrink-0 rounded bg-slate-100 object-cover" /> : <span className="h-10 w-10 shrink-0 rounded bg-slate-100" />}
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-semibold">{localText(locale, s.name, s.nameNe)}</span>
              <span className="block text-xs text-slate-600">{localText(locale, s.team ?? s.brand, s.teamNe)}</span>
            </span>
            <span className="shrink-0 text-sm font-bold">{money(s.finalPrice)}</span>
          </li>
        ))}
      </ul>
    </form>
  );
}
