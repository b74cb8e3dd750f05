/** @jsxRuntime automatic */
/** @jsxImportSource react */
// One package per component, not @react-email/components: that one also loads Tailwind, Prism and a Markdown parser,
// half a second for every process that starts the server (docs/decisions/145).
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Column } from "@react-email/column";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { render } from "@react-email/render";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { formatDay, formatMoney, localDigits, NEPALI_PREFIX, productReviewPath, returnTexts, type Locale } from "@khelkud/contracts";
import type { OrderFact } from "../events/events.js";
import { mailTexts } from "../mail/texts.js";
import { fitsSms, fitSms } from "./sms-text.js";

/**
 * What an order notification says (docs/decisions/092), built from the order as it is inside the transaction that
 * records the fact. E-mail: react-email components rendered to HTML (inline styles, the shop's colours, a dark-mode
 * block, no images, no tracking pixel) plus a plain-text part. SMS: one GSM-7 message of at most 160 characters in
 * English, at most two Unicode SMS in Nepali. Every text comes from the mail catalogue (`mail/texts.ts`) in the
 * language the order was placed in (docs/decisions/087).
 */
export interface OrderSnapshot {
  id: string;
  orderNumber: string;
  customerName: string;
  status: string;
  paymentMethod: "COD" | "KHALTI" | "ESEWA";
  subtotal: number;
  shippingCost: number;
  totalAmount: number;
  courier: string | null;
  trackingNumber: string | null;
  address: { fullName: string; phone: string; lines: string[] };
  /** The language the order was placed in (absent in snapshots stored before it was kept: English). */
  locale?: Locale;
  /** When the order was placed (ISO); absent in older snapshots. */
  placedAt?: string;
  /** `print`: "Name: PAUDEL · No. 7 (printing Rs. 500 each)", in the order's language, for a personalised line (docs/decisions/100). */
  items: { name: string; slug: string; size: string; color: string; quantity: number; lineTotal: number; print?: string | null }[];
}

export interface RenderedNotification {
  subject: string;
  text: string;
  html: string;
  sms: string;
}

const COLORS = { nepal: "#003893", crimson: "#DC143C", ink: "#0f172a", muted: "#475569", line: "#e2e8f0", page: "#f8fafc" };

interface Message {
  heading: string;
  subject: string;
  paragraphs: string[];
  sms: string;
  action?: { label: string; url: string };
}

/** The text with its link when both fit the SMS it may take; otherwise the text alone (a link cut short would be worse than none). */
function withLink(text: string, label: string, url: string, without = text): string {
  const full = `${text} ${label ? `${label} ` : ""}${url}`;
  return fitsSms(full) ? full : without;
}

/** The language of an order's messages: the one it was placed in (snapshots written before 0010 have none: English). */
function localeOf(o: OrderSnapshot): Locale {
  return o.locale === "ne" ? "ne" : "en";
}

/** The shop's pages in the order's language: Nepali links open the `/ne/…` pages. */
function pagesBase(base: string, locale: Locale): string {
  return locale === "ne" ? `${base}${NEPALI_PREFIX}` : base;
}

