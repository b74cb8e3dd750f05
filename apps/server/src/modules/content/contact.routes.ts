import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiFailureSchema, ContactInputSchema, envelope, NewsletterInputSchema, UnsubscribeInputSchema } from "@khelkud/contracts";
import { byIp, limit } from "../../plugins/rate-limit.js";
import { requestLocale } from "../../plugins/errors.js";
import type { ContactService } from "./contact.service.js";
import type { NewsletterService } from "./newsletter.service.js";

const errors = { 400: ApiFailureSchema, 404: ApiFailureSchema, 409: ApiFailureSchema, 429: ApiFailureSchema };
const MessageSchema = envelope(z.object({ message: z.string() }));

export interface PublicFormLimits {
  contact?: { max: number; windowMs: number };
  newsletter?: { max: number; windowMs: number };
}

/**
 * The contact form and the newsletter sign-up, limited per client IP by the app's one rate limiter (counted in Redis
 * across instances with REDIS_URL, in this process without): every attempt counts, valid or not, before the body is
 * looked at.
 */
export function contactRoutes(contact: ContactService, newsletter: NewsletterService, limits: PublicFormLimits = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const contactLimit = limit(app, [{ name: "contact-ip", key: byIp, ...(limits.contact ?? { max: 5, windowMs: 15 * 60_000 }) }]);
    const newsletterLimit = limit(app, [{ name: "newsletter-ip", key: byIp, ...(limits.newsletter ?? { max: 10, windowMs: 15 * 60_000 }) }]);
    app.post(
      "/contact",
      {
        preValidation: contactLimit,
        schema: { tags: ["content"], summary: "Send a message to the shop", body: ContactInputSchema, response: { 201: MessageSchema, ...errors } },
      },
      async (req, reply) => {
        const { id, mailError } = await contact.submit(req.body, { ip: req.ip, locale: requestLocale(req) });
        if (mailError) req.log.error({ err: mailError, contactMessageId: id }, "contact message stored but e-mail failed");
        return reply.status(201).send({ success: true as const, data: { message: contact.confirmation } });
      },
    );
    app.post(
      "/newsletter",
      {
        preValidation: newsletterLimit,
        schema: { tags: ["content"], summary: "Subscribe to the newsletter", body: NewsletterInputSchema, response: { 201: MessageSchema, ...errors } },
      },
      async (req, reply) => reply.status(201).send({ success: true as const, data: await newsletter.subscribe(req.body.email, requestLocale(req)) }),
    );
    app.post(
      "/newsletter/unsubscribe",
      {
        schema: { tags: ["content"], summary: "Unsubscribe with the token from a newsletter mail", body: UnsubscribeInputSchema, response: { 200: MessageSchema, ...errors } },
      },
      async (req) => {
        const { message } = await newsletter.unsubscribe(req.body.token);
        return { success: true as const, data: { message } };
      },
    );
  };
}
