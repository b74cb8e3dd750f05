import { Link } from "react-router";
import { canonicalUrl } from "../../lib/seo";
import type { Route } from "./+types/privacy";
import { InfoPage, Prose } from "../../components/info-page";
import { pageTitle } from "../../lib/seo";

export async function loader({ context }: Route.LoaderArgs) {
  const s = await context.services.settings.get();
  return { shopName: s.shopName, email: s.email, address: s.address, publicUrl: context.publicUrl };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return [
    { title: pageTitle("Privacy Policy") },
    { name: "description", content: "What personal data Khelkud collects, why, how long we keep it and how to reach us about it." },
    { tagName: "link", rel: "canonical", href: canonicalUrl(data?.publicUrl, matches, "/privacy") },
  ];
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { shopName, email, address } = loaderData;
  return (
    <InfoPage eyebrow="Legal" title="Privacy policy" intro={`How ${shopName} handles your personal data. Last updated 21 November 2026.`}>
      <Prose>
        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>Account details:</strong> your name, e-mail address, phone number and, if you add them, your address and profile photo.
          </li>
          <li>
            <strong>Orders:</strong> what you bought, the delivery address and phone number, the payment method and the payment status.
          </li>
          <li>
            <strong>Messages:</strong> what you send through the contact form, and your newsletter subscription if you choose one.
          </li>
          <li>
            <strong>Technical data:</strong> the IP address and browser of requests, kept in our server logs to protect the shop against abuse.
          </li>
        </ul>
        <p>We never see or store your Khalti or eSewa PIN or password: you pay on the provider's own page, and they only tell us whether the payment succeeded.</p>
        <h2>Why we use it</h2>
        <ul>
          <li>To deliver your orders, take payment, handle returns and answer your questions.</li>
          <li>To tell you about your order by e-mail and SMS: placed, paid, shipped with the tracking number, out for delivery, delivered or cancelled. Either can be turned off on your profile. SMS go through our Nepali SMS gateway (Sparrow SMS), which receives your mobile number and the text.</li>
          <li>To keep your account secure and prevent fraud.</li>
          <li>To send the newsletter, only if you subscribed. Every newsletter has an unsubscribe link that works with one click.</li>
        </ul>
        <h2>Who we share it with</h2>
        <p>
          Only with those who help us fulfil your order: the courier gets your name, address and phone number; Khalti or eSewa receive the order number and amount when you pay with them. We do not sell your data or share it for
          advertising.
        </p>
        <h2>Cookies and your device</h2>
        <p>
          We use one essential cookie to keep you signed in. It cannot be read by scripts on the page and is not used for tracking. Your cart and wishlist are kept in your own browser's storage, so they stay on your device
          until you check out or clear them. We use no advertising or third-party tracking cookies.
        </p>
        <h2>How long we keep it</h2>
        <p>
          Order and payment records are kept for as long as Nepali tax law requires. Contact messages are deleted after two years. Your account stays until you ask us to close it; sign-in sessions end when they expire or when
          you log out.
        </p>
        <h2>Your rights</h2>
        <p>
          You can see and correct your details in your profile at any time. To get a copy of your data or have your account deleted, <Link to="/contact">contact us</Link> or write to {email}. We will answer within 30 days.
        </p>
        <h2>Contact</h2>
        <p>
          {shopName}, {address}. E-mail: {email}.
        </p>
      </Prose>
    </InfoPage>
  );
}
