import fastifyMultipart from "@fastify/multipart";
import { PassThrough, Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ADMIN_MSG,
  ApiFailureSchema,
  AdminOrderListSchema,
  AdminWaitingOrdersSchema,
  AdminOrderResultSchema,
  AdminAuditListSchema,
  AdminAuditQuerySchema,
  AdminBlogListSchema,
  AdminBlogResultSchema,
  AdminCategoryListSchema,
  AdminCategoryResultSchema,
  AdminDashboardSchema,
  AdminDebugProductsSchema,
  AdminMessageListSchema,
  AdminProductListSchema,
  AdminProductResultSchema,
  AdminSubscriberListSchema,
  AdminTaxDocumentListSchema,
  AdminUserListSchema,
  AdminUserResultSchema,
  BlogImageResultSchema,
  envelope,
  MessageReadSchema,
  ProductRemovedSchema,
  RemovedIdSchema,
  StoreSettingsInputSchema,
  StoreSettingsResultSchema,
  UserRemovedSchema,
  AdminBlogsQuerySchema,
  AdminCategoriesQuerySchema,
  AdminInvoicesQuerySchema,
  AdminMessagesQuerySchema,
  AdminOrdersQuerySchema,
  AdminPageQuerySchema,
  AdminProductsQuerySchema,
  AdminUsersQuerySchema,
  BlogInputSchema,
  CategoryInputSchema,
  DeclineCancellationInputSchema,
  DeclineReturnInputSchema,
  FeatureInputSchema,
  IdParamSchema,
  ImageArrangementSchema,
  MAX_BLOG_IMAGE_BYTES,
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  MessageReadInputSchema,
  MSG,
  OrderStatusInputSchema,
  PrintedResultSchema,
  PrintItemParamSchema,
  PrintQueueSchema,
  ProductInputSchema,
  RefundInputSchema,
  ReturnInputSchema,
  RoleInputSchema,
  SalesRegisterQuerySchema,
  UserInputSchema,
  nepalTimestamp,
} from "@khelkud/contracts";
import { AppError, conflict } from "../../lib/errors.js";
import { readFileWithin, refuseDeclaredOver } from "../../lib/uploads.js";
import { sendDocument } from "../invoices/invoices.routes.js";
import { currentBsMonth } from "../invoices/invoices.service.js";
import { registerCsv, writeRegisterXlsx } from "../invoices/register-files.js";
import { settingsVersion, type SettingsService } from "../settings/settings.service.js";
import type { AdminServices } from "./admin.service.js";
import type { Actor } from "./audit.js";
import type { UploadedFile } from "../../lib/images.js";

const ok = <T>(data: T) => ({ success: true as const, data });
const actorOf = (req: FastifyRequest): Actor => ({ id: req.user!.id, ip: req.ip ?? null });
const ImageParamsSchema = z.object({ id: z.string().min(1).max(200), imageId: z.string().min(1).max(200) });
const CsvOrdersQuerySchema = AdminOrdersQuerySchema.pick({ q: true, status: true }).strict();

/** A CSV download, whole or as lines written while they are read (decision 159), after a byte-order mark for spreadsheets. */
function sendCsv(reply: FastifyReply, name: string, csv: string | AsyncIterable<string>) {
  // Named after the day in Nepal: a download just after midnight there is today's, not yesterday's (UTC).
  const stamp = nepalTimestamp(new Date(), false);
  const body =
    typeof csv === "string"
      ? `\uFEFF${csv}`
      : Readable.from(
          (async function* () {
            yield "\uFEFF";
            yield* csv;
          })(),
        );
  return reply.header("Content-Type", "text/csv; charset=utf-8").header("Content-Disposition", `attachment; filename="${name}-${stamp}.csv"`).header("Cache-Control", "no-store").send(body);
}

interface UploadLimits {
  maxBytes: number;
  maxFiles: number;
  tooLarge: string;
  tooMany: string;
}
const PRODUCT_UPLOADS: UploadLimits = { maxBytes: MAX_IMAGE_BYTES, maxFiles: MAX_PRODUCT_IMAGES, tooLarge: ADMIN_MSG.imageTooLarge, tooMany: ADMIN_MSG.tooManyImages };
const BLOG_UPLOADS: UploadLimits = { maxBytes: MAX_BLOG_IMAGE_BYTES, maxFiles: 1, tooLarge: ADMIN_MSG.blogImageTooLarge, tooMany: ADMIN_MSG.blogImageOne };

