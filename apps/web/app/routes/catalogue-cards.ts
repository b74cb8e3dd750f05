import type { Route } from "./+types/catalogue-cards";
import { CARDS_IN_DOCUMENT } from "../lib/catalogue-params";
import { readCatalogue } from "../lib/catalogue.server";

/**
 * The cards of a catalogue page after the first twelve, as JSON, for the page's query string: a document of
 * `/products` renders them but leaves them out of its loader data, and the browser asks here after hydration
 * (docs/decisions/152). Unusable filters are dropped as the page drops them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { cards } = await readCatalogue(request, context);
  return Response.json(cards.slice(CARDS_IN_DOCUMENT), { headers: { "Cache-Control": "no-store" } });
}
