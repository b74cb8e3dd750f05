import { useState } from "react";
import { Link, NavLink, Outlet, redirect } from "react-router";
import type { Route } from "./+types/layout";
import { Logo } from "../../components/logo";

/**
 * Only an ADMIN may open /admin (docs/product-rules.md §14); anyone else goes to /login. The API checks again on every call.
 * A signed-in customer gets `reason=admin-only`: the login page then stays (instead of forwarding a signed-in visitor
 * to the `redirect`, which would loop) and says why; signing in as an administrator comes back here.
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.user) throw redirect("/login?redirect=/admin");
  if (context.user.role !== "ADMIN") throw redirect("/login?redirect=/admin&reason=admin-only");
  return { name: context.user.name };
}

export function meta() {
  return [{ title: "Admin | Khelkud" }, { name: "robots", content: "noindex" }];
}

const TABS = [
  { to: "/admin", label: "Dashboard", end: true, icon: "M3 13h8V3H3zM13 21h8V11h-8zM3 21h8v-6H3zM13 3v6h8V3z" },
  { to: "/admin/products", label: "Products", icon: "M20 7l-8-4-8 4v10l8 4 8-4zM4 7l8 4 8-4M12 11v10" },
  { to: "/admin/users", label: "Users", icon: "M16 20v-2a4 4 0 0 0-8 0v2M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z" },
  { to: "/admin/orders", label: "Orders", icon: "M6 2h12l2 5H4zM4 7h16v14H4zM9 11h6" },
  { to: "/admin/print-queue", label: "Print queue", icon: "M6 9V2h12v7M6 18H4v-7h16v7h-2M6 14h12v8H6z" },
  { to: "/admin/invoices", label: "Invoices", icon: "M7 2h10l3 3v17H4V2zM8 8h8M8 12h8M8 16h5" },
  { to: "/admin/categories", label: "Categories", icon: "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" },
  { to: "/admin/blogs", label: "Blogs", icon: "M4 4h16v16H4zM8 8h8M8 12h8M8 16h5" },
  { to: "/admin/messages", label: "Messages", icon: "M4 5h16v11H8l-4 4z" },
  { to: "/admin/settings", label: "Settings", icon: "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12l2-1-2-4-2 1-2-1V5h-4v2l-2 1-2-1-2 4 2 1v2l-2 1 2 4 2-1 2 1v2h4v-2l2-1 2 1 2-4-2-1z" },
  { to: "/admin/audit", label: "Audit log", icon: "M9 5h10M9 12h10M9 19h10M5 5h.01M5 12h.01M5 19h.01" },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const [collapsed, setCollapsed] = useState(false);
  return (
    <div className="flex min-h-screen bg-slate-50">
      <aside className={`sticky top-0 flex print:hidden h-screen shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] ${collapsed ? "w-14" : "w-14 md:w-56"}`}>
        <div className="flex h-14 items-center justify-between border-b border-slate-200 px-3">
          <Link to="/" className={`${collapsed ? "hidden" : "hidden md:block"}`} aria-label="Khelkud shop">
            <Logo />
          </Link>
          <button
            type="button"
            onClick={() => setCollapsed((c) => !c)}
            className="hidden rounded p-1 text-slate-500 hover:bg-slate-100 md:block"
            aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
            aria-expanded={!collapsed}
          >
            {collapsed ? "»" : "«"}
          </button>
        </div>
        <nav aria-label="Admin" className="flex-1 overflow-y-auto py-2">
          {TABS.map((t) => (
            <NavLink
              key={t.to}
              to={t.to}
              end={t.end}
              title={t.label}
              className={({ isActive }) =>
                `mx-1 my-0.5 flex min-h-11 items-center gap-3 rounded-md px-3.5 py-2 text-sm font-medium md:mx-2 md:min-h-0 md:px-2 ${isActive ? "bg-nepal text-white" : "text-slate-700 hover:bg-slate-100"}`
              }
            >
              <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
                <path d={t.icon} />
              </svg>
              <span className={collapsed ? "sr-only" : "sr-only md:not-sr-only"}>{t.label}</span>
            </NavLink>
          ))}
        </nav>
        <div className={`border-t border-slate-200 p-3 text-xs text-slate-500 ${collapsed ? "hidden" : "hidden md:block"}`}>
          Signed in as <span className="font-medium text-slate-700">{loaderData.name}</span>
        </div>
      </aside>
      <main id="main" className="min-w-0 flex-1 p-3 md:p-6">
        <Outlet />
      </main>
    </div>
  );
}
