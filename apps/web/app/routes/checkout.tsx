import { useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, useActionData, useNavigate, useSearchParams } from "react-router";
import { toast } from "../lib/toast";
import { districtsOf, findDistrict, localText, placeName, placeOptions, PROVINCE_NAMES, provinceOfDistrict, PAN_MESSAGE, PAN_PATTERN, PAYMENT_MSG, PRINT_MSG, ShippingAddressFieldsSchema, ShippingAddressSchema, type EsewaStart, type KhaltiStart, type Order, type PaymentMethod } from "@khelkud/contracts";
import type { Route } from "./+types/checkout";
import { clearBuyNowLine, readBuyNowLine } from "../lib/buy-now";
import { cartLineName, clearCart, printInput, useCart, type CartItem } from "../lib/cart-store";
import { ApiError, api } from "../lib/api";
import { useHydrated } from "../lib/route-form";
import { cookieCart, placeCodOrderAction, requireCustomer } from "../lib/checkout.server";
import { BUY_NOW_COOKIE } from "../lib/cart-cookie";
import { ADDRESS_FIELDS, type AddressField, type CheckoutResult } from "../lib/checkout-form";
import { retryUnanswered } from "../lib/retry-unanswered";
import { useCartCheck } from "../lib/use-cart-check";
import { pageTitle } from "../lib/seo";
import { localizeMessage, metaT, useI18n } from "../lib/i18n";
import { colorText, sizeText } from "../components/cart-panel";
import { SummaryRows } from "../components/order-summary";
import { WalletRedirect } from "../components/wallet-redirect";
import { PaymentMethodIcon } from "../components/icons";
import { esewaTarget, khaltiTarget, rememberPendingPayment, type WalletTarget } from "../lib/wallet-pay";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(metaT(matches)("checkout.title")) }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const buyNow = url.searchParams.get("buyNow") === "1";
  const u = requireCustomer(context, `${url.pathname}${url.search}`, buyNow ? "buy-now" : "checkout");
  const district = findDistrict(u.address.district) ?? "";
  return {
    /** The cart's cookie, checked by the API: what the page shows before (or without) its scripts (docs/decisions/104). */
    cart: await cookieCart(request, context, district, buyNow ? BUY_NOW_COOKIE : undefined),
    /** One key per rendered form: the same form sent twice places one order. */
    idempotencyKey: crypto.randomUUID(),
    /** Wallets this shop can take (a wallet without configuration is not offered). */
    wallets: context.services.payments.walletsAvailable(),
    prefill: {
      fullName: u.name,
      email: u.email,
      phone: u.phone ?? "",
      // The saved address fills the form only where it still names a real province and district.
      province: PROVINCE_NAMES.find((p) => p === provinceOfDistrict(u.address.district)) ?? PROVINCE_NAMES.find((p) => p.toLowerCase() === (u.address.state ?? "").toLowerCase()) ?? "",
      district,
      area: u.address.city ?? "",
      address: u.address.street ?? "",
      landmark: u.address.landmark ?? "",
      postalCode: u.address.postalCode ?? "",
    },
  };
}

/** Checkout posted before or without the page's scripts: cash on delivery through the same API calls. */
export async function action({ request, context }: Route.ActionArgs) {
  return placeCodOrderAction(request, context);
}

type Field = AddressField;
type FieldSpec = { name: Field; label: string; type?: string; autoComplete: string; required: boolean; wide?: boolean; select?: boolean };
/** Province → district → municipality/area → street/tole: the district decides the shipping fee on the server. */
const FIELDS: FieldSpec[] = [
  { name: "fullName", label: "checkout.fullName", autoComplete: "name", required: true },
  { name: "email", label: "checkout.email", type: "email", autoComplete: "email", required: true },
  { name: "phone", label: "checkout.phone", type: "tel", autoComplete: "tel", required: true },
  { name: "province", label: "checkout.province", autoComplete: "address-level1", required: true, select: true },
  { name: "district", label: "checkout.district", autoComplete: "off", required: true, select: true },
  { name: "area", label: "checkout.area", autoComplete: "address-level2", required: true },
  { name: "address", label: "checkout.street", autoComplete: "street-address", required: true, wide: true },
  { name: "landmark", label: "checkout.landmark", autoComplete: "off", required: false },
  { name: "postalCode", label: "checkout.postalCode", autoComplete: "postal-code", required: false },
];

