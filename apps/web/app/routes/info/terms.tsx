import { Link } from "react-router";
import { canonicalUrl } from "../../lib/seo";
import type { Route } from "./+types/terms";
import { InfoPage, Prose } from "../../components/info-page";
import { pageTitle } from "../../lib/seo";

export async function loader({ context }: Route.LoaderArgs) {
  const s = await context.services.settings.get();
  return { shopName: s.shopName, email: s.email, address: s.address, publicUrl: context.publicUrl };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return [
    { title: pageTitle("Terms and Conditions") },
    { name: "description", content: "The terms that apply when you use the Khelkud website and buy from us." },
    { tagName: "link", rel: "canonical", href: canonicalUrl(data?.publicUrl, matches, "/terms") },
  ];
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { shopName, email, address } = loaderData;
  return (
    <InfoPage eyebrow="Legal" title="Terms and conditions" intro={`These terms apply when you use the ${shopName} website, create an account or place an order. Last updated 21 November 2026.`}>
      <Prose>
        <h2>1. Who we are</h2>
        <p>
          {shopName} is an online shop for sports jerseys and sportswear based at {address}. You can reach us at {email} or through the <Link to="/contact">contact page</Link>.
        </p>
        <h2>2. Your account</h2>
        <p>
          You need an account to place an order. Give accurate details and keep your password to yourself; you are responsible for orders placed with your account. We may suspend an account that is used for fraud or abuse.
        </p>
        <h2>3. Products and prices</h2>
        <p>
          We describe and photograph our products as accurately as we can; colours may look slightly different on your screen. Prices are in Nepali rupees and include VAT. Prices, shipping fees and our own mistakes in them
          are checked by our system when you order: the amounts shown at checkout are the ones you pay. If a product turns out to be unavailable after you ordered, we tell you and refund anything you paid.
        </p>
        <h2>4. Orders and payment</h2>
        <p>
          Your order is a request to buy. It is accepted when we confirm it: for cash on delivery when the order is placed, for Khalti and eSewa when the payment provider confirms the payment to us. Wallet orders that are not
          paid within 60 minutes are cancelled and the items are released.
        </p>
        <h2>5. Delivery</h2>
        <p>
          We deliver within Nepal, usually in 3–5 business days. Delivery times are estimates, not guarantees. The fees are set out on the <Link to="/shipping">shipping page</Link>.
        </p>
        <h2>6. Returns and refunds</h2>
        <p>
          You may return items within 30 days of delivery as described in our <Link to="/returns">returns policy</Link>. This does not affect your rights under the Consumer Protection Act of Nepal.
        </p>
        <h2>7. Reviews and messages</h2>
        <p>
          Customers who received a product may review it. Reviews must be honest and about the product; we may hide reviews that are abusive, contain personal data of others, or are advertising. Reviews are shown as plain text
          with your first name and the initial of your last name.
        </p>
        <h2>8. Intellectual property</h2>
        <p>
          Team names, crests and brand logos belong to their owners and are shown to describe the products we sell. The text, photos and design of this website belong to {shopName} and may not be copied without permission.
        </p>
        <h2>9. Liability</h2>
        <p>
          We are responsible for delivering what you ordered in the condition described. We are not liable for losses that were not foreseeable, or for delays caused by events outside our control such as strikes, floods or
          landslides.
        </p>
        <h2>10. Changes and law</h2>
        <p>
          We may update these terms; the version on this page when you place an order applies to that order. These terms are governed by the laws of Nepal, and the courts of Kathmandu have jurisdiction.
        </p>
      </Prose>
    </InfoPage>
  );
}
