import { redirect } from "react-router";
import { formatNPR, type AdminDebugProducts } from "@khelkud/contracts";
import type { Route } from "./+types/debug-products";
import { useApiGet } from "../components/admin/api/hooks";
import { DEBUG_PRODUCTS_URL } from "../components/admin/api/catalog";

/** The debug list, for administrators only (docs/product-rules.md §14); the data comes from the guarded admin API. */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.user) throw redirect("/login?redirect=/debug/products");
  if (context.user.role !== "ADMIN") throw redirect("/login");
  return null;
}

export function meta() {
  return [{ title: "Debug: products | Khelkud" }, { name: "robots", content: "noindex" }];
}

export default function DebugProducts() {
  const { data, error } = useApiGet<AdminDebugProducts>(DEBUG_PRODUCTS_URL);
  return (
    <div className="mx-auto max-w-7xl p-4">
      <h1 className="mb-3 text-2xl font-bold">Debug: all products {data && `(${data.products.length})`}</h1>
      {error && <p role="alert" className="text-red-700">{error}</p>}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-xs">
          <thead className="bg-slate-100">
            <tr>
              {["id", "slug", "status", "price", "stock", "images", "category"].map((h) => (
                <th key={h} className="px-2 py-1">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 font-mono">
            {data?.products.map((p) => (
              <tr key={p.id}>
                <td className="px-2 py-1">{p.id}</td>
                <td className="px-2 py-1">{p.slug}</td>
                <td className="px-2 py-1">{p.status}</td>
                <td className="px-2 py-1">
                  {formatNPR(p.price)}
                  {p.salePrice != null && ` / ${formatNPR(p.salePrice)}`}
                </td>
                <td className="px-2 py-1">
                  {p.stock} ({p.sizes.map((s) => `${s.size}:${s.stock}`).join(" ")})
                </td>
                <td className="px-2 py-1">{p.images.length ? p.images.join(" ") : "—"}</td>
                <td className="px-2 py-1">{p.category ?? "No Category"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
