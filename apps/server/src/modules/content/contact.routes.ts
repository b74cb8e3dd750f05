import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { ApiFailureSchema, ContactInputSchema, envelope, MSG, NewsletterInputSchema, UnsubscribeInputSchema } from "@khelkud/contracts";
import { AppError } from "../../lib/errors.js";
import { rateLimited } from "../../plugins/openapi-failures.js";
import type { ContactService } from "./contact.service.js";
import type { NewsletterService } from "./newsletter.service.js";
import { createWindowLimiter, type WindowLimiter } from "./rate-limit.js";

const errors = { 400: ApiFailureSchema, 404: ApiFailureSchema, 409: ApiFailureSchema, 429: ApiFailureSchema };
const MessageSchema = envelope(z.object({ message: z.string() }));

/** Counts every attempt, valid or not, before the body is even looked at. */
function limitBy(limiter: WindowLimiter) {
  return rateLimited(async (req: FastifyRequest) => {
    if (!limiter.take(req.ip)) throw new AppError("rate_limited", MSG.tooManyRequests);
  });
}

export interface PublicFormLimits {
  contact?: { limit: number; windowMs: number };
  newsletter?: { limit: number; windowMs: number };
}

export function contactRoutes(contact: ContactService, newsletter: NewsletterService, limits: PublicFormLimits = {}): FastifyPluginAsyncZod {
  const contactLimiter = createWindowLimiter(limits.contact ?? { limit: 5, windowMs: 15 * 60_000 });
  const newsletterLimiter = createWindowLimiter(limits.newsletter ?? { limit: 10, windowMs: 15 * 60_000 });
  return async (app) => {
    app.post(
      "/contact",
      {
        preValidation: limitBy(contactLimiter),
        schema: { tags: ["content"], summary: "Send a message to the shop", body: ContactInputSchema, response: { 201: MessageSchema, ...errors } },
      },
      async (req, reply) => {
        const { id, mailError } = await contact.submit(req.body, { ip: req.ip });
        if (mailError) req.log.error({ err: mailError, contactMessageId: id }, "contact message stored but e-mail failed");
        return reply.status(201).send({ success: true as const, data: { message: contact.confirmation } });
      },
    );
    app.post(
      "/newsletter",
      {
        preValidation: limitBy(newsletterLimiter),
        schema: { tags: ["content"], summary: "Subscribe to the newsletter", body: NewsletterInputSchema, response: { 201: MessageSchema, ...errors } },
      },
      async (req, reply) => reply.status(201).send({ success: true as const, data: await newsletter.subscribe(req.body.email) }),
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
