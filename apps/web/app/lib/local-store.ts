import { useSyncExternalStore } from "react";

/**
 * A tiny persisted store: state lives in localStorage under `key`, every tab stays in step through
 * the storage event, and the server snapshot is null so nothing count-like renders until the browser
 * has read the real value (no flash of a wrong badge).
 */
export function createLocalStore<T>(key: string, initial: T, parse: (raw: unknown) => T) {
  let state: T = initial;
  let loaded = false;
  const listeners = new Set<() => void>();

  function load() {
    if (loaded || typeof window === "undefined") return;
    loaded = true;
    try {
      const raw = window.localStorage.getItem(key);
      state = raw ? parse(JSON.parse(raw)) : initial;
    } catch {
      // Corrupt or foreign data in localStorage: start clean rather than break the page.
      state = initial;
    }
    window.addEventListener("storage", (e) => {
      if (e.key !== key) return;
      loaded = false;
      load();
      listeners.forEach((l) => l());
    });
  }

  return {
    get(): T {
      load();
      return state;
    },
    set(next: T) {
      load();
      state = next;
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage full or disabled (private mode): keep the state in memory for this tab.
      }
      listeners.forEach((l) => l());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useLocalStore<T>(store: ReturnType<typeof createLocalStore<T>>): T | null {
  return useSyncExternalStore(store.subscribe, store.get, () => null);
}
