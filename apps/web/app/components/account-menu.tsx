import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { PublicUser } from "@khelkud/contracts";
import { UserAvatar } from "./user-avatar";
import { useAccountLabels, useLogout } from "../lib/session";
import { useI18n } from "../lib/i18n";

/** The signed-in user's menu in the header: Profile, My Orders, Logout (docs/product-rules.md §10). Arrow keys move, Escape closes. */
export function AccountMenu({ user }: { user: PublicUser }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const logout = useLogout();
  const { t } = useI18n();
  const labels = useAccountLabels(user);

  useEffect(() => {
    if (!open) return;
    const first = menu.current?.querySelector<HTMLElement>("[role=menuitem]");
    first?.focus();
    const onDown = (e: MouseEvent) => {
      if (!menu.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, [open]);

  function onKeyDown(e: React.KeyboardEvent) {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === "Escape") {
      setOpen(false);
      button.current?.focus();
    } else if (e.key === "ArrowDown") {
      e.preventDefault();
      items[(i + 1) % items.length]?.focus();
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      items[(i - 1 + items.length) % items.length]?.focus();
    } else if (e.key === "Tab") {
      setOpen(false);
    }
  }

  const base = "block w-full px-4 py-2.5 text-left text-sm font-semibold hover:bg-slate-100 focus:bg-slate-100 focus:outline-none";
  const item = `${base} text-slate-800`;
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full p-1 hover:bg-white/10 sm:pr-3"
      >
        <UserAvatar name={user.name} initial={labels.initial} src={user.avatar} size={32} className="ring-2 ring-white/70" />
        <span aria-hidden="true" className="hidden max-w-28 truncate text-sm font-semibold lg:inline">
          {labels.firstName}
        </span>
        <span className="sr-only">{t("account.menuFor", { name: user.name })}</span>
      </button>
      {open ? (
        <div ref={menu} role="menu" aria-label={t("account.menu")} onKeyDown={onKeyDown} className="absolute right-0 z-50 mt-2 w-56 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 text-slate-900 shadow-lg">
          <div className="border-b border-slate-100 px-4 py-2.5">
            <p className="truncate text-sm font-bold">{user.name}</p>
            <p className="truncate text-xs text-slate-600">{user.email}</p>
          </div>
          <Link role="menuitem" to="/profile" className={item} onClick={() => setOpen(false)}>
            {t("nav.profile")}
          </Link>
          <Link role="menuitem" to="/profile?tab=orders" className={item} onClick={() => setOpen(false)}>
            {t("orderDetail.myOrders")}
          </Link>
          {user.role === "ADMIN" ? (
            <Link role="menuitem" to="/admin" className={item} onClick={() => setOpen(false)}>
              {t("profile.admin")}
            </Link>
          ) : null}
          <button
            role="menuitem"
            type="button"
            className={`${base} border-t border-slate-100 text-crimson`}
            onClick={() => {
              setOpen(false);
              void logout();
            }}
          >
            {t("nav.logout")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
