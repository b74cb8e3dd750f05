import { PRINT_MSG, printFeeFor, printNameProblem, type Personalisation, type PersonalisationParsed } from "@khelkud/contracts";
import type { ProductRow } from "../../db/schema/index.js";
import { isOffensive } from "../../lib/offensive-words.js";

export type PrintDecision = { ok: true; personalisation: Personalisation; fee: number } | { ok: false; message: string };

/**
 * Decides one line's print (docs/decisions/100): the product must be personalisable; a listed player gives the
 * player's printed name and number; a typed name must pass the shared character rules for the product's scripts and
 * the offensive-word list. The fee is the product's or the store's default, never the client's.
 */
export function decidePrint(product: Pick<ProductRow, "name" | "personalisable" | "printFee" | "printScripts" | "players">, input: PersonalisationParsed, storeFee: number): PrintDecision {
  if (!product.personalisable) return { ok: false, message: PRINT_MSG.notPersonalisable(product.name) };
  const fee = printFeeFor(product, storeFee);
  if (input.playerId) {
    const player = product.players.find((p) => p.id === input.playerId);
    if (!player) return { ok: false, message: PRINT_MSG.unknownPlayer(product.name) };
    return { ok: true, personalisation: { name: player.name, number: player.number, playerId: player.id }, fee };
  }
  const name = input.name ?? "";
  if (input.number === undefined) return { ok: false, message: PRINT_MSG.numberRange };
  const problem = printNameProblem(name, product.printScripts);
  if (problem) return { ok: false, message: problem };
  if (isOffensive(name)) return { ok: false, message: PRINT_MSG.offensive };
  return { ok: true, personalisation: { name, number: input.number, playerId: null }, fee };
}

/** The line key part of a requested print, before it is decided (player id or name and number). */
export function requestedPrintKey(input: PersonalisationParsed | undefined): string {
  if (!input) return "";
  return input.playerId ? `player\u0000${input.playerId}` : `name\u0000${input.name}\u0000${input.number}`;
}
