import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The whole URL map of the shop, explicit (no file-system routing). */
export default [
  index("routes/home.tsx"),
  route("products/:slugOrId", "routes/product.tsx"),
  route("product/:slug", "routes/product-legacy.tsx"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("order-success", "routes/order-success.tsx"),
  route("orders", "routes/orders.tsx"),
  route("orders/:id", "routes/order-detail.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
