/**
 * Adds the Nepali catalogue and the API's messages in Nepali to the storefront's texts. Imported by the server's entry and by component tests; the
 * browser loads it only on Nepali pages, before hydrating (app/entry.client.tsx, docs/decisions/116).
 */
import { localizeMessage } from "@khelkud/contracts";
import { ne } from "../locales/ne";
import { addCatalogue, addNepaliMessages } from "./i18n";

addCatalogue("ne", ne);
addNepaliMessages((message) => localizeMessage(message, "ne"));
