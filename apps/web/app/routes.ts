import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The whole URL map of the shop, explicit (no file-system routing). */
export default [
  index("routes/home.tsx"),
  route("products", "routes/catalogue.tsx"),
  route("products/:slugOrId", "routes/product.tsx"),
  route("product/:slug", "routes/product-legacy.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
