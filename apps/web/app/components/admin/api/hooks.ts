import { useCallback, useEffect, useRef, useState } from "react";
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
