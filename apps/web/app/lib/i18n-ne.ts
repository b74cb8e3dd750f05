/**
 * Adds the Nepali catalogue to the storefront's texts. Imported by the server's entry and by component tests; the
 * browser loads it only on Nepali pages, before hydrating (app/entry.client.tsx, docs/decisions/116).
 */
import { ne } from "../locales/ne";
import { addCatalogue } from "./i18n";

addCatalogue("ne", ne);
