import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { api } from "./client";

/** GET a URL whenever it changes; keeps the previous data while reloading so tables do not jump. */
export function useApiGet<T>(url: string | null) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const current = useRef(0);
  useEffect(() => {
    if (!url) return;
    const id = ++current.current;
    setLoading(true);
    api<T>("GET", url)
      .then((d) => {
        if (id !== current.current) return;
        setData(d);
        setError(null);
      })
      .catch((e: Error) => {
        if (id === current.current) setError(e.message);
      })
      .finally(() => {
        if (id === current.current) setLoading(false);
      });
  }, [url, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, error, loading, reload, setData };
}

/**
 * A list's filters as the page's address gave them when it opened: a reload, Back, or a link a colleague sent opens the
 * list as it was (docs/decisions/189). Read once; `useAddressFollows` keeps the address up to date afterwards.
 */
export function useAddressFilters<K extends string>(keys: readonly K[]): Record<K, string> {
  const [params] = useSearchParams();
  const first = useRef<Record<K, string> | null>(null);
  // Control characters (a %00 in a link) are nothing a person typed, and the API refuses them.
  first.current ??= Object.fromEntries(keys.map((k) => [k, (params.get(k) ?? "").replace(/\p{Cc}/gu, "").slice(0, 200)])) as Record<K, string>;
  return first.current;
}

/** A choice from the address when the list offers it, else none ("All"): a made-up value would only make the list fail. */
export function addressChoice(text: string, offered: readonly string[]): string {
  return offered.includes(text) ? text : "";
}

/** A page number from the address: a whole number from 1, anything else page 1. */
export function addressPage(text: string): number {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/**
 * Writes a list's filters into the address as they change (empty ones left out, page 1 too). It replaces the entry
 * with history.replaceState rather than navigating: no loader runs again and no history entry is added per keystroke
 * (the search is written debounced); the router reads the address again on Back and on a reload.
 */
export function useAddressFollows(values: Record<string, string | number>): void {
  const key = JSON.stringify(values);
  useEffect(() => {
    const url = new URL(window.location.href);
    for (const [k, v] of Object.entries(JSON.parse(key) as Record<string, string | number>)) {
      if (v === "" || (k === "page" && v === 1)) url.searchParams.delete(k);
      else url.searchParams.set(k, String(v));
    }
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
  }, [key]);
}

/** A debounced copy of a value (search boxes). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

export function qs(params: Record<string, string | number | undefined | null>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== "") p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : "";
}