function message(fact: OrderFact, o: OrderSnapshot, siteBase: string): Message {
  const locale = localeOf(o);
  const t = mailTexts(locale);
  const money = (paisa: number) => formatMoney(paisa, locale);
  const base = pagesBase(siteBase, locale);
  const n = o.orderNumber;
  const total = money(o.totalAmount);
  const method = t.payment[o.paymentMethod];
  const orderUrl = `${base}/orders/${encodeURIComponent(o.id)}`;
  const view = { label: t.viewOrder, url: orderUrl };
  switch (fact.type) {
    case "order.placed":
      return {
        heading: t.placedHeading,
        subject: t.placedSubject(n),
        paragraphs: [o.paymentMethod === "COD" ? t.placedCod(n, total) : t.placedWallet(n, total, method)],
        sms: withLink(t.placedSms(n, total, method), t.trackIt, orderUrl),
        action: view,
      };
    case "order.payment_received":
      return {
        heading: t.paidHeading,
        subject: t.paidSubject(n),
        paragraphs: [o.paymentMethod === "COD" ? t.paidCod(n, total) : t.paidWallet(n, total, method)],
        sms: t.paidSms(n, total),
        action: view,
      };
    case "order.status_changed": {
      if (fact.to === "SHIPPED") {
        return {
          heading: t.shippedHeading,
          subject: t.shippedSubject(n),
          paragraphs: [t.shippedBody(n, o.courier, o.trackingNumber)],
          sms: withLink(t.shippedSms(n, o.courier, o.trackingNumber), "", orderUrl),
          action: view,
        };
      }
      if (fact.to === "OUT_FOR_DELIVERY") {
        const cod = o.paymentMethod === "COD" ? total : null;
        return { heading: t.outHeading, subject: t.outSubject(n), paragraphs: [t.outBody(n, cod)], sms: t.outSms(n, cod), action: view };
      }
      if (fact.to === "DELIVERED") {
        const first = o.items[0];
        const reviewUrl = first ? `${base}${productReviewPath(first.slug)}` : orderUrl;
        return {
          heading: t.deliveredHeading,
          subject: t.deliveredSubject(n),
          paragraphs: [t.deliveredBody(n)],
          sms: withLink(t.deliveredSms(n), t.writeReviewSms, reviewUrl),
          action: { label: t.writeReview, url: reviewUrl },
        };
      }
      return { heading: t.processingHeading, subject: t.processingSubject(n), paragraphs: [t.processingBody(n)], sms: t.processingSms(n), action: view };
    }
    case "order.cancelled": {
      const who = t.cancelledBy[fact.by === "CUSTOMER" ? "CUSTOMER" : fact.by === "ADMIN" ? "ADMIN" : o.paymentMethod === "COD" ? "EXPIRED_COD" : "EXPIRED"];
      const stock = fact.stockReturned ? t.cancelledStockBack : "";
      // The amount the shop recorded as given back, which may be less than what was paid.
      const part = fact.refunded !== undefined && fact.refunded < o.totalAmount;
      const refund = fact.moneyReturned ? (part ? t.cancelledRefundedPart(money(fact.refunded!), total) : t.cancelledRefunded(total)) : o.paymentMethod === "COD" ? t.cancelledNothingCharged : t.cancelledNoMoneyTaken;
      return {
        heading: t.cancelledHeading,
        subject: t.cancelledSubject(n),
        paragraphs: [t.cancelledBody(n, who, refund, stock), ...(fact.note ? [t.cancelledNote(fact.note)] : [])],
        sms: t.cancelledSms(n, who, fact.moneyReturned),
        action: view,
      };
    }
    case "order.returned": {
      const part = fact.refunded !== undefined && fact.refunded < o.totalAmount;
      const refund = fact.moneyReturned ? (part ? t.cancelledRefundedPart(money(fact.refunded!), total) : t.cancelledRefunded(total)) : t.cancelledNothingCharged;
      return {
        heading: t.returnedHeading,
        subject: t.returnedSubject(n),
        paragraphs: [t.returnedBody(n, fact.from === "DELIVERED", refund), ...(fact.note ? [t.cancelledNote(fact.note)] : [])],
        sms: t.returnedSms(n, fact.moneyReturned),
        action: view,
      };
    }
    case "order.return_requested":
      return {
        heading: t.returnRequestedHeading,
        subject: t.returnRequestedSubject(n),
        paragraphs: [t.returnRequestedBody(n, returnTexts(locale).said[fact.reason], o.address.phone), returnTexts(locale).next[fact.reason]],
        sms: "",
        action: view,
      };
    case "order.return_declined":
      return {
        heading: t.returnDeclinedHeading,
        subject: t.returnDeclinedSubject(n),
        paragraphs: [t.returnDeclinedBody(n), ...(fact.note ? [t.cancelledNote(fact.note)] : [])],
        sms: t.returnDeclinedSms(n, Boolean(fact.note)),
        action: view,
      };
    case "order.payment_failed": {
      const payUrl = `${base}/payment-selection?orderId=${encodeURIComponent(o.id)}`;
      return {
        heading: t.failedHeading,
        subject: t.failedSubject(n),
        paragraphs: [t.failedBody(n)],
        sms: withLink(t.failedSms(n), t.payNowSms, payUrl, t.failedSmsWithoutLink(n)),
        action: { label: t.payNow, url: payUrl },
      };
    }
  }
}

