import { Link } from "react-router";
import { canonicalUrl } from "../../lib/seo";
import { formatNPR } from "@khelkud/contracts";
import type { Route } from "./+types/shipping";
import { InfoPage, Prose } from "../../components/info-page";
import { pageTitle } from "../../lib/seo";

export async function loader({ context }: Route.LoaderArgs) {
  const s = await context.services.settings.get();
  return { rule: s.shipping, publicUrl: context.publicUrl };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const free = data ? formatNPR(data.rule.freeAbovePaisa) : "";
  const description = `Delivery across Nepal in 3–5 business days. Free shipping on orders above ${free}; cash on delivery, Khalti and eSewa.`;
  return [
    { title: pageTitle("Shipping Information") },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonicalUrl(data?.publicUrl, matches, "/shipping") },
    { property: "og:title", content: pageTitle("Shipping Information") },
    { property: "og:description", content: description },
  ];
}

export default function Shipping({ loaderData }: Route.ComponentProps) {
  const { rule } = loaderData;
  const free = formatNPR(rule.freeAbovePaisa);
  return (
    <InfoPage eyebrow="Customer service" title="Shipping information" intro={`We deliver to every district of Nepal. Orders above ${free} ship free; delivery takes 3–5 business days.`}>
      <section aria-labelledby="rates">
        <h2 id="rates" className="text-2xl font-bold">
          Shipping rates
        </h2>
        <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3">Order subtotal</th>
                <th scope="col" className="px-4 py-3">Kathmandu Valley</th>
                <th scope="col" className="px-4 py-3">Rest of Nepal</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              <tr>
                <th scope="row" className="px-4 py-3 font-semibold">Up to {free}</th>
                <td className="px-4 py-3">{formatNPR(rule.valleyFeePaisa)}</td>
                <td className="px-4 py-3">{formatNPR(rule.elsewhereFeePaisa)}</td>
              </tr>
              <tr>
                <th scope="row" className="px-4 py-3 font-semibold">Above {free}</th>
                <td className="px-4 py-3 font-bold text-green-700">Free</td>
                <td className="px-4 py-3 font-bold text-green-700">Free</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p className="mt-3 text-sm text-slate-600">
          The Kathmandu Valley rate applies to addresses in the Kathmandu, Lalitpur and Bhaktapur districts (Kirtipur, Patan, Madhyapur Thimi and every other municipality in them). The cart shows an estimate and how much more
          you need for free shipping; at checkout you choose your province and district, the exact fee shows before you place the order, and that is the amount you are charged.
        </p>
      </section>

      <Prose className="mt-10">
        <h2>Delivery times</h2>
        <ul>
          <li>
            <strong>3–5 business days</strong> for most addresses in Nepal, counted from the day your order is confirmed.
          </li>
          <li>Inside the Kathmandu Valley, most orders arrive within 1–2 business days.</li>
          <li>Remote hill and mountain districts can take a few days longer, especially in the monsoon and during Dashain and Tihar.</li>
          <li>Business days are Monday to Saturday; Sundays and public holidays are not counted.</li>
        </ul>
        <h2>Tracking your order</h2>
        <p>
          Every order has a page under <Link to="/profile">My Orders</Link> with a timeline: pending, processing, shipped, out for delivery and delivered. Once the parcel leaves, that page and your order list show the courier and its tracking number. The courier calls the phone number on your order before delivery, so
          please make sure it is correct.
        </p>
        <h2>Paying on delivery</h2>
        <p>
          Cash on delivery is available everywhere we ship. Please have the exact amount ready; the courier cannot always give change. You can also pay in advance with Khalti or eSewa.
        </p>
        <h2>If something goes wrong</h2>
        <p>
          If a parcel arrives damaged, take a photo before opening it and <Link to="/contact">contact us</Link> within 48 hours. If you were not home, the courier tries again the next business day and calls you first. Parcels
          that cannot be delivered after three attempts come back to us and the order is cancelled; prepaid amounts are refunded in full.
        </p>
      </Prose>
    </InfoPage>
  );
}
