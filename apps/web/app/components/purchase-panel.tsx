import { useId, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { toast } from "../lib/toast";
import type { CartCheckResult, PurchaseData } from "@khelkud/contracts";
import { api } from "../lib/api";
import { addToCart } from "../lib/cart-store";
import { buyNow } from "../lib/buy-now";
import { StockBadge } from "./stock-badge";
import { NO_PRINT, PersonalisePanel, resolvePrint, type PrintChoice } from "./personalise-panel";
import { useStorePrintFee } from "../lib/shop";
import { tBrowser, useI18n } from "../lib/i18n";

/**
 * Size picker (per-size stock, sold-out sizes disabled), quantity stepper bounded by the chosen size's
 * stock, Buy Now and Add to Cart. Used on the product page and in quick view; cart rules live in lib/cart.
 */
export function PurchasePanel({ product, onDone, onAddedToCart }: { product: PurchaseData; onDone?: () => void; onAddedToCart?: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const { t, digits } = useI18n();
  const needsSize = product.sizes.length > 0;
  const [size, setSize] = useState<string | undefined>(undefined);
  const [quantity, setQuantity] = useState(1);
  const [sizeError, setSizeError] = useState(false);
  // Name-and-number printing (docs/decisions/100), on products the shop marked personalisable.
  const storeFee = useStorePrintFee();
  const fee = product.printFee ?? storeFee;
  const [choice, setChoice] = useState<PrintChoice>(NO_PRINT);
  const [printErrors, setPrintErrors] = useState(false);
  const resolved = resolvePrint(choice, product.players ?? [], product.printScripts ?? ["LATIN"]);
  function checkPrint(): boolean {
    if (!choice.on) return true;
    if (resolved.print) return true;
    setPrintErrors(true);
    return false;
  }
  // A typed name passes the shared character rules here; the word list is the server's (docs/decisions/100). It is
  // asked before the line goes into the cart, so a refused name is said beside its field, not later in the cart.
  const [refused, setRefused] = useState<{ name: string; message: string } | null>(null);
  /** Runs `go` once the print may be ordered: at once without a typed name, after the server's answer with one. */
  function whenPrintAllowed(go: () => void): void {
    if (!checkPrint()) return;
    const print = resolved.print;
    if (!choice.on || !print || print.playerId) return go();
    void printAllowed(print).then((ok) => ok && go());
  }
  async function printAllowed(print: NonNullable<typeof resolved.print>): Promise<boolean> {
    const item = { productId: product.id, size: size ?? product.sizes[0]?.size ?? "default", quantity: 1, personalisation: { name: print.name, number: print.number } };
    const answer = await api<CartCheckResult>("/api/cart/validate", { body: { items: [item] } }).catch(() => null);
    const problem = answer?.lines[0]?.issues.find((i) => i.code === "PRINTING");
    if (!problem) return true;
    setRefused({ name: choice.name, message: problem.message });
    setPrintErrors(true);
    return false;
  }
  const printOptions = choice.on && resolved.print ? { print: resolved.print, printFee: fee } : {};
  const soldOut = product.stock <= 0;
  const chosen = product.sizes.find((s) => s.size === size);
  const max = Math.max(1, chosen ? chosen.stock : product.stock);

  function pick(next: string) {
    setSize(next);
    setSizeError(false);
    const stock = product.sizes.find((s) => s.size === next)?.stock ?? 1;
    setQuantity((q) => Math.min(q, Math.max(1, stock)));
  }

  function checkSize(): boolean {
    if (needsSize && !size) {
      setSizeError(true);
      return false;
    }
    return true;
  }

  // Without scripts "Add to Cart" posts this form to the product page's action, which adds the line to the cart's
  // cookie (docs/decisions/104), and "Buy Now" posts it with `intent=buy-now`, which goes to checkout with that one line
  // (docs/decisions/115); with them the clicks below use the browser's cart and session and the post never leaves.
  return (
    <Form method="post" action={`/products/${product.slug}`} onSubmit={(e) => e.preventDefault()} className="space-y-5">
      <input type="hidden" name="productId" value={product.id} />
      {needsSize ? (
        <div>
          <div className="flex items-center justify-between">
            <h2 id={`${id}-sizes`} className="text-sm font-bold uppercase tracking-wide text-slate-700">
              {t("product.sizes")}
            </h2>
            <div className="flex items-center gap-3">
              {/* Fit is the most common reason for a return: the measurements are one tap away from the sizes. */}
              <Link to="/size-guide" className="inline-flex min-h-11 items-center text-sm font-semibold text-nepal underline underline-offset-2">
                {t("footer.sizeGuide")}
              </Link>
              {chosen ? <StockBadge stock={chosen.stock} /> : <StockBadge stock={product.stock} />}
            </div>
          </div>
          <div role="radiogroup" aria-labelledby={`${id}-sizes`} aria-describedby={sizeError ? `${id}-size-error` : undefined} className="mt-2 flex flex-wrap gap-2">
            {product.sizes.map((s) => (
              <label
                key={s.size}
                className={`relative inline-flex min-h-11 min-w-12 items-center justify-center rounded-lg border px-3 py-2 text-center text-sm font-semibold has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-nepal ${
                  !s.available
                    ? "cursor-not-allowed border-slate-200 bg-slate-100 text-slate-400 line-through"
                    : size === s.size
                      ? "cursor-pointer border-nepal bg-nepal text-white"
                      : "cursor-pointer border-slate-300 bg-white hover:border-nepal has-[:checked]:border-nepal has-[:checked]:bg-nepal has-[:checked]:text-white"
                }`}
              >
                <input type="radio" name="size" value={s.size} checked={size === s.size} disabled={!s.available} onChange={() => pick(s.size)} className="sr-only" />
                {s.size}
                {!s.available ? <span className="sr-only"> ({t("product.soldOut")})</span> : null}
              </label>
            ))}
          </div>
          {sizeError ? (
            <p id={`${id}-size-error`} role="alert" className="mt-2 text-sm font-semibold text-red-700">
              {t("messages.selectSize")}
            </p>
          ) : null}
        </div>
      ) : (
        <StockBadge stock={product.stock} />
      )}

      {product.personalisable && !soldOut ? (
        <PersonalisePanel
          choice={choice}
          onChange={setChoice}
          players={product.players ?? []}
          scripts={product.printScripts ?? ["LATIN"]}
          colors={product.colors}
          fee={fee}
          price={product.finalPrice}
          showErrors={printErrors}
          refusedName={refused && refused.name === choice.name ? refused.message : null}
          productName={product.name}
        />
      ) : null}

      {!soldOut ? (
        <div>
          <label htmlFor={`${id}-qty`} className="text-sm font-bold uppercase tracking-wide text-slate-700">
            {t("product.quantity")}
          </label>
          <div className="mt-2 flex items-center gap-3">
            <div className="inline-flex items-center rounded-lg border border-slate-300 bg-white">
              <button type="button" aria-label={t("product.decrease")} disabled={quantity <= 1} onClick={() => setQuantity((q) => Math.max(1, q - 1))} className="h-11 w-11 text-xl font-bold disabled:text-slate-300">
                −
              </button>
              <input
                id={`${id}-qty`}
                name="quantity"
                type="number"
                inputMode="numeric"
                min={1}
                max={max}
                value={quantity}
                onChange={(e) => {
                  const n = Math.floor(Number(e.target.value));
                  if (Number.isFinite(n)) setQuantity(Math.min(max, Math.max(1, n)));
                }}
                className="h-11 w-14 border-x border-slate-300 text-center font-semibold [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
              />
              <button type="button" aria-label={t("product.increase")} disabled={quantity >= max} onClick={() => setQuantity((q) => Math.min(max, q + 1))} className="h-11 w-11 text-xl font-bold disabled:text-slate-300">
                +
              </button>
            </div>
            {chosen && chosen.stock <= 10 ? <span className="text-sm text-amber-800">{t("product.onlyLeft", { n: digits(chosen.stock) })}</span> : null}
          </div>
        </div>
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="submit"
          name="intent"
          value="buy-now"
          disabled={soldOut}
          onClick={(e) => {
            e.preventDefault();
            whenPrintAllowed(() => {
              checkSize();
              const url = buyNow(product, { size, quantity, ...printOptions });
              if (url) {
                toast.info(tBrowser("messages.redirectingCheckout"), { id: "buy-now", duration: 2000 });
                onDone?.();
                navigate(url);
              }
            });
          }}
          className="min-h-12 flex-1 rounded-lg bg-crimson px-6 font-bold text-white hover:bg-crimson-dark disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
        >
          {soldOut ? t("stock.OUT_OF_STOCK") : t("product.buyNow")}
        </button>
        <button
          type="submit"
          disabled={soldOut}
          onClick={(e) => {
            e.preventDefault();
            whenPrintAllowed(() => {
              checkSize();
              if (addToCart(product, { size, quantity, ...printOptions })) {
                onAddedToCart?.();
                onDone?.();
              }
            });
          }}
          className="min-h-12 flex-1 rounded-lg border-2 border-nepal px-6 font-bold text-nepal hover:bg-nepal hover:text-white disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-500 disabled:hover:bg-transparent"
        >
          {soldOut ? t("stock.OUT_OF_STOCK") : t("product.addToCart")}
        </button>
      </div>
    </Form>
  );
}
