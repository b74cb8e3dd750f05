/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Body, Button, Column, Container, Head, Heading, Hr, Html, Link, Preview, Row, Section, Text, render } from "@react-email/components";
import { formatNPR } from "@khelkud/contracts";
import type { OrderFact } from "../events/events.js";
import { fitOneSms, smsLength } from "./sms-text.js";

/**
 * What an order notification says (docs/decisions/092), built from the order as it is inside the transaction that
 * records the fact. E-mail: react-email components rendered to HTML (inline styles, the shop's colours, a dark-mode
 * block, no images, no tracking pixel) plus a plain-text part. SMS: one GSM-7 message of at most 160 characters.
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
  /** `print`: "Name: PAUDEL · No. 7 (printing Rs. 500 each)" for a personalised line (docs/decisions/100). */
  items: { name: string; slug: string; size: string; color: string; quantity: number; lineTotal: number; print?: string | null }[];
}

export interface RenderedNotification {
  subject: string;
  text: string;
  html: string;
  sms: string;
}

const COLORS = { nepal: "#003893", crimson: "#DC143C", ink: "#0f172a", muted: "#475569", line: "#e2e8f0", page: "#f8fafc" };
const PAYMENT = { COD: "cash on delivery", KHALTI: "Khalti", ESEWA: "eSewa" } as const;

interface Message {
  heading: string;
  subject: string;
  paragraphs: string[];
  sms: string;
  action?: { label: string; url: string };
}

/** The text with its link when both fit one SMS; otherwise the text alone (a link cut short would be worse than none). */
function withLink(text: string, label: string, url: string, without = text): string {
  const full = `${text} ${label ? `${label} ` : ""}${url}`;
  return smsLength(full).units <= 160 ? full : without;
}

