import "@fontsource/mukta/400.css";
import { localCategory, requestLocale, shopAddress } from "./lib/local-text";
import "@fontsource/mukta/700.css";
import "./app.css";
import muktaLatin400 from "@fontsource/mukta/files/mukta-latin-400-normal.woff2?url";
import muktaLatin700 from "@fontsource/mukta/files/mukta-latin-700-normal.woff2?url";
import muktaDevanagari400 from "./fonts/mukta-devanagari-400.woff2?url";
import muktaDevanagari700 from "./fonts/mukta-devanagari-700.woff2?url";
import muktaDevanagariFirstPaint from "./fonts/mukta-devanagari-first-paint.woff2?url";
import muktaLatin400FirstPaint from "./fonts/mukta-latin-400-first-paint.woff2?url";
import muktaLatin700FirstPaint from "./fonts/mukta-latin-700-first-paint.woff2?url";
import muktaKhelkud from "./fonts/mukta-700-khelkud.woff2?url";
import { lateFontsScript } from "./lib/late-fonts";
import { useI18n, useLocale } from "./lib/i18n";
import { Suspense, useContext, useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { WishlistSync } from "./components/wishlist-sync";
import { NotFoundView, OopsScreen } from "./components/status-screens";
import { LiveToasts } from "./components/live-toasts";
import { ACCOUNT_BLOCK_ID, AccountPlaceholderContext, accountFromDocument, useUser } from "./lib/session";
import { Toasts } from "./lib/toast";

/**
 * The faces preloaded from the HTML, so the browser fetches them with the stylesheet instead of after it (docs/decisions/071):
 * on English pages Mukta 400 and 700 Latin cut to the characters of the shop's English texts ("Mukta First", 9 KB each),
 * and on the home page the 5 KB face of खेलकुद, its hero's word, so that it downloads beside the stylesheet instead of
 * one round trip after it (docs/decisions/137). Other pages show that face only in the language switch's नेपाली, which
 * on a phone is in the footer: it asks for the face only once the main picture has painted (`font-khelkud-word-late`,
 * docs/decisions/150), so the face does not share the slow line with the picture. On Nepali pages, where nearly every
 * word is Devanagari, only the first-paint face (the regular Devanagari cut reduced to the glyphs of the shop's own
 * words), in which their first paint is set (docs/decisions/118, 121, 134). Devanagari faces never on English pages
 * (docs/decisions/107).
 */
function fontPreloads(locale: string, pathname: string): string[] {
  if (locale === "ne") return [muktaDevanagariFirstPaint];
  return [muktaLatin400FirstPaint, muktaLatin700FirstPaint, ...(pathname === "/" ? [muktaKhelkud] : [])];
}

/**
 * Sets `<html data-fonts>`, which gives the page Mukta's every face: after the main picture on a first visit, at once
 * (with these faces preloaded from the cache) on a later one. Nepali pages load their faces first; English pages only
 * add the whole faces behind the first-paint ones, for characters outside the cut (docs/decisions/137).
 */
function fontsScript(locale: string): string {
  return locale === "ne" ? lateFontsScript([muktaDevanagari400, muktaDevanagari700, muktaLatin400, muktaLatin700]) : lateFontsScript([], false);
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const [settings, categories] = await Promise.all([context.services.settings.get(), context.services.catalog.listCategories("PRODUCT")]);
  const locale = requestLocale(request);
  return {
    shop: { shopName: settings.shopName, phone: settings.phone, email: settings.email, address: shopAddress(settings, locale), social: settings.social, freeShippingAbove: settings.shipping.freeAbovePaisa, printFee: settings.printFeePaisa },
    categories: categories.map((c) => ({ name: localCategory(c, locale).name, slug: c.slug })),
    // A shared signed-in render (docs/decisions/110) holds no user: the server writes each copy's user into the page's
    // account block, which useUser() reads.
    user: context.sharedSignedIn ? null : context.user,
    userInDocument: Boolean(context.sharedSignedIn),
    cspNonce: context.cspNonce ?? "",
    publicUrl: context.publicUrl,
    locale,
  };
}

const ZOD_JITLESS = "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});";

/**
 * The shop's icon (public/favicon.svg) written into the page: as a file it was one more request that Lighthouse's
 * simulation charged to the home page's main picture whenever the browser asked for it before the picture had painted
 * (docs/decisions/139). About 250 bytes of each compressed page.
 */
const FAVICON = `data:image/svg+xml,${`<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 34 34'><circle cx='17' cy='17' r='16' fill='#DC143C'/><path d='M4 24 L12 12 L16 18 L21 9 L30 24 Z' fill='#fff'/><path d='M19 12.5 L21 9 L23.2 12.6 Z' fill='#003893'/><circle cx='25' cy='8' r='3' fill='#fff' stroke='#003893' stroke-width='1.2'/></svg>`.replace(/[#<>]/g, encodeURIComponent)}`;

/** The footer's shop when the store settings could not be read (an error page); its address comes from the catalogue. */
const FALLBACK_SHOP = { shopName: "Khelkud", phone: "", email: "", social: { facebook: "", instagram: "", tiktok: "", youtube: "" }, freeShippingAbove: 0 };

/** Sets `<html data-hydrated>` once the page's content is hydrated and answers clicks (the end-to-end tests wait for it). */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}