const METHODS: { value: PaymentMethod | "CARD"; label: string; hint: string; disabled?: boolean }[] = [
  { value: "COD", label: "checkout.cod", hint: "checkout.codHint" },
  { value: "KHALTI", label: "checkout.khalti", hint: "checkout.khaltiHint" },
  { value: "ESEWA", label: "checkout.esewa", hint: "checkout.esewaHint" },
  { value: "CARD", label: "checkout.card", hint: "checkout.cardHint", disabled: true },
];

function fieldError(name: Field, value: string): string | null {
  const r = ShippingAddressFieldsSchema.shape[name].safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? "is invalid");
}

/** Every field's first message, including the district-in-province check that needs the whole address. */
function addressErrors(values: Record<Field, string>): Partial<Record<Field, string>> {
  const r = ShippingAddressSchema.safeParse(values);
  const next: Partial<Record<Field, string>> = {};
  for (const issue of r.success ? [] : r.error.issues) {
    const name = issue.path[0] as Field;
    next[name] ??= issue.message;
  }
  return next;
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { t, money, digits, locale, say } = useI18n();
  const isBuyNow = params.get("buyNow") === "1";
  const cart = useCart();
  const answer = useActionData<typeof action>() as CheckoutResult | undefined;
  const hydrated = useHydrated();
  const [buyNowLine, setBuyNowLine] = useState<CartItem | null | undefined>(undefined);
  const [values, setValues] = useState<Record<Field, string>>(() => ({ ...loaderData.prefill, ...Object.fromEntries(ADDRESS_FIELDS.flatMap((f) => (typeof answer?.values?.[f] === "string" ? [[f, answer.values[f]]] : []))) }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>(() => (answer?.fieldErrors ?? {}) as Partial<Record<Field, string>>);
  const [method, setMethod] = useState<PaymentMethod>("COD");
  /** The buyer's PAN for the tax invoice (optional, 9 digits). */
  const [buyerPan, setBuyerPan] = useState(() => String(answer?.values?.buyerPan ?? ""));
  const panError = buyerPan.trim() && !PAN_PATTERN.test(buyerPan.trim()) ? PAN_MESSAGE : null;
  const [submitting, setSubmitting] = useState(false);
  const idempotencyKey = useRef<string | null>(null);
  const [walletTarget, setWalletTarget] = useState<WalletTarget | null>(null);
  const wallets = loaderData.wallets;
  const walletOn = (m: PaymentMethod) => (m === "KHALTI" ? wallets.khalti : m === "ESEWA" ? wallets.esewa : true);
  const WALLETS_AVAILABLE = walletOn(method);

  useEffect(() => setBuyNowLine(isBuyNow ? readBuyNowLine() : null), [isBuyNow]);
  /** The browser's cart once the scripts have read it; until then the cookie's lines as the server checked them. */
  const clientItems: CartItem[] | null = useMemo(() => (buyNowLine === undefined ? null : isBuyNow ? (buyNowLine ? [buyNowLine] : []) : cart), [buyNowLine, isBuyNow, cart]);
  // Buy Now with scripts waits for its line from the browser's session; without them its cookie's line is shown (docs/decisions/115).
  const scripted = typeof document !== "undefined" && "hydrated" in document.documentElement.dataset;
  const items: CartItem[] | null = clientItems ?? (isBuyNow && scripted ? null : loaderData.cart.items);

  // docs/product-rules.md §6: an empty cart goes back to /cart.
  useEffect(() => {
    if (clientItems !== null && clientItems.length === 0 && !submitting) navigate("/cart", { replace: true });
  }, [clientItems, navigate, submitting]);

  const { result, loading } = useCartCheck(items, findDistrict(values.district) ?? undefined, loaderData.cart.check);
  // Personalised lines cannot be returned for a change of mind: the shopper ticks that before paying (docs/decisions/100).
  const hasPrint = Boolean(items?.some((i) => i.print));
  const [acceptNoReturns, setAcceptNoReturns] = useState(() => answer?.values?.acceptNoReturns === true);
  const [noReturnsError, setNoReturnsError] = useState(() => Boolean(answer?.fieldErrors?.acceptNoReturns));
  const problems = result?.lines.filter((l) => !l.available || l.quantity !== l.requestedQuantity) ?? [];
  /** A line's name in the page's language, as the server's check of the cart has it (else as the cart keeps it). */
  const lineName = (i: CartItem) => {
    const checked = result?.lines.find((l) => l.productId === i.productId && l.name);
    return checked ? localText(locale, checked.name!, checked.nameNe) : cartLineName(i, locale);
  };

  function validateAll(): boolean {
    const next = addressErrors(values);
    setErrors(next);
    const first = FIELDS.find((f) => next[f.name]);
    if (first) {
      document.getElementById(`checkout-${first.name}`)?.focus();
      return false;
    }
    if (panError) {
      document.getElementById("checkout-buyerPan")?.focus();
      return false;
    }
    return true;
  }

  async function placeOrder(e: React.FormEvent) {
    e.preventDefault();
    if (submitting || !items?.length) return;
    if (!method) return void toast.error(t("messages.selectPaymentMethod"));
    if (!validateAll()) return;
    if (hasPrint && !acceptNoReturns) {
      setNoReturnsError(true);
      document.getElementById("checkout-accept-no-returns")?.focus();
      return;
    }
    if (method !== "COD" && !WALLETS_AVAILABLE) {
      toast.info(t("checkout.walletNotYet", { wallet: t(method === "KHALTI" ? "checkout.khalti" : "checkout.esewa") }));
      return;
    }
    setSubmitting(true);
    idempotencyKey.current ??= crypto.randomUUID();
    if (method === "KHALTI" || method === "ESEWA") return void payWithWallet(method, items);
    let order: Order;
    const key = idempotencyKey.current;
    try {
      // A 502/504 or a broken connection (an instance died mid-request) is sent again with the same key: the shopper
      // gets the one order the first attempt may already have made (docs/decisions/031).
      ({ order } = await retryUnanswered(() =>
        api<{ order: Order }>("/api/orders", {
          body: {
            items: items.map((i) => ({ productId: i.productId, size: i.size, color: i.color, quantity: i.quantity, personalisation: printInput(i.print) })),
            shippingAddress: values,
            paymentMethod: method,
            ...(buyerPan.trim() ? { buyerPan: buyerPan.trim() } : {}),
            ...(hasPrint ? { acceptNoReturns } : {}),
          },
          // The order is placed in the page's language: its e-mails and SMS speak it (docs/decisions/087).
          headers: { "Idempotency-Key": key, "Accept-Language": locale },
        }),
      ));
    } catch (error) {
      setSubmitting(false);
      // Refused (4xx): nothing was made, so a corrected cart starts afresh. Unknown outcome: keep the key, so pressing
      // Place Order again finds the order the shop may have made instead of making a second one.
      if (error instanceof ApiError && error.status > 0 && error.status < 500) idempotencyKey.current = null;
      toast.error(error instanceof ApiError && error.status < 500 ? error.message : t("checkout.placeFailed"), { duration: 3000 });
      return;
    }
    try {
      await retryUnanswered(() => api("/api/payments/cod/process", { body: { orderId: order.id } }));
    } catch (error) {
      setSubmitting(false);
      toast.error(error instanceof ApiError && error.status < 500 ? error.message : t("checkout.codFailed"), { duration: 3000 });
      return;
    }
    // docs/product-rules.md §5: the cart is cleared once the order is confirmed; Buy Now never touches it.
    if (isBuyNow) clearBuyNowLine();
    else clearCart(true);
    toast.success(t("checkout.codConfirmed"));
    navigate(`/order-success?orderId=${encodeURIComponent(order.id)}`, { replace: true, state: { order } });
  }

  /**
   * docs/product-rules.md §5, §6: one call creates the order (stock reserved) and starts the payment; the cart stays
   * as it is until the payment is confirmed. The same Idempotency-Key after an outage reuses the order.
   */
  async function payWithWallet(wallet: "KHALTI" | "ESEWA", lines: CartItem[]) {
    const path = wallet === "KHALTI" ? "/api/payments/khalti/initiate-with-order" : "/api/payments/esewa/initiate-with-order";
    try {
      const key = idempotencyKey.current!;
      const started = await retryUnanswered(() =>
        api<KhaltiStart | EsewaStart>(path, {
          body: {
            orderData: {
              items: lines.map((i) => ({ productId: i.productId, size: i.size, color: i.color, quantity: i.quantity, personalisation: printInput(i.print) })),
              shippingAddress: values,
              ...(buyerPan.trim() ? { buyerPan: buyerPan.trim() } : {}),
              ...(hasPrint ? { acceptNoReturns } : {}),
            },
          },
          // The order is placed in the page's language: its e-mails and SMS speak it (docs/decisions/087).
          headers: { "Idempotency-Key": key, "Accept-Language": locale },
        }),
      );
      rememberPendingPayment(started.orderId, isBuyNow ? "buyNow" : "cart");
      if (wallet === "KHALTI") {
        toast.success(localizeMessage(PAYMENT_MSG.redirectingKhalti, locale));
        setWalletTarget(khaltiTarget(started as KhaltiStart));
      } else {
        setWalletTarget(esewaTarget(started as EsewaStart));
      }
    } catch (error) {
      setSubmitting(false);
      const status = error instanceof ApiError ? error.status : 0;
      // 503: the order is saved and the wallet did not answer; 0/5xx: the outcome is unknown. Keep the key in both
      // cases so a retry pays that same order.
      if (status > 0 && status < 500) idempotencyKey.current = null;
      const fallback = localizeMessage(wallet === "KHALTI" ? PAYMENT_MSG.khaltiInitFailed : PAYMENT_MSG.esewaInitFailed, locale);
      toast.error(error instanceof ApiError && (status < 500 || status === 503) ? error.message : fallback, { duration: 4000 });
    }
  }

  if (items === null || items.length === 0)
    return (
      <div className="mx-auto min-h-[50vh] max-w-7xl px-4 py-8" aria-busy={hydrated ? "true" : undefined}>
        {hydrated ? null : (
          // The server's page when the cart's cookie holds nothing (or nothing readable): without scripts that is the answer;
          // with them the browser's own cart replaces it at once.
          <>
            <h1 className="text-2xl font-bold">{t("cart.empty")}</h1>
            {loaderData.cart.unreadable ? (
              <p role="alert" className="mt-2 text-red-800">
                {t("cart.unreadable")}
              </p>
            ) : null}
            <Link to="/products" className="mt-4 inline-flex min-h-11 items-center font-semibold text-nepal underline">
              {t("cart.continue")}
            </Link>
          </>
        )}
      </div>
    );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("checkout.title")}</h1>
      {answer?.refused || answer?.formError ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
          {answer.refused ? t(answer.refused) : localizeMessage(answer.formError!, locale)}
        </p>
      ) : null}
      <Form method="post" noValidate onSubmit={placeOrder} className="mt-6 grid gap-6 lg:grid-cols-3">
        <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
        <div className="space-y-6 lg:col-span-2">
          <fieldset className="rounded-xl border border-slate-200 bg-white p-4">
            <legend className="px-1 text-lg font-bold">{t("checkout.shipping")}</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              {FIELDS.map((f) => (
                <div key={f.name} className={f.wide ? "sm:col-span-2" : ""}>
                  <label htmlFor={`checkout-${f.name}`} className="block text-sm font-semibold text-slate-700">
                    {t(f.label)}
                    {f.required ? <span className="text-crimson"> *</span> : <span className="font-normal text-slate-500"> ({t("checkout.optional")})</span>}
                  </label>
                  {f.select ? (
                    <select
                      id={`checkout-${f.name}`}
                      name={f.name}
                      autoComplete={f.autoComplete}
                      value={values[f.name]}
                      disabled={hydrated && f.name === "district" && !values.province}
                      aria-invalid={errors[f.name] ? true : undefined}
                      aria-describedby={errors[f.name] ? `checkout-${f.name}-error` : undefined}
                      onChange={(e) => {
                        const v = e.target.value;
                        setValues((s) => (f.name === "province" ? { ...s, province: v, district: districtsOf(v).some((d) => d === s.district) ? s.district : "" } : { ...s, [f.name]: v }));
                        setErrors((s) => ({ ...s, [f.name]: fieldError(f.name, v) ?? undefined }));
                      }}
                      className={`mt-1 h-11 w-full rounded-lg border bg-white px-3 disabled:bg-slate-100 ${errors[f.name] ? "border-red-600" : "border-slate-300"}`}
                    >
                      <option value="">{f.name === "province" ? t("checkout.selectProvince") : values.province ? t("checkout.selectDistrict") : t("checkout.provinceFirst")}</option>
                      {f.name === "district" && !hydrated
                        ? // Without scripts the list cannot follow the province: every district, under its province.
                          PROVINCE_NAMES.map((p) => (
                            <optgroup key={p} label={placeName(p, locale)}>
                              {placeOptions(districtsOf(p), locale).map((o) => (
                                <option key={o.value} value={o.value}>
                                  {o.label}
                                </option>
                              ))}
                            </optgroup>
                          ))
                        : placeOptions(f.name === "province" ? PROVINCE_NAMES : districtsOf(values.province), locale).map((o) => (
                            <option key={o.value} value={o.value}>
                              {o.label}
                            </option>
                          ))}
                    </select>
                  ) : (
                    <input
                      id={`checkout-${f.name}`}
                      name={f.name}
                      type={f.type ?? "text"}
                      autoComplete={f.autoComplete}
                      value={values[f.name]}
                      aria-invalid={errors[f.name] ? true : undefined}
                      aria-describedby={errors[f.name] ? `checkout-${f.name}-error` : undefined}
                      onChange={(e) => {
                        const v = e.target.value;
                        setValues((s) => ({ ...s, [f.name]: v }));
                        if (errors[f.name]) setErrors((s) => ({ ...s, [f.name]: fieldError(f.name, v) ?? undefined }));
                      }}
                      onBlur={(e) => setErrors((s) => ({ ...s, [f.name]: fieldError(f.name, e.target.value) ?? undefined }))}
                      className={`mt-1 h-11 w-full rounded-lg border px-3 ${errors[f.name] ? "border-red-600" : "border-slate-300"}`}
                    />
                  )}
                  {errors[f.name] ? (
                    <p id={`checkout-${f.name}-error`} className="mt-1 text-sm text-red-700">
                      {localizeMessage(errors[f.name]!, locale)}
                    </p>
                  ) : null}
                </div>
              ))}
            </div>
            <div className="mt-4">
              <label htmlFor="checkout-buyerPan" className="block text-sm font-semibold text-slate-700">
                {t("checkout.pan")} <span className="font-normal text-slate-500">({t("checkout.optional")})</span>
              </label>
              <input
                id="checkout-buyerPan"
                name="buyerPan"
                inputMode="numeric"
                maxLength={9}
                value={buyerPan}
                onChange={(e) => setBuyerPan(e.target.value)}
                aria-invalid={panError ? true : undefined}
                aria-describedby={panError ? "checkout-buyerPan-error" : undefined}
                className={`mt-1 h-11 w-full rounded-lg border px-3 sm:w-60 ${panError ? "border-red-600" : "border-slate-300"}`}
              />
              {panError ? (
                <p id="checkout-buyerPan-error" className="mt-1 text-sm text-red-700">
                  {localizeMessage(panError, locale)}
                </p>
              ) : null}
            </div>
          </fieldset>

          <fieldset className="rounded-xl border border-slate-200 bg-white p-4">
            <legend className="px-1 text-lg font-bold">{t("checkout.paymentMethod")}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {METHODS.map((m) => (
                <label key={m.value} className={`flex items-start gap-3 rounded-lg border p-3 ${m.disabled || (m.value !== "CARD" && !walletOn(m.value)) ? "cursor-not-allowed border-slate-200 bg-slate-50 text-slate-500" : method === m.value ? "cursor-pointer border-nepal bg-blue-50" : "cursor-pointer border-slate-300 hover:bg-slate-50"}`}>
                  <input type="radio" name="paymentMethod" value={m.value} disabled={m.disabled || (m.value !== "CARD" && !walletOn(m.value))} checked={method === m.value} onChange={() => setMethod(m.value as PaymentMethod)} className="mt-1 accent-nepal" />
                  <PaymentMethodIcon method={m.value} className="mt-0.5 h-6 w-6 shrink-0" />
                  <span>
                    <span className="block font-semibold">{t(m.label)}</span>
                    <span className="block text-sm">{m.value !== "CARD" && !walletOn(m.value) ? t("checkout.notAvailable") : t(m.hint)}</span>
                  </span>
                </label>
              ))}
            </div>
            {method !== "COD" && !WALLETS_AVAILABLE ? <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{t("checkout.walletsNotYet")}</p> : null}
          </fieldset>
        </div>

        <aside className="h-fit space-y-4 rounded-xl border border-slate-200 bg-white p-4" aria-labelledby="checkout-summary">
          <h2 id="checkout-summary" className="text-lg font-bold">
            {t("checkout.summary")}
          </h2>
          <ul className="divide-y divide-slate-200" aria-label={t("checkout.itemsInOrder")}>
            {items.map((i) => (
              <li key={i.key} className="flex gap-3 py-2 text-sm">
                <div className="h-14 w-14 shrink-0 overflow-hidden rounded bg-slate-100">{i.image ? <img src={i.image} alt="" width={56} height={56} className="h-full w-full object-cover" /> : null}</div>
                <div className="min-w-0 flex-1">
                  <p className="line-clamp-2 font-semibold">{lineName(i)}</p>
                  <p className="text-slate-600">
                    {[sizeText(i.size) && t("cart.size", { size: sizeText(i.size) }), colorText(i.color)].filter(Boolean).join(" · ")} × {digits(i.quantity)}
                  </p>
                  {i.print ? (
                    <p className="font-semibold text-nepal">
                      {t("printLine.line", { name: i.print.name, number: digits(i.print.number) })} <span className="font-normal text-slate-600">{t("printLine.feeParen", { amount: money(i.printFee ?? 0) })}</span>
                    </p>
                  ) : null}
                </div>
                <span className="font-semibold">{money((i.price + (i.printFee ?? 0)) * i.quantity)}</span>
              </li>
            ))}
          </ul>
          <SummaryRows summary={result?.summary ?? null} loading={loading} />
          {problems.length ? (
            <div className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
              {problems.flatMap((p) => p.issues.map((i) => <p key={`${p.productId}-${p.size}-${i.code}`}>{say(i.message)}</p>))}
              <Link to="/cart" className="font-semibold underline">
                {t("checkout.reviewCart")}
              </Link>
            </div>
          ) : null}
          {hasPrint ? (
            <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              <p>{say(PRINT_MSG.noReturns)}</p>
              <label className="mt-2 flex min-h-11 items-start gap-2 font-semibold">
                <input
                  id="checkout-accept-no-returns"
                  name="acceptNoReturns"
                  type="checkbox"
                  checked={acceptNoReturns}
                  onChange={(e) => {
                    setAcceptNoReturns(e.target.checked);
                    if (e.target.checked) setNoReturnsError(false);
                  }}
                  aria-invalid={noReturnsError ? true : undefined}
                  aria-describedby={noReturnsError ? "checkout-accept-no-returns-error" : undefined}
                  className="mt-0.5 h-5 w-5 shrink-0 accent-nepal"
                />
                {t("checkout.acceptNoReturns")}
              </label>
              {noReturnsError ? (
                <p id="checkout-accept-no-returns-error" role="alert" className="mt-1 font-semibold text-red-700">
                  {say(PRINT_MSG.noReturnsRequired)}
                </p>
              ) : null}
            </div>
          ) : null}
          <button type="submit" disabled={submitting} className="w-full rounded-lg bg-crimson py-3 font-semibold text-white hover:bg-crimson-dark disabled:cursor-wait disabled:opacity-70">
            {submitting ? t("checkout.placing") : t("checkout.placeOrder")}
          </button>
          <p className="text-xs text-slate-600">{t("checkout.confirmedByShop")}</p>
        </aside>
      </Form>
      {walletTarget ? <WalletRedirect target={walletTarget} /> : null}
    </div>
  );
}