/** "Order date" in the order's language: Bikram Sambat with the Gregorian date beside it in Nepali (the bill's way). */
function orderDate(o: OrderSnapshot): string | null {
  if (!o.placedAt) return null;
  const locale = localeOf(o);
  const day = formatDay(o.placedAt, locale);
  return locale === "ne" ? `${day} (${formatDay(o.placedAt, "en")})` : day;
}

const s = {
  body: { backgroundColor: COLORS.page, margin: 0, padding: "16px 0", fontFamily: "Segoe UI, Roboto, Helvetica, Arial, sans-serif", color: COLORS.ink },
  card: { backgroundColor: "#ffffff", maxWidth: "560px", margin: "0 auto", border: `1px solid ${COLORS.line}`, borderRadius: "8px", overflow: "hidden" as const },
  brand: { backgroundColor: COLORS.nepal, color: "#ffffff", padding: "14px 20px", fontSize: "18px", fontWeight: 700, margin: 0 },
  inner: { padding: "8px 20px 20px" },
  h1: { fontSize: "22px", lineHeight: "28px", margin: "16px 0 8px", color: COLORS.ink },
  p: { fontSize: "16px", lineHeight: "24px", margin: "8px 0", color: COLORS.ink },
  muted: { fontSize: "14px", lineHeight: "20px", margin: "4px 0", color: COLORS.muted },
  cell: { fontSize: "15px", lineHeight: "22px", padding: "6px 0", color: COLORS.ink },
  right: { fontSize: "15px", lineHeight: "22px", padding: "6px 0", textAlign: "right" as const, color: COLORS.ink, whiteSpace: "nowrap" as const },
  button: { backgroundColor: COLORS.crimson, color: "#ffffff", padding: "12px 20px", borderRadius: "6px", fontSize: "16px", fontWeight: 600, textDecoration: "none", display: "inline-block" },
  hr: { borderColor: COLORS.line, margin: "16px 0" },
};

/** Dark-mode clients (Apple Mail, Outlook apps) read this block; the rest keep the light inline colours, which stay legible. */
const DARK_MODE = `:root{color-scheme:light dark;supported-color-schemes:light dark}
@media (prefers-color-scheme: dark){.kk-body{background-color:#0b1220!important}.kk-card{background-color:#111827!important;border-color:#334155!important}
.kk-card p,.kk-card td,.kk-card h1{color:#e5e7eb!important}.kk-muted{color:#94a3b8!important}.kk-brand{background-color:#002a6e!important}.kk-card p a{color:#93c5fd!important}}`;

