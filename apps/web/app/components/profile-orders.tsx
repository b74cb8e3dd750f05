import { Link } from "react-router";

/** Placeholder for the profile's Orders tab; the checkout work replaces this file with the real list. */
export function ProfileOrders() {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-8 text-center">
      <p className="text-lg font-semibold text-slate-800">No orders found</p>
      <Link to="/products" className="mt-4 inline-block rounded-lg bg-crimson px-5 py-2.5 font-bold text-white hover:bg-crimson-dark">
        Start Shopping
      </Link>
    </div>
  );
}
