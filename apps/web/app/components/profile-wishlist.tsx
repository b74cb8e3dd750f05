import { Link } from "react-router";
import { formatNPR } from "@khelkud/contracts";
import { useWishlist } from "../lib/cart";

/** Minimal Wishlist tab; the checkout work replaces this file with the full one (cards, Add to Cart, Clear All). */
export function ProfileWishlist() {
  const items = useWishlist();
  if (items === null) return <div className="h-40 animate-pulse rounded-xl bg-slate-100" aria-hidden="true" />;
  if (items.length === 0) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-8 text-center">
        <p className="text-lg font-semibold text-slate-800">Your wishlist is empty</p>
        <Link to="/products" className="mt-4 inline-block rounded-lg bg-crimson px-5 py-2.5 font-bold text-white hover:bg-crimson-dark">
          Browse Products
        </Link>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((i) => (
        <li key={i.id} className="flex items-center justify-between gap-3 p-4">
          <Link to={`/products/${i.slug}`} className="font-semibold text-nepal hover:underline">
            {i.name}
          </Link>
          <span className="font-bold">{formatNPR(i.price)}</span>
        </li>
      ))}
    </ul>
  );
}
