import { useRef, useState, type KeyboardEvent } from "react";
import { Link, NavLink } from "react-router";
import { Logo } from "./logo";
import { SearchBox } from "./search-box";
import { cartTotals, useCart } from "../lib/cart-store";
import { openCartPanel } from "../lib/cart-panel";
import { CartPanel } from "./cart-panel";
import { AccountMenu } from "./account-menu";
import { useLogout, useUser } from "../lib/session";
import { useI18n } from "../lib/i18n";
import { LanguageSwitch } from "./language-switch";

const NAV = [
  { to: "/products", label: "nav.products" },
  { to: "/blogs", label: "nav.blogs" },
  { to: "/about", label: "nav.about" },
] as const;

function CartButton() {
  const items = useCart();
  const { t, digits } = useI18n();
  const count = items ? cartTotals(items).totalItems : 0;
  return (
    <button type="button" onClick={openCartPanel} className="relative flex h-11 w-11 items-center justify-center rounded-full text-white hover:bg-white/10" aria-label={count ? t("nav.cartCount", { n: digits(count) }) : t("nav.cart")}>
      {count > 0 ? (
        <span className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-crimson px-1 text-xs font-bold" aria-hidden="true">
          {count > 99 ? `${digits(99)}+` : digits(count)}
        </span>
      ) : null}
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M6 6h15l-1.5 9h-12z" />
        <path d="M6 6 5 3H2" />
        <circle cx="9" cy="20" r="1.5" />
        <circle cx="18" cy="20" r="1.5" />
      </svg>
    </button>
  );
}

export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // Escape closes the phone menu from its button or from inside it, and gives focus back to the button.
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };
  const user = useUser();
  const logout = useLogout();
  const { t } = useI18n();
  return (
    <header className="on-dark sticky top-0 z-40 bg-nepal text-white shadow">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2.5">
        <Link to="/" className="flex min-h-11 shrink-0 items-center text-white" aria-label={t("nav.home")}>
          <Logo />
        </Link>
        <nav aria-label={t("nav.main")} className="ml-4 hidden gap-1 md:flex">
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to} className={({ isActive }) => `rounded-md px-3 py-2 text-sm font-semibold hover:bg-white/10 ${isActive ? "bg-white/15" : ""}`}>
              {t(n.label)}
            </NavLink>
          ))}
        </nav>
        <div className="mx-2 hidden flex-1 md:block">
          <SearchBox id="search-desktop" />
        </div>
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <LanguageSwitch className="hidden md:inline-flex" />
          <CartButton />
          <CartPanel />
          {user ? <AccountMenu user={user} /> : null}
          <div className={user ? "hidden" : "hidden items-center gap-2 md:flex"}>
            <Link to="/login" className="rounded-md px-3 py-2 text-sm font-semibold hover:bg-white/10">
              {t("nav.login")}
            </Link>
            <Link to="/register" className="rounded-md bg-crimson px-3 py-2 text-sm font-semibold hover:bg-crimson-dark">
              {t("nav.register")}
            </Link>
          </div>
          <button
            ref={toggle}
            type="button"
            onKeyDown={closeOnEscape}
            className="flex h-11 w-11 items-center justify-center rounded-md hover:bg-white/10 md:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? t("nav.closeMenu") : t("nav.openMenu")}
            onClick={() => setOpen((o) => !o)}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </div>
      <div className="px-4 pb-3 md:hidden">
        <SearchBox id="search-mobile" />
      </div>
      {open ? (
        <nav id="mobile-menu" aria-label={t("nav.mobile")} onKeyDown={closeOnEscape} className="border-t border-white/15 px-4 pb-4 md:hidden">
          <ul className="flex flex-col py-2">
            {NAV.map((n) => (
              <li key={n.to}>
                <Link to={n.to} onClick={() => setOpen(false)} className="block rounded-md px-2 py-3 font-semibold hover:bg-white/10">
                  {t(n.label)}
                </Link>
              </li>
            ))}
          </ul>
          {user ? (
            <div className="flex gap-2">
              <Link to="/profile" onClick={() => setOpen(false)} className="flex-1 rounded-md border border-white/40 py-2 text-center font-semibold">
                {t("nav.profile")}
              </Link>
              <button type="button" onClick={() => { setOpen(false); void logout(); }} className="flex-1 rounded-md bg-crimson py-2 text-center font-semibold">
                {t("nav.logout")}
              </button>
            </div>
          ) : null}
          <div className={user ? "hidden" : "flex gap-2"}>
            <Link to="/login" onClick={() => setOpen(false)} className="flex-1 rounded-md border border-white/40 py-2 text-center font-semibold">
              {t("nav.login")}
            </Link>
            <Link to="/register" onClick={() => setOpen(false)} className="flex-1 rounded-md bg-crimson py-2 text-center font-semibold">
              {t("nav.register")}
            </Link>
          </div>
          <LanguageSwitch className="mt-3 flex" />
        </nav>
      ) : null}
    </header>
  );
}
