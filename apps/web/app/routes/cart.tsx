import { useEffect, useState } from "react";
import type { CartCheckLine } from "@khelkud/contracts";
import { Form, Link, useActionData } from "react-router";
import type { Route } from "./+types/cart";
import { changeCartAction, type CartChangeRefusal } from "../lib/add-to-cart.server";
import { cookieCart } from "../lib/checkout.server";
import { PRINT_MSG } from "@khelkud/contracts";
import { metaT, useI18n } from "../lib/i18n";
import { cartLineName, clearCart, removeFromCart, setLineFromCheck, updateQuantity, useCart } from "../lib/cart-store";
import { useCartCheck } from "../lib/use-cart-check";
import { pageTitle } from "../lib/seo";
import { QuantityStepper } from "../components/quantity-stepper";
import { colorText, sizeText } from "../components/cart-panel";
import { PrintLine } from "../components/print-line";
import { FreeShippingHint, SummaryRows } from "../components/order-summary";

export function meta({ matches }: { matches: readonly unknown[] }) {
  return [{ title: pageTitle(metaT(matches)("cart.title")) }, { name: "robots", content: "noindex" }];
}

/**
 * Before (or without) the page's scripts the cart page shows the cart's cookie, checked by the API's cart check like
 * checkout (docs/decisions/104, 115); with scripts the browser's cart takes over, so a navigation inside the app asks
 * the server nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return cookieCart(request, context, "");
}

export function clientLoader() {
  return { items: [], check: null, unreadable: false };
}

/** The steppers, "Remove" and "Clear Cart" posted without scripts change the cart's cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  return changeCartAction(request, context);
}

/** Submit buttons that, with scripts, change the browser's cart instead and post nothing. */
const withScripts = (run: () => void) => (event: { preventDefault(): void }) => {
  event.preventDefault();
  run();
};

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const items = useCart() ?? loaderData.items;
  const answer = useActionData<typeof action>() as { refused?: CartChangeRefusal } | undefined;
  const { t, money, locale, say } = useI18n();
  const { result, loading, error } = useCartCheck(items, undefined, loaderData.check);
  // What changed and why stays on screen after the line has been corrected.
  const [notices, setNotices] = useState<Record<string, CartCheckLine["issues"]>>({});

  // Keep the browser's lines in step with what the server says can be bought now, and with the product's names (a line
  // kept before the cart held both names gets its Nepali one here).
  useEffect(() => {
    if (!result || !items) return;
    const found: Record<string, CartCheckLine["issues"]> = {};
    result.lines.forEach((line, i) => {
      const item = items[i];
      if (!item || item.productId !== line.productId) return;
      if (line.issues.length) found[item.key] = line.issues;
      if (!line.available || line.price === null) return;
      const names = line.name ? { name: line.name, nameNe: line.nameNe } : undefined;
      const renamed = names !== undefined && (names.name !== item.name || names.nameNe !== (item.nameNe ?? null));
      if (line.quantity !== item.quantity || line.price !== item.price || line.stock !== item.stock || renamed)
        setLineFromCheck(item.key, line.quantity, line.price, line.stock, names);
    });
    if (Object.keys(found).length) setNotices((prev) => ({ ...prev, ...found }));
  }, [result, items]);

  if (items === null) {
    return <div className="mx-auto min-h-[50vh] max-w-7xl px-4 py-8" aria-busy="true" />;
  }
  if (items.length === 0) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        {loaderData.unreadable || answer?.refused ? (
          <p role="alert" className="mb-6 rounded-lg bg-red-50 px-4 py-3 text-sm font-semibold text-red-800">
            {t(answer?.refused ?? "cart.unreadable")}
          </p>
        ) : null}
        <h1 className="text-3xl font-bold">{t("cart.empty")}</h1>
        <p className="mt-2 text-slate-600">{t("cart.emptyText")}</p>
        <Link to="/products" className="mt-8 rounded-lg bg-crimson px-5 py-2.5 font-semibold text-white hover:bg-crimson-dark">
          {t("cart.continue")}
        </Link>
      </section>
    );
  }

  const blocked = result ? !result.lines.every((l) => l.available) : false;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("cart.title")}</h1>
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value="clear"
            onClick={withScripts(clearCart)}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-crimson hover:bg-red-50"
          >
            {t("cart.clear")}
          </button>
        </Form>
      </div>
      {answer?.refused ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm font-semibold text-red-800">
          {t(answer.refused)}
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white lg:col-span-2" aria-label={t("cart.itemsLabel")}>
          {items.map((item, i) => {
            const check = result?.lines[i]?.productId === item.productId ? result.lines[i] : undefined;
            const issues = check && !check.available ? check.issues : (notices[item.key] ?? check?.issues ?? []);
            // A line that can no longer be bought has no amount and no quantity to change: only Remove.
            const unavailable = check ? !check.available : false;
            const name = cartLineName(item, locale);
            return (
              <li key={item.key} className="flex gap-3 p-4">
                <Link to={`/products/${item.slug}`} className="h-24 w-24 shrink-0 overflow-hidden rounded-lg bg-slate-100">
                  {item.image ? <img src={item.image} alt={name} width={96} height={96} className="h-full w-full object-cover" /> : null}
                </Link>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <Link to={`/products/${item.slug}`} className="font-semibold hover:text-nepal">
                        {name}
                      </Link>
                      <p className="text-sm text-slate-600">
                        {[sizeText(item.size) && t("cart.size", { size: sizeText(item.size) }), colorText(item.color)].filter(Boolean).join(" · ")}
                      </p>
                      <PrintLine print={item.print} fee={item.printFee ?? 0} />
                      <p className="text-sm">
                        <span className={item.originalPrice > item.price ? "font-semibold text-crimson" : "font-semibold"}>{money(item.price)}</span>
                        {item.originalPrice > item.price ? <span className="ml-2 text-slate-500 line-through">{money(item.originalPrice)}</span> : null}
                      </p>
                    </div>
                    {unavailable ? null : <p className="font-bold">{money((item.price + (item.printFee ?? 0)) * item.quantity)}</p>}
                  </div>
                  {issues.length ? (
                    <ul className="mt-2 space-y-1" aria-label={t("cart.whatChanged", { name: name })}>
                      {issues.map((issue) => (
                        <li
                          key={issue.code}
                          role="status"
                          className={`rounded px-2 py-1 text-xs font-semibold ${issue.code === "PRICE_CHANGED" || issue.code === "LOW_STOCK" || issue.code === "TOO_MANY" ? "bg-amber-50 text-amber-900" : "bg-red-50 text-red-800"}`}
                        >
                          {say(issue.message)}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <Form method="post" className="mt-2 flex items-center justify-between gap-2">
                    <input type="hidden" name="line" value={item.key} />
                    {unavailable ? (
                      <span />
                    ) : (
                      <QuantityStepper
                        name="quantity"
                        value={item.quantity}
                        max={Math.min(item.stock, 10)}
                        label={name}
                        onChange={(q) => (q <= 0 ? removeFromCart(item.key) : updateQuantity(item.key, q))}
                      />
                    )}
                    <button
                      type="submit"
                      name="intent"
                      value="remove"
                      onClick={withScripts(() => removeFromCart(item.key))}
                      className="text-sm font-semibold text-crimson hover:underline"
                    >
                      {t("cart.remove")}
                      <span className="sr-only"> {name}</span>
                    </button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
        <aside className="h-fit space-y-4 rounded-xl border border-slate-200 bg-white p-4" aria-labelledby="summary-title">
          <h2 id="summary-title" className="text-lg font-bold">
            {t("checkout.summary")}
          </h2>
          <SummaryRows summary={result?.summary ?? null} loading={loading} />
          <FreeShippingHint summary={result?.summary ?? null} />
          {error ? <p className="text-sm text-red-700">{error}</p> : null}
          {blocked ? <p className="text-sm font-semibold text-red-700">{t("cart.removeUnavailable")}</p> : null}
          {blocked ? (
            <span aria-disabled="true" className="block rounded-lg bg-slate-300 py-3 text-center font-semibold text-white">
              {t("cart.proceed")}
            </span>
          ) : (
            <Link to="/checkout" className="block rounded-lg bg-crimson py-3 text-center font-semibold text-white hover:bg-crimson-dark">
              {t("cart.proceed")}
            </Link>
          )}
          <Link to="/products" className="block rounded-lg border border-slate-300 py-2.5 text-center font-semibold hover:bg-slate-100">
            {t("cart.continue")}
          </Link>
          <p className="text-xs text-slate-600">{t("cart.delivery")}</p>
          {items.some((i) => i.print) ? <p className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-950">{say(PRINT_MSG.noReturns)}</p> : null}
        </aside>
      </div>
    </div>
  );
}