/** What an upload route answers besides what the route's schema documents: a file too large (413), no file upload (415). */
const UPLOAD_FAILURES = { 413: ApiFailureSchema, 415: ApiFailureSchema };

/** Reads every uploaded file of a multipart request into memory (at most `maxFiles` of `maxBytes`: admins only). */
async function readUploads(req: FastifyRequest, reply: FastifyReply, limits: UploadLimits = PRODUCT_UPLOADS): Promise<{ files: UploadedFile[]; altText: string; altTextNe: string }> {
  const files: UploadedFile[] = [];
  let altText = "";
  let altTextNe = "";
  // A request that is not a file upload (JSON, or no body) gets 415 and what to send, as a body of a type the API does
  // not read does. The multipart reader would answer 406, a status about the answer's type, not the request's.
  if (!req.isMultipart()) throw new AppError("unsupported_media", ADMIN_MSG.uploadNotMultipart);
  try {
    for await (const part of req.parts({ limits: { fileSize: limits.maxBytes, files: limits.maxFiles, fields: 5, fieldSize: 1000 } })) {
      if (part.type === "file") files.push({ filename: part.filename, data: await readFileWithin(part.file, () => part.toBuffer(), reply, limits.tooLarge) });
      else if (part.fieldname === "altText" && typeof part.value === "string") altText = part.value.trim();
      else if (part.fieldname === "altTextNe" && typeof part.value === "string") altTextNe = part.value.trim();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("payload_too_large", limits.tooLarge);
    if (code === "FST_FILES_LIMIT") throw new AppError("invalid", limits.tooMany);
    if (err instanceof AppError) throw err;
    const status = (err as { statusCode?: number }).statusCode;
    if (typeof status === "number" && status < 500) throw err;
    // Anything else the multipart parser raises (no boundary, truncated parts) is a malformed request.
    throw new AppError("invalid", `${ADMIN_MSG.malformedUpload}: ${(err as Error).message}`);
  }
  // Refused before a file is stored (a NUL byte cannot be saved in the database).
  if (altText.includes("\u0000") || altTextNe.includes("\u0000")) throw new AppError("invalid", MSG.invalidInput);
  return { files, altText, altTextNe };
}

/**
 * The admin API: every route in this plugin, and only here, runs behind `requireAdmin` as an onRequest hook
 * (before any body is read), so no admin route can be left open by forgetting a preHandler.
 * Spec paths outside /api/admin (PUT /api/users/:id/role) live here too for the same reason.
 */
export function adminRoutes(admin: AdminServices, settings: SettingsService, onCatalogWrite: () => void = () => undefined): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", app.requireAdmin);
    // Any successful admin write may change what shoppers see: drop the public catalogue's micro-cache.
    app.addHook("onResponse", async (req, reply) => {
      if (req.method !== "GET" && reply.statusCode < 400) onCatalogWrite();
    });
    await app.register(fastifyMultipart);
    const tags = ["admin"];

    // ------------------------------------------------------------ dashboard, audit, debug
    app.get("/admin/dashboard", { schema: { tags, summary: "Dashboard figures (aggregate queries)", response: { 200: envelope(AdminDashboardSchema) } } }, async () => ok(await admin.dashboard()));
    app.get("/admin/audit", { schema: { tags, summary: "Audit log of admin writes", querystring: AdminAuditQuerySchema, response: { 200: envelope(AdminAuditListSchema) } } }, async (req) => ok(await admin.audit.list(req.query)));
    app.get("/admin/debug/products", { schema: { tags, summary: "Every product with id, slug, price, stock, images, category", response: { 200: envelope(AdminDebugProductsSchema) } } }, async () => ok({ products: await admin.products.debugList() }));

    // ------------------------------------------------------------ products
    app.get("/admin/products", { schema: { tags, summary: "Products: search, filter, sort, pages", querystring: AdminProductsQuerySchema, response: { 200: envelope(AdminProductListSchema) } } }, async (req) => ok(await admin.products.list(req.query)));
    app.get("/admin/products/:id", { schema: { tags, params: IdParamSchema, response: { 200: envelope(AdminProductResultSchema) } } }, async (req) => ok({ product: await admin.products.get(req.params.id) }));
    app.post("/admin/products", { schema: { tags, summary: "Create a product", body: ProductInputSchema, response: { 201: envelope(AdminProductResultSchema) } } }, async (req, reply) =>
      reply.status(201).send(ok({ product: await admin.products.create(actorOf(req), req.body) })),
    );
    app.put("/admin/products/:id", { schema: { tags, summary: "Edit a product (images untouched)", params: IdParamSchema, body: ProductInputSchema, response: { 200: envelope(AdminProductResultSchema) } } }, async (req) =>
      ok({ product: await admin.products.update(actorOf(req), req.params.id, req.body) }),
    );
    app.patch("/admin/products/:id/featured", { schema: { tags, summary: "Feature toggle: changes only `featured`", params: IdParamSchema, body: FeatureInputSchema, response: { 200: envelope(AdminProductResultSchema) } } }, async (req) =>
      ok({ product: await admin.products.setFeatured(actorOf(req), req.params.id, req.body.featured) }),
    );
    app.delete("/admin/products/:id", { schema: { tags, summary: "Delete, or archive when the product is in an order", params: IdParamSchema, response: { 200: envelope(ProductRemovedSchema) } } }, async (req) =>
      ok(await admin.products.remove(actorOf(req), req.params.id)),
    );
    app.post("/admin/products/:id/images", { schema: { tags, summary: "Upload images (multipart: files, altText, altTextNe)", params: IdParamSchema, response: { 201: envelope(AdminProductResultSchema), ...UPLOAD_FAILURES } }, onRequest: refuseDeclaredOver(MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES, ADMIN_MSG.imageTooLarge) }, async (req, reply) => {
      const { files, altText, altTextNe } = await readUploads(req, reply);
      return reply.status(201).send(ok({ product: await admin.products.addImages(actorOf(req), req.params.id, files, altText, altTextNe) }));
    });
    app.put("/admin/products/:id/images", { schema: { tags, summary: "Order, alt text and primary image", params: IdParamSchema, body: ImageArrangementSchema, response: { 200: envelope(AdminProductResultSchema) } } }, async (req) =>
      ok({ product: await admin.products.arrangeImages(actorOf(req), req.params.id, req.body) }),
    );
    app.delete("/admin/products/:id/images/:imageId", { schema: { tags, summary: "Delete one image", params: ImageParamsSchema, response: { 200: envelope(AdminProductResultSchema) } } }, async (req) =>
      ok({ product: await admin.products.deleteImage(actorOf(req), req.params.id, req.params.imageId) }),
    );

    // ------------------------------------------------------------ categories
    app.get("/admin/categories", { schema: { tags, querystring: AdminCategoriesQuerySchema, response: { 200: envelope(AdminCategoryListSchema) } } }, async (req) => ok(await admin.categories.list(req.query.type)));
    app.post("/admin/categories", { schema: { tags, body: CategoryInputSchema, response: { 201: envelope(AdminCategoryResultSchema) } } }, async (req, reply) => reply.status(201).send(ok({ category: await admin.categories.create(actorOf(req), req.body) })));
    app.put("/admin/categories/:id", { schema: { tags, params: IdParamSchema, body: CategoryInputSchema, response: { 200: envelope(AdminCategoryResultSchema) } } }, async (req) => ok({ category: await admin.categories.update(actorOf(req), req.params.id, req.body) }));
    app.delete("/admin/categories/:id", { schema: { tags, summary: "Refused (409) while products or posts use it", params: IdParamSchema, response: { 200: envelope(RemovedIdSchema) } } }, async (req) => {
      await admin.categories.remove(actorOf(req), req.params.id);
      return ok({ id: req.params.id });
    });

    // ------------------------------------------------------------ users
    app.get("/admin/users", { schema: { tags, querystring: AdminUsersQuerySchema, response: { 200: envelope(AdminUserListSchema) } } }, async (req) => ok(await admin.users.list(req.query)));
    app.post("/admin/users", { schema: { tags, summary: "Create a user; they set their own password by e-mail link", body: UserInputSchema, response: { 201: envelope(AdminUserResultSchema) } } }, async (req, reply) =>
      reply.status(201).send(ok({ user: await admin.users.create(actorOf(req), req.body) })),
    );
    app.put("/admin/users/:id", { schema: { tags, params: IdParamSchema, body: UserInputSchema, response: { 200: envelope(AdminUserResultSchema) } } }, async (req) => ok({ user: await admin.users.update(actorOf(req), req.params.id, req.body) }));
    app.put("/users/:id/role", { schema: { tags, summary: "Change a user's role (spec path)", params: IdParamSchema, body: RoleInputSchema, response: { 200: envelope(AdminUserResultSchema) } } }, async (req) =>
      ok({ user: await admin.users.setRole(actorOf(req), req.params.id, req.body.role) }),
    );
    app.delete("/admin/users/:id", { schema: { tags, summary: "Delete, or deactivate when the user has orders", params: IdParamSchema, response: { 200: envelope(UserRemovedSchema) } } }, async (req) => ok(await admin.users.remove(actorOf(req), req.params.id)));

    // ------------------------------------------------------------ orders
    app.get("/admin/orders/waiting", { schema: { tags, summary: "Orders whose customer waits for an answer to a return or cancellation request, the longest waiting first (at most 50)", response: { 200: envelope(AdminWaitingOrdersSchema) } } }, async () =>
      ok(await admin.orders.waiting()),
    );
    app.get("/admin/orders", { schema: { tags, querystring: AdminOrdersQuerySchema, response: { 200: envelope(AdminOrderListSchema) } } }, async (req) => ok(await admin.orders.list(req.query)));
    app.get("/admin/orders/export.csv", { schema: { tags, summary: "The filtered order list as CSV", querystring: CsvOrdersQuerySchema } }, async (req, reply) =>
      sendCsv(reply, "orders", await admin.orders.exportCsv(req.query)),
    );
    app.get("/admin/orders/:id", { schema: { tags, params: IdParamSchema, response: { 200: envelope(AdminOrderResultSchema) } } }, async (req) => ok({ order: await admin.orders.get(req.params.id) }));
    app.patch("/admin/orders/:id/status", { schema: { tags, summary: "Next status per the state machine, with note and tracking number", params: IdParamSchema, body: OrderStatusInputSchema, response: { 200: envelope(AdminOrderResultSchema) } } }, async (req) =>
      ok({ order: await admin.orders.changeStatus(actorOf(req), req.params.id, req.body) }),
    );
    app.post("/admin/orders/:id/refund", { schema: { tags, summary: "Approve a paid order's cancellation: record the refund, payment REFUNDED, order CANCELLED, stock back once", params: IdParamSchema, body: RefundInputSchema, response: { 200: envelope(AdminOrderResultSchema) } } }, async (req) =>
      ok({ order: await admin.orders.refund(actorOf(req), req.params.id, req.body) }),
    );
    app.post(
      "/admin/orders/:id/return",
      { schema: { tags, summary: "A parcel that came back (returned to sender, or by the customer): order RETURNED, a paid order's refund and credit note, stock back unless printed", params: IdParamSchema, body: ReturnInputSchema, response: { 200: envelope(AdminOrderResultSchema) } } },
      async (req) => ok({ order: await admin.orders.recordReturn(actorOf(req), req.params.id, req.body) }),
    );
    app.post(
      "/admin/orders/:id/cancellation/decline",
      { schema: { tags, summary: "Turn down a customer's cancellation request; the order goes on", params: IdParamSchema, body: DeclineCancellationInputSchema, response: { 200: envelope(AdminOrderResultSchema) } } },
      async (req) => ok({ order: await admin.orders.declineCancellation(actorOf(req), req.params.id, req.body.note) }),
    );
    app.post(
      "/admin/orders/:id/return-request/decline",
      { schema: { tags, summary: "Turn down a customer's return request; the order stays delivered (docs/decisions/190)", params: IdParamSchema, body: DeclineReturnInputSchema, response: { 200: envelope(AdminOrderResultSchema) } } },
      async (req) => ok({ order: await admin.orders.declineReturn(actorOf(req), req.params.id, req.body) }),
    );
    app.post("/admin/orders/:id/cash-collected", { schema: { tags, summary: "Delivered COD order: cash received, payment PAID", params: IdParamSchema, response: { 200: envelope(AdminOrderResultSchema) } } }, async (req) =>
      ok({ order: await admin.orders.collectCash(actorOf(req), req.params.id) }),
    );
    // ------------------------------------------------------------ print queue (docs/decisions/101)
    app.get("/admin/print-queue", { schema: { tags, summary: "Personalised lines of paid or confirmed orders waiting to be printed", response: { 200: envelope(PrintQueueSchema) } } }, async () => ok({ jobs: await admin.printQueue.list() }));
    app.post("/admin/print-queue/:itemId/printed", { schema: { tags, summary: "Mark one personalised line printed (audit-logged); it leaves the queue", params: PrintItemParamSchema, response: { 200: envelope(PrintedResultSchema) } } }, async (req) =>
      ok(await admin.printQueue.markPrinted(actorOf(req), req.params.itemId)),
    );

    app.delete("/admin/orders/:id", { schema: { tags, summary: "Only cancelled or unpaid-and-expired orders (docs/product-rules.md §7)", params: IdParamSchema } }, async (req) => {
      await admin.orders.remove(actorOf(req), req.params.id);
      return ok({ id: req.params.id });
    });

    // ------------------------------------------------------------ tax documents (docs/decisions/081)
    app.get("/admin/invoices", { schema: { tags, summary: "Invoices and credit notes; search by number, order or customer; month = BS month or fiscal year", querystring: AdminInvoicesQuerySchema, response: { 200: envelope(AdminTaxDocumentListSchema) } } }, async (req) =>
      ok(await admin.invoices.list(req.query)),
    );
    app.get("/admin/invoices/:id/html", { schema: { tags, summary: "Print a document (every print after the first is marked COPY)", params: IdParamSchema } }, async (req, reply) =>
      sendDocument(reply, admin.invoices, await admin.invoices.byId(req.params.id), req.user!.id, "HTML"),
    );
    app.get("/admin/invoices/:id/pdf", { schema: { tags, summary: "A document as PDF (every print after the first is marked COPY)", params: IdParamSchema } }, async (req, reply) =>
      sendDocument(reply, admin.invoices, await admin.invoices.byId(req.params.id), req.user!.id, "PDF"),
    );
    // Both files are written as the documents are read (decision 159): a fiscal year of a million documents is streamed,
    // never built in memory. A period that does not parse is refused before anything is sent.
    app.get("/admin/sales-register.csv", { schema: { tags, summary: "Sales register (sales book) for a BS month 2083-04 or fiscal year 2083/84, as CSV", querystring: SalesRegisterQuerySchema } }, async (req, reply) => {
      const period = req.query.period ?? currentBsMonth();
      const register = admin.invoices.register(period);
      if (!register) throw new AppError("invalid", ADMIN_MSG.noCalendarData);
      return sendCsv(reply, `sales-register-${period.replace("/", "-")}`, registerCsv(register));
    });
    app.get("/admin/sales-register.xlsx", { schema: { tags, summary: "Sales register for a BS month or fiscal year, as a spreadsheet", querystring: SalesRegisterQuerySchema } }, async (req, reply) => {
      const period = req.query.period ?? currentBsMonth();
      const register = admin.invoices.register(period);
      if (!register) throw new AppError("invalid", ADMIN_MSG.noCalendarData);
      const file = new PassThrough();
      // A failure half-way (the database gone) ends the download cut short; the client sees an incomplete file.
      writeRegisterXlsx(register, file).catch((error: unknown) => {
        req.log.error({ err: error }, "sales register spreadsheet failed");
        file.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .header("Content-Disposition", `attachment; filename="sales-register-${period.replace("/", "-")}.xlsx"`)
        .header("Cache-Control", "no-store")
        .send(file);
    });

    // ------------------------------------------------------------ settings
    app.get("/admin/settings", { schema: { tags, response: { 200: envelope(StoreSettingsResultSchema) } } }, async () => {
      const current = await settings.get();
      return ok({ settings: current, version: settingsVersion(current) });
    });
    app.put(
      "/admin/settings",
      { schema: { tags, summary: "Store settings (shop, contact, shipping rule in paisa, home/about figures); with `version`, 409 when another save came first", body: StoreSettingsInputSchema, response: { 200: envelope(StoreSettingsResultSchema) } } },
      async (req) => {
        const { version, ...input } = req.body;
        const before = await settings.get();
        if (version !== undefined && version !== settingsVersion(before)) throw conflict(ADMIN_MSG.changedMeanwhile);
        const next = await settings.update(input);
        await admin.audit.record(actorOf(req), { action: "settings.update", entityType: "settings", entityId: "store", before, after: next });
        return ok({ settings: next, version: settingsVersion(next) });
      },
    );

    // ------------------------------------------------------------ messages, subscribers
    app.get("/admin/messages", { schema: { tags, querystring: AdminMessagesQuerySchema, response: { 200: envelope(AdminMessageListSchema) } } }, async (req) => ok(await admin.messages.listMessages(req.query)));
    app.patch("/admin/messages/:id", { schema: { tags, summary: "Mark read or unread", params: IdParamSchema, body: MessageReadInputSchema, response: { 200: envelope(MessageReadSchema) } } }, async (req) =>
      ok(await admin.messages.setRead(actorOf(req), req.params.id, req.body.read)),
    );
    app.get("/admin/subscribers", { schema: { tags, querystring: AdminPageQuerySchema, response: { 200: envelope(AdminSubscriberListSchema) } } }, async (req) => ok(await admin.messages.listSubscribers(req.query)));
    app.get("/admin/subscribers/export.csv", { schema: { tags } }, async (_req, reply) => sendCsv(reply, "newsletter-subscribers", await admin.messages.subscribersCsv()));

    // ------------------------------------------------------------ blog posts (docs/decisions/061)
    app.get("/admin/blogs", { schema: { tags, summary: "Blog posts of every status: search title/excerpt, category, status, pages", querystring: AdminBlogsQuerySchema, response: { 200: envelope(AdminBlogListSchema) } } }, async (req) =>
      ok(await admin.blogs.list(req.query)),
    );
    app.get("/admin/blogs/:id", { schema: { tags, summary: "One post for the editor (any status)", params: IdParamSchema, response: { 200: envelope(AdminBlogResultSchema) } } }, async (req) => ok({ blog: await admin.blogs.get(req.params.id) }));
    app.post("/admin/blogs", { schema: { tags, summary: "Create a post (DRAFT unless status says otherwise); content is sanitised before it is stored", body: BlogInputSchema, response: { 201: envelope(AdminBlogResultSchema) } } }, async (req, reply) =>
      reply.status(201).send(ok({ blog: await admin.blogs.create(actorOf(req), req.body) })),
    );
    app.put("/admin/blogs/:id", { schema: { tags, summary: "Edit a post; a changed slug keeps the old address as a permanent redirect", params: IdParamSchema, body: BlogInputSchema, response: { 200: envelope(AdminBlogResultSchema) } } }, async (req) =>
      ok({ blog: await admin.blogs.update(actorOf(req), req.params.id, req.body) }),
    );
    app.delete("/admin/blogs/:id", { schema: { tags, summary: "Delete a post, its old addresses and its featured image", params: IdParamSchema, response: { 200: envelope(RemovedIdSchema) } } }, async (req) => ok(await admin.blogs.remove(actorOf(req), req.params.id)));
    for (const purpose of ["featured", "content"] as const) {
      app.post(
        `/admin/blogs/images/${purpose}`,
        {
          schema: { tags, summary: purpose === "featured" ? "Upload a featured image (multipart, one file ≤ 5 MB; cut to 1200 × 630 WebP)" : "Upload a picture for the post's text (multipart, one file ≤ 5 MB; WebP ≤ 1600 px)", response: { 201: envelope(BlogImageResultSchema), ...UPLOAD_FAILURES } },
          onRequest: refuseDeclaredOver(MAX_BLOG_IMAGE_BYTES, 1, ADMIN_MSG.blogImageTooLarge),
        },
        async (req, reply) => {
          const { files } = await readUploads(req, reply, BLOG_UPLOADS);
          return reply.status(201).send(ok({ image: await admin.blogs.uploadImage(files, purpose) }));
        },
      );
    }
  };
}
