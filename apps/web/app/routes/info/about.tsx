import { Link } from "react-router";
import { canonicalUrl } from "../../lib/seo";
import type { Route } from "./+types/about";
import { InfoPage, Prose } from "../../components/info-page";
import { pageTitle } from "../../lib/seo";
import { storeFigureList } from "../../lib/store-figures";
import { FeatureTile } from "../../components/feature-tile";

export async function loader({ context }: Route.LoaderArgs) {
  const [settings, figures] = await Promise.all([context.services.settings.get(), context.services.settings.figures()]);
  return { figures, shopName: settings.shopName, address: settings.address, publicUrl: context.publicUrl };
}

const DESCRIPTION = "Khelkud is a Kathmandu shop for authentic football, cricket and basketball jerseys, delivered across Nepal.";

export function meta({ data, matches }: Route.MetaArgs) {
  return [
    { title: pageTitle("About Us") },
    { name: "description", content: DESCRIPTION },
    { tagName: "link", rel: "canonical", href: canonicalUrl(data?.publicUrl, matches, "/about") },
    { property: "og:title", content: pageTitle("About Us") },
    { property: "og:description", content: DESCRIPTION },
  ];
}

const VALUES = [
  {
    title: "Authenticity",
    text: "Every shirt comes from the brand or its licensed distributor. We check codes and labels on arrival, and we would rather have an empty shelf than sell a copy.",
    icon: "M9 12l2 2 4-4M12 3l7 4v5c0 5-3.5 8-7 9-3.5-1-7-4-7-9V7z",
  },
  {
    title: "Quality",
    text: "We stock the fabrics players actually wear, pack each order by hand in Kathmandu and stand behind it with 30-day returns and free size exchanges.",
    icon: "M12 2l3 6.5 7 .9-5.1 4.8 1.3 7L12 17.8 5.8 21.2l1.3-7L2 9.4l7-.9z",
  },
  {
    title: "Community",
    text: "From Kirtipur's cricket hill to futsal courts in Pokhara, we are fans first. We support local teams and write honest guides so your money goes further.",
    icon: "M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8M23 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8",
  },
];

export default function About({ loaderData }: Route.ComponentProps) {
  const { shopName } = loaderData;
  const figures = [...storeFigureList(loaderData.figures, { customers: "Happy customers", products: "Products", teams: "Teams", support: "Support" }).map((f) => [f.value, f.label]), ["100%", "Authentic"]];
  return (
    <InfoPage eyebrow="About us" title={`The story of ${shopName}`} intro="Khelkud (खेलकुद) means sport in Nepali. We started the shop so that fans across Nepal could buy the real shirt of their team, at a fair price, without guessing." wide>
      <div className="grid gap-10 lg:grid-cols-5">
        <Prose className="lg:col-span-3">
          <h2>How it started</h2>
          <p>
            It began with a Nepal cricket shirt bought from a stall near New Road. It looked right in the street light, and by the second wash the badge had peeled and the crimson had turned pink. Friends had the same stories
            about football kits ordered through social media pages that never arrived, or arrived as copies.
          </p>
          <p>
            So we set out to do it properly: buy directly from brands and their licensed distributors, price everything in rupees with nothing added at the door, and deliver across Nepal with cash on delivery for those who
            would rather pay when the parcel is in their hands.
          </p>
          <h2>What we sell</h2>
          <p>
            Football shirts from the Nepal national team to the big European clubs, the national cricket kit and Nepal Premier League franchises, NBA swingman jerseys, and training wear for the pitch and the gym. Adult and
            youth sizes, with a <Link to="/size-guide">size guide</Link> measured from the actual shirts.
          </p>
          <h2>How we work</h2>
          <ul>
            <li>Orders are packed in Kathmandu and reach most of Nepal in 3–5 business days.</li>
            <li>Pay by cash on delivery, Khalti or eSewa. The price you see is the price you pay, shipping shown before you order.</li>
            <li>Not right? Return or exchange the size within 30 days. See <Link to="/returns">returns and exchanges</Link>.</li>
          </ul>
        </Prose>
        <aside className="lg:col-span-2">
          <dl className="grid grid-cols-2 gap-4">
            {figures.map(([value, label]) => (
              <div key={label} className="flex flex-col-reverse rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm">
                <dt className="mt-1 text-sm font-semibold text-slate-600">{label}</dt>
                <dd className="text-3xl font-bold text-crimson">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-6 rounded-xl bg-nepal p-6 text-white">
            <h2 className="text-lg font-bold">Talk to us</h2>
            <p className="mt-2 text-slate-200">Questions about a shirt, a size or an order? We reply within 24 hours.</p>
            <Link to="/contact" className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-white px-4 py-2 font-bold text-nepal hover:bg-slate-100">
              Contact Us
            </Link>
          </div>
        </aside>
      </div>

      <section aria-labelledby="values" className="mt-14">
        <h2 id="values" className="text-2xl font-bold md:text-3xl">
          What we stand for
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {VALUES.map((v) => (
            <FeatureTile key={v.title} icon={v.icon} title={v.title} text={v.text} large />
          ))}
        </ul>
      </section>
    </InfoPage>
  );
}
