import { useState } from "react";
import { addressChoice, addressPage, useAddressFilters, useAddressFollows, useApiGet } from "../../components/admin/api/hooks";
import { auditUrl, type AdminAuditList } from "../../components/admin/api/shop";
import { ErrorNote, input, PageHeader, Pager, Table } from "../../components/admin/ui";
import { formatDateTime } from "../../lib/format";

const TYPES = ["product", "category", "user", "order", "settings", "contact_message"];

export default function AdminAudit() {
  const address = useAddressFilters(["entity", "page"]);
  const [entityType, setEntityType] = useState(addressChoice(address.entity, TYPES));
  const [page, setPage] = useState(addressPage(address.page));
  useAddressFollows({ entity: entityType, page });
  const list = useApiGet<AdminAuditList>(auditUrl({ entityType, page }));
  return (
    <div>
      <PageHeader title="Audit log" subtitle="Every change made in the admin panel: who, what and when" />
      <select className={`${input} mb-3 max-w-[12rem]`} aria-label="Filter by entity" value={entityType} onChange={(e) => { setEntityType(e.target.value); setPage(1); }}>
        <option value="">Everything</option>
        {TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      {list.error && <ErrorNote text={list.error} onRetry={list.reload} />}
      {list.data && (
        <>
          <Table head={["When", "Who", "Action", "Entity", "Change"]} empty={list.data.entries.length === 0 && "Nothing recorded yet."}>
            {list.data.entries.map((e) => (
              <tr key={e.id} className="align-top">
                <td className="px-3 py-2 whitespace-nowrap text-slate-600">{formatDateTime(e.createdAt)}</td>
                <td className="px-3 py-2">{e.actor ? e.actor.name : "—"}</td>
                <td className="px-3 py-2 font-mono text-xs">{e.action}</td>
                <td className="px-3 py-2 font-mono text-xs">
                  {e.entityType}
                  <div className="text-slate-500">{e.entityId}</div>
                </td>
                <td className="px-3 py-2">
                  <details>
                    <summary className="cursor-pointer text-xs text-nepal">Before / after</summary>
                    <div className="mt-1 grid gap-2 md:grid-cols-2">
                      <pre className="max-h-60 overflow-auto rounded bg-slate-50 p-2 text-xs">{JSON.stringify(e.before, null, 2)}</pre>
                      <pre className="max-h-60 overflow-auto rounded bg-slate-50 p-2 text-xs">{JSON.stringify(e.after, null, 2)}</pre>
                    </div>
                  </details>
                </td>
              </tr>
            ))}
          </Table>
          <Pager page={list.data.pagination.page} totalPages={list.data.pagination.totalPages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
