import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AdminNotificationSchema, ApiFailureSchema, IdParamSchema, NotificationParamsSchema, NotificationPreferencesInputSchema, NotificationPreferencesSchema } from "@khelkud/contracts";
import type { NotificationsService } from "./outbox.js";
import { requestLocale } from "../../plugins/errors.js";

const ok = <T>(data: T) => ({ success: true as const, data });
const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

/** An order's notifications and Resend: administrators only (the hook runs before any body is read). */
export function adminNotificationRoutes(service: NotificationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", app.requireAdmin);
    const tags = ["admin"];
    app.get(
      "/admin/orders/:id/notifications",
      { schema: { tags, summary: "The order's e-mails and SMS: channel, status, attempts, last error", params: IdParamSchema, response: { 200: envelope(z.object({ notifications: z.array(AdminNotificationSchema) })) } } },
      async (req) => ok({ notifications: await service.listForOrder(req.params.id) }),
    );
    app.post(
      "/admin/orders/:id/notifications/:notificationId/resend",
      { schema: { tags, summary: "Send a sent or failed notification again, as a new notification", params: NotificationParamsSchema, response: { 201: envelope(z.object({ notification: AdminNotificationSchema })) } } },
      async (req, reply) => reply.status(201).send(ok({ notification: await service.resend({ id: req.user!.id, ip: req.ip ?? null }, req.params.id, req.params.notificationId) })),
    );
  };
}

/** The signed-in customer's own switches: order updates by SMS and by e-mail, marketing mail. */
export function preferenceRoutes(service: NotificationsService): FastifyPluginAsyncZod {
  return async (app) => {
    const Envelope = envelope(z.object({ preferences: NotificationPreferencesSchema }));
    app.get(
      "/users/notification-preferences",
      { schema: { tags: ["profile"], summary: "Order updates by SMS / by e-mail (on by default), marketing mail (off by default)", response: { 200: Envelope, 401: ApiFailureSchema } }, onRequest: app.requireUser },
      async (req) => ok({ preferences: await service.preferences(req.user!.id) }),
    );
    app.put(
      "/users/notification-preferences",
      { schema: { tags: ["profile"], summary: "Change any of the three switches", body: NotificationPreferencesInputSchema, response: { 200: Envelope, 400: ApiFailureSchema, 401: ApiFailureSchema } }, onRequest: app.requireUser },
      async (req) => ok({ preferences: await service.setPreferences(req.user!.id, req.body, requestLocale(req)) }),
    );
  };
}
