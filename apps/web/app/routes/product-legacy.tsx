import { redirect } from "react-router";
import type { Route } from "./+types/product-legacy";

/** `/product/{slug}` is the older form (docs/product-rules.md §11): a permanent redirect keeps old links and search results working. */
export function loader({ params, request }: Route.LoaderArgs) {
  const search = new URL(request.url).search;
  return redirect(`/products/${encodeURIComponent(params.slug)}${search}`, 301);
}
