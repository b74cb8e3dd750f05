import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ApiFailureSchema, IdParamSchema } from "@khelkud/contracts";
import { renderHtml, renderPdf } from "./invoice-render.js";
import type { InvoicesService, TaxDocument } from "./invoices.service.js";

const errors = { 400: ApiFailureSchema, 401: ApiFailureSchema, 404: ApiFailureSchema };

/** Collects the PDF first: a client that goes away mid-download never leaves a half-written stream behind. */
export function pdfBuffer(pdf: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on("data", (c: Buffer) => chunks.push(c));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
}

function fileName(doc: TaxDocument, ext: string): string {
  return `${doc.kind === "CREDIT_NOTE" ? "credit-note" : "invoice"}-${doc.number.replace(/[^A-Za-z0-9-]/g, "-")}.${ext}`;
}

/** Sends a document as HTML or PDF, recording the print (every print after the first says COPY). */
export async function sendDocument(reply: FastifyReply, invoices: InvoicesService, doc: TaxDocument, userId: string, format: "HTML" | "PDF") {
  const copy = await invoices.printed(doc, userId, format);
  const invoiceNumber = doc.invoiceId ? (await invoices.byId(doc.invoiceId)).number : null;
  reply.header("Cache-Control", "private, no-store").header("X-Robots-Tag", "noindex");
  if (format === "HTML") return reply.type("text/html; charset=utf-8").send(renderHtml(doc, { copy, invoiceNumber }));
  const body = await pdfBuffer(await renderPdf(doc, { copy, invoiceNumber }));
  return reply.type("application/pdf").header("Content-Disposition", `attachment; filename="${fileName(doc, "pdf")}"`).send(body);
}

/** The customer's bill: owner or administrator only; 404 for anyone else and for an order without an invoice. */
export function invoiceRoutes(invoices: InvoicesService): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { onRequest: app.requireUser };
    const schema = (summary: string) => ({ tags: ["orders"], summary, params: IdParamSchema, response: errors });
    app.get("/orders/:id/invoice", { ...auth, schema: schema("The order's tax invoice as a printable page (owner or administrator)") }, async (req, reply) =>
      sendDocument(reply, invoices, await invoices.forViewer(req.user!, req.params.id), req.user!.id, "HTML"),
    );
    app.get("/orders/:id/invoice.pdf", { ...auth, schema: schema("The order's tax invoice as PDF (owner or administrator)") }, async (req, reply) =>
      sendDocument(reply, invoices, await invoices.forViewer(req.user!, req.params.id), req.user!.id, "PDF"),
    );
    app.get("/orders/:id/credit-note.pdf", { ...auth, schema: schema("The order's credit note as PDF (owner or administrator)") }, async (req, reply) =>
      sendDocument(reply, invoices, await invoices.forViewer(req.user!, req.params.id, "CREDIT_NOTE"), req.user!.id, "PDF"),
    );
  };
}
