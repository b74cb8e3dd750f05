import type { FastifyInstance } from "fastify";
import type { MailService, OutboxEntry } from "./mail.service.js";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
/** Escapes the text and turns http(s) URLs into links, so a reset link can be followed from the viewer. */
const linkify = (s: string) => esc(s).replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}">${u}</a>`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}header{background:#003893;color:#fff;padding:12px 16px}main{max-width:900px;margin:0 auto;padding:16px}
a{color:#003893}table{width:100%;border-collapse:collapse;background:#fff}td,th{padding:8px;border-bottom:1px solid #e2e8f0;text-align:left;vertical-align:top}pre{white-space:pre-wrap;background:#fff;padding:12px;border:1px solid #e2e8f0}
iframe{width:100%;height:420px;border:1px solid #e2e8f0;background:#fff}.meta{color:#475569;font-size:14px}</style></head>
<body><header><strong>Development outbox</strong> · e-mails the shop would have sent (no SMTP_URL set)</header><main>${body}</main></body></html>`;
}

/** /dev/mail: lists and shows the development outbox. Registered only when config.devMailViewer is true (never in production by default). */
export function registerDevMail(app: FastifyInstance, mail: MailService): void {
  app.get("/dev/mail", { schema: { hide: true } }, async (_req, reply) => {
    const entries = await mail.outbox.list();
    const rows = entries
      .map((e: OutboxEntry) => `<tr><td class="meta">${esc(new Date(e.sentAt).toLocaleString("en-GB"))}</td><td>${esc(e.to)}</td><td><a href="/dev/mail/${e.id}">${esc(e.subject)}</a></td></tr>`)
      .join("");
    const body = entries.length ? `<h1>Outbox</h1><table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>` : "<h1>Outbox</h1><p>No e-mails yet.</p>";
    return reply.type("text/html; charset=utf-8").header("Cache-Control", "no-store").send(page("Outbox", body));
  });

  app.get("/dev/mail/:id", { schema: { hide: true } }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const e = await mail.outbox.get(id);
    if (!e) return reply.status(404).type("text/html; charset=utf-8").send(page("Not found", `<p>No such e-mail. <a href="/dev/mail">Back to the outbox</a></p>`));
    const html = e.html ? `<h2>HTML</h2><iframe sandbox="" title="HTML version" srcdoc="${esc(e.html)}"></iframe>` : "";
    const body = `<p><a href="/dev/mail">← Outbox</a> · <a href="/dev/mail/raw/${e.id}">Raw message (.eml)</a></p>
<h1>${esc(e.subject)}</h1><p class="meta">From ${esc(e.from)} · To ${esc(e.to)} · ${esc(new Date(e.sentAt).toLocaleString("en-GB"))}</p>
<h2>Text</h2><pre>${linkify(e.text)}</pre>${html}`;
    return reply.type("text/html; charset=utf-8").header("Cache-Control", "no-store").send(page(e.subject, body));
  });

  app.get("/dev/mail/raw/:id", { schema: { hide: true } }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const raw = await mail.outbox.raw(id);
    if (!raw) return reply.status(404).send({ success: false, error: "Not found" });
    return reply.type("message/rfc822").header("Content-Disposition", `attachment; filename="${id}.eml"`).send(raw);
  });
}
