import { Link } from "react-router";
import { canonicalUrl } from "../../lib/seo";
import type { Route } from "./+types/returns";
import { InfoPage, Prose } from "../../components/info-page";
import { pageTitle } from "../../lib/seo";

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: context.publicUrl };
}

const DESCRIPTION = "Return any Khelkud order within 30 days, or exchange the size for free. How returns and refunds work.";

export function meta({ data, matches }: Route.MetaArgs) {
  return [
    { title: pageTitle("Returns & Exchanges") },
    { name: "description", content: DESCRIPTION },
    { tagName: "link", rel: "canonical", href: canonicalUrl(data?.publicUrl, matches, "/returns") },
    { property: "og:title", content: pageTitle("Returns & Exchanges") },
    { property: "og:description", content: DESCRIPTION },
  ];
}

export default function Returns() {
  return (
    <InfoPage eyebrow="Customer service" title="Returns & exchanges" intro="Changed your mind or picked the wrong size? You have 30 days from delivery to return or exchange it.">
      <ol className="grid gap-4 sm:grid-cols-3">
        {[
          ["1", "Tell us", "Contact us with your order number and what you would like to return or exchange."],
          ["2", "Send it back", "Pack the item with its tags. In the Kathmandu Valley we can arrange a pick-up."],
          ["3", "Get your refund or new size", "We check the item and send the new size or refund you within 5 business days."],
        ].map(([n, title, text]) => (
          <li key={n} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <span className="flex h-8 w-8 items-center justify-center rounded-full bg-crimson font-bold text-white">{n}</span>
            <h2 className="mt-3 font-bold">{title}</h2>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </li>
        ))}
      </ol>
      <Prose className="mt-10">
        <h2>Our 30-day promise</h2>
        <p>You can return any item within 30 days of delivery for a full refund of the item price, as long as it is unworn, unwashed and has its original tags and packaging.</p>
        <h2>Size exchanges</h2>
        <p>
          The wrong fit is the most common reason for a return, so size exchanges are free: we do not charge shipping on the replacement. If the size you want is sold out, you can choose another product or a refund. Check the{" "}
          <Link to="/size-guide">size guide</Link> before you order to get it right the first time.
        </p>
        <h2>What cannot be returned</h2>
        <ul>
          <li>Items that have been worn, washed or altered, or whose tags have been removed.</li>
          <li>Shirts printed with a name or number at your request.</li>
          <li>Socks and other items sold as hygiene products once their packaging is opened.</li>
        </ul>
        <h2>Refunds</h2>
        <ul>
          <li>
            <strong>Khalti and eSewa</strong> payments are refunded to the same wallet.
          </li>
          <li>
            <strong>Cash on delivery</strong> orders are refunded to your Khalti or eSewa wallet or by bank transfer, whichever you prefer.
          </li>
          <li>The original shipping fee is refunded when the item was faulty or we sent the wrong one. For a change of mind, return shipping is paid by you.</li>
        </ul>
        <h2>Faulty or wrong items</h2>
        <p>
          If something arrives damaged, faulty or different from what you ordered, <Link to="/contact">contact us</Link> within 48 hours with a photo. We will collect it and send the right item or refund you in full, including
          shipping.
        </p>
      </Prose>
    </InfoPage>
  );
}
