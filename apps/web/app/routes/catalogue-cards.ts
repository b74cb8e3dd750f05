import type { Route } from "./+types/catalogue-cards";
import { readCatalogue } from "../lib/catalogue.server";

/**
 * The cards of a catalogue page, as JSON, for the page's query string: a document of `/products` renders them all but
 * carries only the first `CARDS_IN_DOCUMENT` as loader data, and the browser asks here for the rest after hydration
 * (docs/decisions/152, 170). All of them, not only the rest: if the catalogue changed since the document was drawn,
 * the page takes those it does not already show (`laterCards`), so a card that crossed the document's last place,
 * either way, is shown once. Unusable filters are dropped as the page drops them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { cards } = await readCatalogue(request, context);
  return Response.json(cards, { headers: { "Cache-Control": "no-store" } });
}
