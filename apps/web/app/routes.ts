import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The whole URL map of the shop, explicit (no file-system routing). */
export default [
  index("routes/home.tsx"),
  route("products/:slugOrId", "routes/product.tsx"),
  route("product/:slug", "routes/product-legacy.tsx"),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("profile", "routes/profile.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