/**
 * The user of a shared signed-in page (docs/decisions/110), as JSON the server fills in for each copy: a data block,
 * never run, so the Content-Security-Policy does not govern it. The browser keeps the text it was sent.
 */
function AccountBlock() {
  const placeholders = useContext(AccountPlaceholderContext);
  const text = placeholders ? placeholders.json : accountFromDocument().text;
  return <script type="application/json" id={ACCOUNT_BLOCK_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: text }} />;
}

function Chrome({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const user = useUser();
  const { pathname } = useLocation();
  const { t } = useI18n();
  // Spec: header and footer are hidden on every /admin path.
  const isAdmin = pathname === "/admin" || pathname.startsWith("/admin/");
  if (isAdmin)
    return (
      <>
        {children}
        <HydrationMark />
      </>
    );
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-nepal">
        {t("nav.skip")}
      </a>
      {data?.userInDocument ? <AccountBlock /> : null}
      <SiteHeader />
      {/* Its own boundary: React hydrates it in short slices after the header, so the main thread stays free (docs/decisions/072). */}
      <Suspense>
        <main id="main" className="min-h-[60vh]">
          {children}
        </main>
        <SiteFooter shop={data?.shop ?? { ...FALLBACK_SHOP, address: t("footer.fallbackAddress") }} categories={data?.categories ?? []} />
        <HydrationMark />
      </Suspense>
      <WishlistSync userId={user?.id || null} />
    </>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  // Inline scripts run only with this response's Content-Security-Policy nonce (docs/decisions/070).
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = root?.cspNonce || undefined;
  const locale = useLocale();
  const { pathname } = useLocation();
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#003893" />
        <link rel="icon" href={FAVICON} type="image/svg+xml" />
        {/* Zod probes for eval while it builds schemas; the policy forbids eval, so start it in interpreter mode (no violation report).
            Nepali pages: Mukta's other faces after the largest picture on a first visit (docs/decisions/121). One script, one hash in a kept page's policy. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: ZOD_JITLESS + fontsScript(locale) }} />
        <Meta />
        <Links />
        {fontPreloads(locale, pathname).map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        {/* The same page in the other language, for search engines, is named by the route's meta beside its canonical link,
            from the same address (seo.ts's canonicalLinks, docs/decisions/105, 184): a page without a canonical has none. */}
      </head>
      <body>
        <Chrome>{children}</Chrome>
        {/* Top-right, below the sticky header (64 px, and 120 px with the search row on a phone): "added to cart!" must not
            cover the cart button it points to, nor the search. */}
        <Toasts position="top-right" offset={{ top: 76 }} mobileOffset={{ top: 128 }} richColors closeButton duration={4000} />
        <LiveToasts />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  return <OopsScreen />;
}
