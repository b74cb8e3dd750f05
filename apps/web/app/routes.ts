import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The whole URL map of the shop, explicit (no file-system routing). */
export default [
  index("routes/home.tsx"),
  route("products/:slugOrId", "routes/product.tsx"),
  route("product/:slug", "routes/product-legacy.tsx"),
  // Admin panel: one guarded layout (ADMIN only), tabs rendered in the browser and loaded only here.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("products", "routes/admin/products.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("orders", "routes/admin/orders.tsx"),
    route("categories", "routes/admin/categories.tsx"),
    route("blogs", "routes/admin/blogs.tsx"),
    route("messages", "routes/admin/messages.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("audit", "routes/admin/audit.tsx"),
  ]),
  route("debug/products", "routes/debug-products.tsx"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("order-success", "routes/order-success.tsx"),
  route("orders", "routes/orders.tsx"),
  route("orders/:id", "routes/order-detail.tsx"),
  route("blogs", "routes/blogs.tsx"),
  route("blogs/:slug", "routes/blog-post.tsx"),
  route("about", "routes/info/about.tsx"),
  route("contact", "routes/info/contact.tsx"),
  route("shipping", "routes/info/shipping.tsx"),
  route("returns", "routes/info/returns.tsx"),
  route("size-guide", "routes/info/size-guide.tsx"),
  route("faq", "routes/info/faq.tsx"),
  route("terms", "routes/info/terms.tsx"),
  route("privacy", "routes/info/privacy.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
