import { WALLET_UNAVAILABLE, type WalletProvider } from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import type { UserRow } from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";
import type { PaymentClients } from "../../payments/index.js";
import type { OrdersService } from "../orders/orders.service.js";

export type Viewer = Pick<UserRow, "id" | "role">;

/** What the parts of the payments module share: the database for payment rows, the orders service, the wallet clients. */
export interface PaymentsContext {
  db: Db;
  orders: OrdersService;
  clients: PaymentClients;
  publicUrl: string;
}

/** The wallet did not answer: the order is kept and stays payable (503). */
export function unavailable(provider: WalletProvider): AppError {
  return new AppError("unavailable", WALLET_UNAVAILABLE[provider]);
}
