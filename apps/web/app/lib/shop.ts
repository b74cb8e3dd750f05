import { useRouteLoaderData } from "react-router";
import { formatNPR } from "@khelkud/contracts";

interface RootShop {
  freeShippingAbove: number;
}

/** "Free shipping over Rs. X" from the store settings (the root loader reads them), or null when there is no threshold. */
export function useFreeShippingText(): string | null {
  const data = useRouteLoaderData("root") as { shop?: RootShop } | undefined;
  const above = data?.shop?.freeShippingAbove ?? 0;
  return above > 0 ? `Free shipping over ${formatNPR(above)}` : null;
}
