import { stockLevel } from "@khelkud/contracts";
import { useI18n } from "../lib/i18n";

const STYLES = {
  IN_STOCK: "bg-green-100 text-green-800",
  LOW_STOCK: "bg-amber-100 text-amber-900",
  OUT_OF_STOCK: "bg-red-100 text-red-800",
} as const;

export function StockBadge({ stock }: { stock: number }) {
  const { t } = useI18n();
  const level = stockLevel(stock);
  return <span className={`pill ${STYLES[level]}`}>{t(`stock.${level}`)}</span>;
}
