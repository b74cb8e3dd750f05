import { useRouteLoaderData } from "react-router";
import { useI18n } from "./i18n";

interface RootShop {
  freeShippingAbove: number;
}

/** "Free shipping over Rs. X" from the store settings (the root loader reads them), or null when there is no threshold. */
export function useFreeShippingText(): string | null {
  const data = useRouteLoaderData("root") as { shop?: RootShop } | undefined;
  const { t, money } = useI18n();
  const above = data?.shop?.freeShippingAbove ?? 0;
  return above > 0 ? t("product.freeShippingOver", { amount: money(above) }) : null;
}
