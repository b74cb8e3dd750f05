import { Link } from "react-router";
import { FacebookIcon, InstagramIcon, TikTokIcon, YouTubeIcon } from "./icons";
import { Logo } from "./logo";
import { NewsletterForm } from "./newsletter-form";
import { useI18n } from "../lib/i18n";
import { LanguageSwitch } from "./language-switch";

type Social = { facebook: string; instagram: string; tiktok: string; youtube: string };
interface Props {
  shop: { shopName: string; phone: string; email: string; address: string; social: Social };
  categories: { name: string; slug: string }[];
}

const SOCIAL = [
  { key: "facebook", label: "Facebook", Icon: FacebookIcon },
  { key: "instagram", label: "Instagram", Icon: InstagramIcon },
  { key: "tiktok", label: "TikTok", Icon: TikTokIcon },
  { key: "youtube", label: "YouTube", Icon: YouTubeIcon },
] as const;

/** The shop's social pages from the store settings; a network without an address is not shown at all. */
function SocialLinks({ social }: { social: Social }) {
  const links = SOCIAL.filter((s) => social[s.key]);
  const { t } = useI18n();
  if (!links.length) return null;
  return (
    <ul className="mt-4 flex gap-2" aria-label={t("footer.followUs")}>
      {links.map(({ key, label, Icon }) => (
        <li key={key}>
          <a href={social[key]} target="_blank" rel="noopener noreferrer" aria-label={t("footer.opensInNewTab", { label })} className="flex h-11 w-11 items-center justify-center rounded-full bg-slate-800 text-slate-200 hover:bg-slate-700 hover:text-white">
            <Icon className="h-5 w-5" />
          </a>
        </li>
      ))}
    </ul>
  );
}

const CUSTOMER_SERVICE = [
  { to: "/shipping", label: "footer.shipping" },
  { to: "/returns", label: "footer.returns" },
  { to: "/size-guide", label: "footer.sizeGuide" },
  { to: "/faq", label: "footer.faq" },
  { to: "/contact", label: "footer.contact" },
] as const;
const QUICK = [
  { to: "/", label: "footer.home" },
  { to: "/products", label: "footer.allProducts" },
  { to: "/blogs", label: "footer.blog" },
  { to: "/about", label: "footer.about" },
] as const;

/** A footer link: a 44 px tap target on a phone, plain text size from 640 px (docs/decisions/069). */
const LINK = "inline-flex min-h-11 min-w-11 items-center hover:text-white sm:min-h-0 sm:min-w-0";

function Column({ title, links }: { title: string; links: readonly { to: string; text: string }[] }) {
  return (
    <div>
      <h2 className="mb-3 text-sm font-bold uppercase tracking-wider text-white">{title}</h2>
      <ul className="text-sm sm:space-y-2">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className={LINK}>
              {l.text}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter({ shop, categories }: Props) {
  const { t, digits } = useI18n();
  return (
    <footer className="on-dark below-fold-[94rem] sm:below-fold-[47rem] lg:below-fold-[36rem] mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Link to="/" className="inline-flex min-h-11 items-center text-white" aria-label={t("nav.home")}>
            <Logo />
          </Link>
          <p className="mt-3 text-sm">{t("footer.tagline")}</p>
          <address className="mt-4 space-y-1 text-sm not-italic">
            <p>{shop.address}</p>
            <p>
              <a href={`tel:${shop.phone.replace(/[^+\d]/g, "")}`} className={LINK}>
                {shop.phone}
              </a>
            </p>
            <p>
              <a href={`mailto:${shop.email}`} className={LINK}>
                {shop.email}
              </a>
            </p>
          </address>
          <SocialLinks social={shop.social} />
        </div>
        <Column title={t("footer.quickLinks")} links={QUICK.map((l) => ({ to: l.to, text: t(l.label) }))} />
        <Column title={t("footer.categories")} links={categories.map((c) => ({ to: `/products?category=${c.slug}`, text: c.name }))} />
        <Column title={t("footer.customerService")} links={CUSTOMER_SERVICE.map((l) => ({ to: l.to, text: t(l.label) }))} />
      </div>
      <div className="mx-auto max-w-7xl px-4 pb-10">
        <div className="max-w-lg">
          <NewsletterForm />
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-xs sm:flex-row sm:justify-between">
          <p>
            © {digits(new Date().getFullYear())} {shop.shopName}. {t("footer.rights")}
          </p>
          {/* A div, not a p: the language switch is a nav, which a p cannot hold (the browser would split it and the page would not hydrate). */}
          <div className="flex gap-4">
            <Link to="/terms" className={LINK}>
              {t("footer.terms")}
            </Link>
            <Link to="/privacy" className={LINK}>
              {t("footer.privacy")}
            </Link>
            <LanguageSwitch className="inline-flex" tone="dark" late />
          </div>
        </div>
      </div>
    </footer>
  );
}
