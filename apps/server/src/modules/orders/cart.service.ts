import {
  ADDRESS_MSG,
  amountToFreeShipping,
  CartCheckInputSchema,
  effectivePrice,
  findDistrict,
  formatNPR,
  isKathmanduValley,
  fillMessage,
  MAX_QUANTITY_PER_LINE,
  ORDER_MSG,
  ORDER_TEMPLATE,
  shippingFee,
  type CartCheckLine,
  type CartCheckResult,
} from "@khelkud/contracts";
import type { z } from "zod";
import { invalid } from "../../lib/errors.js";
import type { Db } from "../../db/client.js";
import { productsWithStock } from "../catalog/catalog.service.js";
import type { SettingsService } from "../settings/settings.service.js";
import { decidePrint } from "./personalisation.js";

type CartCheckData = z.infer<typeof CartCheckInputSchema>;

/**
 * Checks a cart kept in the browser against the catalogue as it is now: current price, stock of the
 * chosen size, products that are gone; says what changed and why; and gives the shipping estimate and
 * the free-shipping hint from the one shipping rule (docs/decisions/064). Nothing is reserved here.
 */
export function createCartService(db: Db, deps: { settings: SettingsService }) {
  async function checkCart(input: CartCheckData): Promise<CartCheckResult> {
    const [{ productsById, sizesBy, imageUrls }, settings] = await Promise.all([productsWithStock(db, input.items.map((l) => l.productId)), deps.settings.get()]);

    const lines: CartCheckLine[] = input.items.map((line) => {
      const product = productsById.get(line.productId);
      const base = { productId: line.productId, size: line.size, color: line.color, requestedQuantity: line.quantity, personalisation: null, printFee: 0 };
      if (!product || product.status !== "ACTIVE") {
        return {
          ...base,
          quantity: 0,
          available: false,
          name: product?.name ?? null,
          nameNe: product?.nameNe ?? null,
          slug: product?.slug ?? null,
          image: null,
          price: null,
          originalPrice: null,
          stock: 0,
          lineTotal: 0,
          issues: [{ code: "UNAVAILABLE" as const, message: product ? fillMessage(ORDER_TEMPLATE.noLongerAvailable, { product: product.name }) : ORDER_MSG.productUnavailable }],
        };
      }
      const price = effectivePrice(product.price, product.salePrice);
      const print = line.personalisation ? decidePrint(product, line.personalisation, settings.printFeePaisa) : null;
      if (print?.ok) Object.assign(base, { personalisation: print.personalisation, printFee: print.fee });
      const common = { ...base, name: product.name, nameNe: product.nameNe, slug: product.slug, image: imageUrls.get(product.id) ?? null, price, originalPrice: product.price };
      const size = (sizesBy.get(product.id) ?? []).find((s) => s.size === line.size);
      if (!size) {
        return { ...common, quantity: 0, available: false, stock: 0, lineTotal: 0, issues: [{ code: "UNKNOWN_SIZE" as const, message: fillMessage(ORDER_TEMPLATE.sizeUnavailable, { size: line.size, product: product.name }) }] };
      }
      const issues: CartCheckLine["issues"] = [];
      if (print && !print.ok) {
        issues.push({ code: "PRINTING", message: print.message });
        return { ...common, quantity: 0, available: false, stock: size.stock, lineTotal: 0, issues };
      }
      if (line.price !== undefined && line.price !== price) {
        issues.push({ code: "PRICE_CHANGED", message: fillMessage(price < line.price ? ORDER_TEMPLATE.priceDropped : ORDER_TEMPLATE.priceChanged, { was: formatNPR(line.price), now: formatNPR(price) }) });
      }
      if (size.stock <= 0) {
        issues.push({ code: "SOLD_OUT", message: fillMessage(ORDER_TEMPLATE.soldOut, { product: product.name, size: size.size }) });
        return { ...common, quantity: 0, available: false, stock: 0, lineTotal: 0, issues };
      }
      const quantity = Math.min(line.quantity, size.stock, MAX_QUANTITY_PER_LINE);
      if (line.quantity > size.stock && size.stock <= MAX_QUANTITY_PER_LINE) {
        issues.push({ code: "LOW_STOCK", message: fillMessage(ORDER_TEMPLATE.onlyLeftInSize, { n: size.stock, size: size.size }) });
      } else if (line.quantity > MAX_QUANTITY_PER_LINE) {
        issues.push({ code: "TOO_MANY", message: fillMessage(ORDER_TEMPLATE.oneItemMax, { max: MAX_QUANTITY_PER_LINE }) });
      }
      return { ...common, quantity, available: true, stock: size.stock, lineTotal: (price + common.printFee) * quantity, issues };
    });

    const rule = settings.shipping;
    const subtotal = lines.reduce((sum, l) => sum + l.lineTotal, 0);
    const district = input.district?.trim() ? findDistrict(input.district) : null;
    if (input.district?.trim() && !district) throw invalid(ADDRESS_MSG.districtUnknown, [{ field: "district", message: ADDRESS_MSG.districtUnknown }]);
    const shippingCost = shippingFee(subtotal, district, rule);
    return {
      lines,
      summary: {
        itemCount: lines.reduce((n, l) => n + l.quantity, 0),
        subtotal,
        shippingCost,
        total: subtotal + shippingCost,
        district,
        insideValley: district === null || isKathmanduValley(district),
        freeShippingAbove: rule.freeAbovePaisa,
        amountToFreeShipping: subtotal > 0 ? amountToFreeShipping(subtotal, rule) : rule.freeAbovePaisa + 100,
      },
      canCheckout: lines.length > 0 && lines.every((l) => l.available && l.quantity === l.requestedQuantity),
    };
  }

  return { checkCart };
}

export type CartService = ReturnType<typeof createCartService>;
