import { redirect } from "react-router";
import type { Route } from "./+types/orders";
import { loginUrl } from "../lib/api";

/** docs/product-rules.md §10: /orders is the profile's Orders tab, or sign-in first. */
export function loader({ context }: Route.LoaderArgs) {
  throw redirect(context.user ? "/profile?tab=orders" : loginUrl("/orders"));
}

export default function Orders() {
  return null;
}
