import { useRouteLoaderData } from "react-router";
import { DEFAULT_PRINT_FEE } from "@khelkud/contracts";
import { useI18n } from "./i18n";

interface RootShop {
  freeShippingAbove: number;
  printFee?: number;
}

/** The store's printing fee for products that name none (paisa; docs/decisions/100). Display only: the server charges. */
export function useStorePrintFee(): number {
  const data = useRouteLoaderData("root") as { shop?: RootShop } | undefined;
  return data?.shop?.printFee ?? DEFAULT_PRINT_FEE;
}

/** "Free shipping over Rs. X" from the store settings (the root loader reads them), or null when there is no threshold. */
export function useFreeShippingText(): string | null {
  const data = useRouteLoaderData("root") as { shop?: RootShop } | undefined;
  const { t, money } = useI18n();
  const above = data?.shop?.freeShippingAbove ?? 0;
  return above > 0 ? t("product.freeShippingOver", { amount: money(above) }) : null;
}