function OrderEmail({ m, o, base }: { m: Message; o: OrderSnapshot; base: string }) {
  const locale = localeOf(o);
  const t = mailTexts(locale);
  const money = (paisa: number) => formatMoney(paisa, locale);
  const date = orderDate(o);
  return (
    <Html lang={locale}>
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_MODE}</style>
      </Head>
      <Preview>{m.subject}</Preview>
      <Body style={s.body} className="kk-body">
        <Container style={s.card} className="kk-card">
          <Text style={s.brand} className="kk-brand">
            {t.shopName}
          </Text>
          <Section style={s.inner}>
            <Heading as="h1" style={s.h1}>
              {m.heading}
            </Heading>
            <Text style={s.p}>{t.greeting(o.customerName)}</Text>
            {m.paragraphs.map((p, i) => (
              <Text key={i} style={s.p}>
                {p}
              </Text>
            ))}
            {m.action && (
              <Section style={{ margin: "16px 0" }}>
                <Button href={m.action.url} style={s.button}>
                  {m.action.label}
                </Button>
              </Section>
            )}
            <Hr style={s.hr} />
            <Text style={{ ...s.p, fontWeight: 700 }}>{t.orderLabel(o.orderNumber)}</Text>
            {date && (
              <Text style={s.muted} className="kk-muted">
                {`${t.orderDate}: ${date}`}
              </Text>
            )}
            {o.items.map((i, k) => (
              <Row key={k}>
                <Column style={s.cell}>{`${i.name} · ${t.size} ${i.size}${i.color !== "Default" ? ` · ${i.color}` : ""} × ${localDigits(i.quantity, locale)}${i.print ? ` · ${i.print}` : ""}`}</Column>
                <Column style={s.right}>{money(i.lineTotal)}</Column>
              </Row>
            ))}
            <Hr style={s.hr} />
            <Row>
              <Column style={s.cell}>{t.subtotal}</Column>
              <Column style={s.right}>{money(o.subtotal)}</Column>
            </Row>
            <Row>
              <Column style={s.cell}>{t.shipping}</Column>
              <Column style={s.right}>{o.shippingCost === 0 ? t.free : money(o.shippingCost)}</Column>
            </Row>
            <Row>
              <Column style={{ ...s.cell, fontWeight: 700 }}>{t.total}</Column>
              <Column style={{ ...s.right, fontWeight: 700 }}>{money(o.totalAmount)}</Column>
            </Row>
            <Hr style={s.hr} />
            <Text style={{ ...s.p, fontWeight: 700 }}>{t.shippingTo}</Text>
            <Text style={s.muted} className="kk-muted">
              {[o.address.fullName, ...o.address.lines, o.address.phone].join(", ")}
            </Text>
            <Hr style={s.hr} />
            <Text style={s.muted} className="kk-muted">
              {t.footerBefore}
              <Link href={`${pagesBase(base, locale)}/profile`} style={{ color: COLORS.nepal }}>
                {t.footerLink}
              </Link>
              {t.footerAfter}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

function plainText(m: Message, o: OrderSnapshot, siteBase: string): string {
  const locale = localeOf(o);
  const t = mailTexts(locale);
  const money = (paisa: number) => formatMoney(paisa, locale);
  const base = pagesBase(siteBase, locale);
  const date = orderDate(o);
  const lines = [
    m.heading,
    "",
    t.greeting(o.customerName),
    "",
    ...m.paragraphs,
    "",
    ...(m.action ? [`${m.action.label}: ${m.action.url}`, ""] : []),
    t.orderLabel(o.orderNumber),
    ...(date ? [`${t.orderDate}: ${date}`] : []),
    ...o.items.map((i) => `- ${i.name}, ${t.size} ${i.size}${i.color !== "Default" ? `, ${i.color}` : ""} x ${localDigits(i.quantity, locale)}${i.print ? `, ${i.print}` : ""}: ${money(i.lineTotal)}`),
    `${t.subtotal}: ${money(o.subtotal)}`,
    `${t.shipping}: ${o.shippingCost === 0 ? t.free : money(o.shippingCost)}`,
    `${t.total}: ${money(o.totalAmount)}`,
    "",
    `${t.shippingTo}:`,
    [o.address.fullName, ...o.address.lines, o.address.phone].join(", "),
    "",
    t.plainOrderLink(`${base}/orders/${encodeURIComponent(o.id)}`),
    t.plainProfileLink(`${base}/profile`),
  ];
  return lines.join("\n");
}

/**
 * Subject, plain text and SMS: plain string work, cheap enough to run inside the order's transaction. The HTML part is
 * rendered by the worker at send time from the same snapshot (renderOrderEmailHtml), outside any transaction: React
 * rendering there would hold the order's locks (and the invoice counter's) for milliseconds per order.
 */
export function composeOrderNotification(fact: OrderFact, order: OrderSnapshot, publicUrl: string): Omit<RenderedNotification, "html"> {
  const base = publicUrl.replace(/\/$/, "");
  const m = message(fact, order, base);
  return { subject: m.subject, text: plainText(m, order, base), sms: fitSms(m.sms) };
}

export async function renderOrderEmailHtml(fact: OrderFact, order: OrderSnapshot, publicUrl: string): Promise<string> {
  const base = publicUrl.replace(/\/$/, "");
  return render(<OrderEmail m={message(fact, order, base)} o={order} base={base} />);
}
