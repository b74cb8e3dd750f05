import { Link } from "react-router";
import { canonicalUrl } from "../../lib/seo";
import { formatNPR } from "@khelkud/contracts";
import type { Route } from "./+types/faq";
import { InfoPage } from "../../components/info-page";
import { pageTitle } from "../../lib/seo";

export async function loader({ context }: Route.LoaderArgs) {
  const s = await context.services.settings.get();
  return { rule: s.shipping, phone: s.phone, email: s.email, publicUrl: context.publicUrl };
}

const DESCRIPTION = "Answers to common questions about Khelkud: authenticity, payment, shipping, returns, sizes and your account.";

export function meta({ data, matches }: Route.MetaArgs) {
  return [
    { title: pageTitle("Frequently Asked Questions") },
    { name: "description", content: DESCRIPTION },
    { tagName: "link", rel: "canonical", href: canonicalUrl(data?.publicUrl, matches, "/faq") },
    { property: "og:title", content: pageTitle("Frequently Asked Questions") },
    { property: "og:description", content: DESCRIPTION },
  ];
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { rule, phone, email } = loaderData;
  const groups: { title: string; items: [string, React.ReactNode][] }[] = [
    {
      title: "Products",
      items: [
        ["Are your jerseys authentic?", "Yes. Every product comes from the brand or its licensed distributor, and we check product codes and labels when stock arrives. We do not sell replicas or “first copies”."],
        [
          "How do I choose my size?",
          <>
            Measure your chest and compare it with our <Link to="/size-guide">size guide</Link>. Player versions are cut slimmer than fan versions. If the fit is wrong, exchange the size free within 30 days.
          </>,
        ],
        ["Do you print names and numbers?", "Not yet. The shirts we sell come as the brand makes them. Some products are sold with a player's name and number already printed; this is shown in the product name."],
        ["Will a sold-out size come back?", "Often, yes: we restock popular sizes each season. Add the product to your wishlist and check back, or subscribe to our newsletter for restock news."],
      ],
    },
    {
      title: "Orders and payment",
      items: [
        ["How can I pay?", "Cash on delivery, Khalti or eSewa. Card payments are coming soon. All prices are in Nepali rupees (NPR) and include VAT."],
        ["Do I need an account to order?", "You can browse, keep a cart and a wishlist without an account. To check out you need to log in or register, so that you can follow your order and its delivery."],
        ["My wallet payment failed. Was I charged?", "Your order waits for payment for 60 minutes and you can try again with Pay Now from the order page. We only mark an order as paid once Khalti or eSewa confirms the payment to us, and unpaid orders are cancelled automatically."],
        ["Can I cancel my order?", "Yes, until it has been shipped. An unpaid order has a Cancel Order button on its page. For an order you have already paid, contact us with your order number; it is refunded to the wallet you paid with."],
      ],
    },
    {
      title: "Shipping and returns",
      items: [
        [
          "How much is shipping?",
          <>
            Free on orders above {formatNPR(rule.freeAbovePaisa)}. Otherwise {formatNPR(rule.valleyFeePaisa)} inside the Kathmandu Valley and {formatNPR(rule.elsewhereFeePaisa)} elsewhere in Nepal. See{" "}
            <Link to="/shipping">shipping information</Link>.
          </>,
        ],
        ["How long does delivery take?", "3–5 business days for most of Nepal, usually 1–2 days inside the Kathmandu Valley."],
        [
          "What is your return policy?",
          <>
            30 days from delivery for unworn items with their tags; size exchanges are free. See <Link to="/returns">returns and exchanges</Link>.
          </>,
        ],
      ],
    },
    {
      title: "Help",
      items: [
        [
          "How can I reach you?",
          <>
            Call {phone} (Monday to Saturday, 9 AM to 6 PM), e-mail {email}, or use the <Link to="/contact">contact form</Link>. We reply within 24 hours.
          </>,
        ],
      ],
    },
  ];
  return (
    <InfoPage eyebrow="Help" title="Frequently asked questions" intro="Quick answers about our jerseys, payment, delivery and returns.">
      {groups.map((g) => (
        <section key={g.title} className="mb-10" aria-labelledby={`faq-${g.title}`}>
          <h2 id={`faq-${g.title}`} className="text-2xl font-bold">
            {g.title}
          </h2>
          <div className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {g.items.map(([q, a]) => (
              <details key={q} className="group px-5 py-4 [&_a]:font-semibold [&_a]:text-nepal [&_a]:underline">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold">
                  {q}
                  <span aria-hidden="true" className="text-xl text-slate-500 transition group-open:rotate-45">
                    +
                  </span>
                </summary>
                <p className="mt-3 text-slate-700">{a}</p>
              </details>
            ))}
          </div>
        </section>
      ))}
    </InfoPage>
  );
}
