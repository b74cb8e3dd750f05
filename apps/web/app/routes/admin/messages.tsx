import { useState } from "react";
import { toast } from "../../lib/toast";
import type { AdminMessage } from "@khelkud/contracts";
import { addressChoice, addressPage, useAddressFilters, useAddressFollows, useApiGet } from "../../components/admin/api/hooks";
import { contentApi, messagesUrl, subscribersUrl, type AdminMessageList, type AdminSubscriberList } from "../../components/admin/api/content";
import { btn, ErrorNote, input, PageHeader, Pager, Table } from "../../components/admin/ui";
import { formatDate } from "../../lib/format";

type Message = AdminMessage;

export default function AdminMessages() {
  const address = useAddressFilters(["unread", "page", "subscribersPage"]);
  const [unread, setUnread] = useState(addressChoice(address.unread, ["true", "false"]));
  const [page, setPage] = useState(addressPage(address.page));
  const [subPage, setSubPage] = useState(addressPage(address.subscribersPage));
  useAddressFollows({ unread, page, subscribersPage: subPage === 1 ? "" : subPage });
  const messages = useApiGet<AdminMessageList>(messagesUrl({ unread, page }));
  const subs = useApiGet<AdminSubscriberList>(subscribersUrl({ page: subPage }));
  const [exporting, setExporting] = useState(false);

  async function toggle(m: Message) {
    try {
      await contentApi.setMessageRead(m.id, !m.read);
      messages.reload();
    } catch (e) {
      toast.error((e as Error).message);
    }
  }

  async function exportCsv() {
    setExporting(true);
    try {
      await contentApi.downloadSubscribers();
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="space-y-8">
      <section>
        <PageHeader title="Messages" subtitle={messages.data ? `${messages.data.unreadCount} unread` : "Contact form"} />
        <select className={`${input} mb-3 max-w-[12rem]`} aria-label="Filter messages" value={unread} onChange={(e) => { setUnread(e.target.value); setPage(1); }}>
          <option value="">All messages</option>
          <option value="true">Unread</option>
          <option value="false">Read</option>
        </select>
        {messages.error && <ErrorNote text={messages.error} onRetry={messages.reload} />}
        {messages.data && (
          <>
            <Table head={["From", "Subject", "Message", "Received", ""]} empty={messages.data.messages.length === 0 && "No messages yet."}>
              {messages.data.messages.map((m) => (
                <tr key={m.id} className={m.read ? "" : "bg-nepal/5 font-medium"}>
                  <td className="px-3 py-2">
                    <div>{m.name}</div>
                    <a className="text-xs text-nepal hover:underline" href={`mailto:${m.email}`}>
                      {m.email}
                    </a>
                    {m.phone && <div className="text-xs text-slate-500">{m.phone}</div>}
                  </td>
                  <td className="px-3 py-2">{m.subject}</td>
                  <td className="max-w-md px-3 py-2 whitespace-pre-wrap font-normal text-slate-700 [overflow-wrap:anywhere]">{m.message}</td>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-600">{formatDate(m.createdAt)}</td>
                  <td className="px-3 py-2">
                    <button type="button" className={btn.small} onClick={() => toggle(m)}>
                      {m.read ? "Mark unread" : "Mark read"}
                    </button>
                  </td>
                </tr>
              ))}
            </Table>
            <Pager page={messages.data.pagination.page} totalPages={messages.data.pagination.totalPages} onPage={setPage} />
          </>
        )}
      </section>
      <section>
        <PageHeader
          title="Newsletter subscribers"
          subtitle={subs.data ? `${subs.data.pagination.total} subscribed` : undefined}
          actions={
            <button type="button" className={btn.secondary} onClick={exportCsv} disabled={exporting}>
              {exporting ? "Exporting..." : "Export CSV"}
            </button>
          }
        />
        {subs.error && <ErrorNote text={subs.error} onRetry={subs.reload} />}
        {subs.data && (
          <>
            <Table head={["Email", "Subscribed"]} empty={subs.data.subscribers.length === 0 && "No subscribers yet."}>
              {subs.data.subscribers.map((s) => (
                <tr key={s.id}>
                  <td className="px-3 py-2">{s.email}</td>
                  <td className="px-3 py-2 text-slate-600">{formatDate(s.subscribedAt)}</td>
                </tr>
              ))}
            </Table>
            <Pager page={subs.data.pagination.page} totalPages={subs.data.pagination.totalPages} onPage={setSubPage} />
          </>
        )}
      </section>
    </div>
  );
}
