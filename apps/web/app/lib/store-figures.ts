import type { StoreFigures } from "@khelkud/server/types";

/**
 * The home and about page figures that are true today: products and teams counted from the catalogue (hidden
 * while there are none), customers and support only when the admin entered them.
 */
export function storeFigureList(f: StoreFigures, labels: { customers: string; products: string; teams: string; support: string }): { value: string; label: string }[] {
  const count = (n: number) => (n > 0 ? n.toLocaleString("en-IN") : null);
  return (
    [
      [count(f.products), labels.products],
      [f.customers, labels.customers],
      [count(f.teams), labels.teams],
      [f.support, labels.support],
    ] as const
  )
    .filter((x): x is readonly [string, string] => Boolean(x[0]))
    .map(([value, label]) => ({ value, label }));
}
