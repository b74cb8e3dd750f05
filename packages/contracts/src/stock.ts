export type StockLevel = "IN_STOCK" | "LOW_STOCK" | "OUT_OF_STOCK";

/** docs/product-rules.md §4: above 10 In Stock; 1 to 10 Low Stock; 0 Out of Stock. */
export function stockLevel(stock: number): StockLevel {
  if (stock > 10) return "IN_STOCK";
  if (stock >= 1) return "LOW_STOCK";
  return "OUT_OF_STOCK";
}

export const STOCK_LABELS: Record<StockLevel, string> = {
  IN_STOCK: "In Stock",
  LOW_STOCK: "Low Stock",
  OUT_OF_STOCK: "Out of Stock",
};

export function stockLabel(stock: number): string {
  return STOCK_LABELS[stockLevel(stock)];
}

/** Admin highlight (docs/product-rules.md §4, §14): stock shown red, and listed on the dashboard, below this. */
export const LOW_STOCK_THRESHOLD = 10;

export interface SizeStock {
  size: string;
  stock: number;
}

export function totalStock(sizes: readonly SizeStock[]): number {
  return sizes.reduce((sum, s) => sum + Math.max(0, s.stock), 0);
}

/** Order in which sizes are shown; unknown sizes go last in their given order. */
export const SIZE_ORDER = ["YS", "YM", "YL", "XS", "S", "M", "L", "XL", "XXL", "3XL"] as const;

export function sortSizes<T extends SizeStock>(sizes: readonly T[]): T[] {
  const rank = (s: string) => {
    const i = (SIZE_ORDER as readonly string[]).indexOf(s);
    return i === -1 ? SIZE_ORDER.length : i;
  };
  return [...sizes].sort((a, b) => rank(a.size) - rank(b.size));
}