function message(fact: OrderFact, o: OrderSnapshot, base: string): Message {
  const n = o.orderNumber;
  const orderUrl = `${base}/orders/${encodeURIComponent(o.id)}`;
  const view = { label: "View your order", url: orderUrl };
  switch (fact.type) {
    case "order.placed":
      return {
        heading: "Thank you for your order",
        subject: `Order ${n} placed`,
        paragraphs: [
          o.paymentMethod === "COD"
            ? `We have received order ${n}. Please confirm cash on delivery on the order page if you have not yet; you pay the courier ${formatNPR(o.totalAmount)} when it arrives.`
            : `We have received order ${n}. It is reserved for you while you pay ${formatNPR(o.totalAmount)} with ${PAYMENT[o.paymentMethod]}.`,
        ],
        sms: withLink(`Khelkud: order ${n} placed, total ${formatNPR(o.totalAmount)} (${PAYMENT[o.paymentMethod]}).`, "Track it:", orderUrl),
        action: view,
      };
    case "order.payment_received":
      return {
        heading: "Payment received",
        subject: `Payment received for order ${n}`,
        paragraphs: [o.paymentMethod === "COD" ? `We received your cash payment of ${formatNPR(o.totalAmount)} for order ${n}. Thank you.` : `Your ${PAYMENT[o.paymentMethod]} payment of ${formatNPR(o.totalAmount)} for order ${n} is confirmed. We are packing your order.`],
        sms: `Khelkud: payment of ${formatNPR(o.totalAmount)} received for order ${n}. Thank you!`,
        action: view,
      };
    case "order.status_changed": {
      if (fact.to === "SHIPPED") {
        const how = [o.courier ? `with ${o.courier}` : null, o.trackingNumber ? `tracking number ${o.trackingNumber}` : null].filter(Boolean).join(", ");
        return {
          heading: "Your order is on its way",
          subject: `Order ${n} shipped`,
          paragraphs: [`Order ${n} has left our store${how ? ` ${how}` : ""}. It usually arrives in 3-5 business days.`],
          sms: withLink(`Khelkud: order ${n} shipped${o.courier ? ` by ${o.courier}` : ""}${o.trackingNumber ? `, tracking ${o.trackingNumber}` : ""}.`, "", orderUrl),
          action: view,
        };
      }
      if (fact.to === "OUT_FOR_DELIVERY") {
        return {
          heading: "Out for delivery",
          subject: `Order ${n} is out for delivery`,
          paragraphs: [`Order ${n} is out for delivery today.${o.paymentMethod === "COD" ? ` Please keep ${formatNPR(o.totalAmount)} ready for the courier.` : ""}`],
          sms: `Khelkud: order ${n} is out for delivery today.${o.paymentMethod === "COD" ? ` Please keep ${formatNPR(o.totalAmount)} ready.` : ""}`,
          action: view,
        };
      }
      if (fact.to === "DELIVERED") {
        const first = o.items[0];
        const reviewUrl = first ? `${base}/products/${encodeURIComponent(first.slug)}#reviews` : orderUrl;
        return {
          heading: "Delivered",
          subject: `Order ${n} delivered`,
          paragraphs: [`Order ${n} has been delivered. We hope you enjoy it. Tell other fans what you think: write a review.`],
          sms: withLink(`Khelkud: order ${n} delivered. Enjoy!`, "Write a review:", reviewUrl),
          action: { label: "Write a review", url: reviewUrl },
        };
      }
      return {
        heading: "We are preparing your order",
        subject: `Order ${n} is being processed`,
        paragraphs: [`Order ${n} is now being processed: we check and pack your jerseys.`],
        sms: `Khelkud: order ${n} is being processed. We will text you when it ships.`,
        action: view,
      };
    }
    case "order.cancelled": {
      const who = fact.by === "CUSTOMER" ? "as you asked" : fact.by === "ADMIN" ? "by our team" : o.paymentMethod === "COD" ? "because cash on delivery was not confirmed in time" : "because it was not paid in time";
      const stock = fact.stockReturned ? "The items have gone back on sale." : "";
      const money = fact.moneyReturned ? `Your payment of ${formatNPR(o.totalAmount)} has been refunded.` : o.paymentMethod === "COD" ? "Nothing was charged." : "No money was taken.";
      return {
        heading: "Order cancelled",
        subject: `Order ${n} cancelled`,
        paragraphs: [`Order ${n} has been cancelled ${who}. ${money} ${stock}`.trim()],
        sms: `Khelkud: order ${n} cancelled ${who}. ${fact.moneyReturned ? "Your payment was refunded." : "No money was taken."}`,
        action: view,
      };
    }
    case "order.payment_failed": {
      const payUrl = `${base}/payment-selection?orderId=${encodeURIComponent(o.id)}`;
      return {
        heading: "Payment did not go through",
        subject: `Payment for order ${n} failed`,
        paragraphs: [`Your payment for order ${n} did not go through, and no money was taken. Your items are still reserved: you can pay now, or choose cash on delivery.`],
        sms: withLink(`Khelkud: payment for order ${n} failed, no money taken.`, "Pay now:", payUrl, `Khelkud: payment for order ${n} failed, no money taken. Pay now on your order page.`),
        action: { label: "Pay Now", url: payUrl },
      };
    }
  }
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
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_MODE}</style>
      </Head>
      <Preview>{m.subject}</Preview>
      <Body style={s.body} className="kk-body">
        <Container style={s.card} className="kk-card">
          <Text style={s.brand} className="kk-brand">
            Khelkud
          </Text>
          <Section style={s.inner}>
            <Heading as="h1" style={s.h1}>
              {m.heading}
            </Heading>
            <Text style={s.p}>{`Namaste ${o.customerName},`}</Text>
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
            <Text style={{ ...s.p, fontWeight: 700 }}>{`Order ${o.orderNumber}`}</Text>
            {o.items.map((i, k) => (
              <Row key={k}>
                <Column style={s.cell}>{`${i.name} · size ${i.size}${i.color !== "Default" ? ` · ${i.color}` : ""} × ${i.quantity}${i.print ? ` · ${i.print}` : ""}`}</Column>
                <Column style={s.right}>{formatNPR(i.lineTotal)}</Column>
              </Row>
            ))}
            <Hr style={s.hr} />
            <Row>
              <Column style={s.cell}>Subtotal</Column>
              <Column style={s.right}>{formatNPR(o.subtotal)}</Column>
            </Row>
            <Row>
              <Column style={s.cell}>Shipping</Column>
              <Column style={s.right}>{o.shippingCost === 0 ? "Free" : formatNPR(o.shippingCost)}</Column>
            </Row>
            <Row>
              <Column style={{ ...s.cell, fontWeight: 700 }}>Total</Column>
              <Column style={{ ...s.right, fontWeight: 700 }}>{formatNPR(o.totalAmount)}</Column>
            </Row>
            <Hr style={s.hr} />
            <Text style={{ ...s.p, fontWeight: 700 }}>Shipping to</Text>
            <Text style={s.muted} className="kk-muted">
              {[o.address.fullName, ...o.address.lines, o.address.phone].join(", ")}
            </Text>
            <Hr style={s.hr} />
            <Text style={s.muted} className="kk-muted">
              This message is about your order and is sent whatever your newsletter choice. You can turn order updates by e-mail or SMS off on{" "}
              <Link href={`${base}/profile`} style={{ color: COLORS.nepal }}>
                your profile
              </Link>
              .
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

function plainText(m: Message, o: OrderSnapshot, base: string): string {
  const lines = [
    m.heading,
    "",
    `Namaste ${o.customerName},`,
    "",
    ...m.paragraphs,
    "",
    ...(m.action ? [`${m.action.label}: ${m.action.url}`, ""] : []),
    `Order ${o.orderNumber}`,
    ...o.items.map((i) => `- ${i.name}, size ${i.size}${i.color !== "Default" ? `, ${i.color}` : ""} x ${i.quantity}${i.print ? `, ${i.print}` : ""}: ${formatNPR(i.lineTotal)}`),
    `Subtotal: ${formatNPR(o.subtotal)}`,
    `Shipping: ${o.shippingCost === 0 ? "Free" : formatNPR(o.shippingCost)}`,
    `Total: ${formatNPR(o.totalAmount)}`,
    "",
    "Shipping to:",
    [o.address.fullName, ...o.address.lines, o.address.phone].join(", "),
    "",
    `Your order: ${base}/orders/${encodeURIComponent(o.id)}`,
    `Order updates by e-mail or SMS can be turned off on your profile: ${base}/profile`,
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
  return { subject: m.subject, text: plainText(m, order, base), sms: fitOneSms(m.sms) };
}

export async function renderOrderEmailHtml(fact: OrderFact, order: OrderSnapshot, publicUrl: string): Promise<string> {
  const base = publicUrl.replace(/\/$/, "");
  return render(<OrderEmail m={message(fact, order, base)} o={order} base={base} />);
}
