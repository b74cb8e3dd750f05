/** Money is integer paisa everywhere (NPR × 100); these are the only conversions. */
export type Paisa = number;

const wholeRupees = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });
const withPaisa = new Intl.NumberFormat("en-IN", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "Rs. 2,499" — decimals only when the amount has paisa (docs/product-rules.md §2). */
export function formatNPR(paisa: Paisa): string {
  const sign = paisa < 0 ? "-" : "";
  const abs = Math.abs(paisa);
  const text = abs % 100 === 0 ? wholeRupees.format(abs / 100) : withPaisa.format(abs / 100);
  return `${sign}Rs. ${text}`;
}

export function rupeesToPaisa(rupees: number): Paisa {
  return Math.round(rupees * 100);
}

export function paisaToRupees(paisa: Paisa): number {
  return paisa / 100;
}

/** The price a shopper pays: the sale price when it is set and lower than the price. */
export function effectivePrice(price: Paisa, salePrice: Paisa | null | undefined): Paisa {
  return salePrice != null && salePrice > 0 && salePrice < price ? salePrice : price;
}

/** Rounded percent off, or null when there is no real discount (docs/product-rules.md §2). */
export function discountPercent(price: Paisa, salePrice: Paisa | null | undefined): number | null {
  if (salePrice == null || salePrice <= 0 || salePrice >= price) return null;
  return Math.round(((price - salePrice) / price) * 100);
}
