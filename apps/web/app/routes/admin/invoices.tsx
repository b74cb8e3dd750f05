import { useState } from "react";
import { toast } from "../../lib/toast";
import { bsDateOf, documentTitle, fiscalYearOf, formatNPR, type AdminTaxDocument } from "@khelkud/contracts";
import { addressChoice, addressPage, useAddressFilters, useAddressFollows, useApiGet, useDebounced } from "../../components/admin/api/hooks";
import { invoicesUrl, SETTINGS_URL, shopApi, type AdminTaxDocumentList, type StoreSettingsResult } from "../../components/admin/api/shop";
import { NoPanWarning } from "../../components/admin/no-pan-warning";
import { btn, ErrorNote, input, PageHeader, Pager, StatusBadge, Table } from "../../components/admin/ui";
import { formatDateTime } from "../../lib/format";

/**
 * Where a document's original went and how many copies followed (docs/decisions/175): the first print or download, by
 * the customer or by the shop, is the original; every later one is marked COPY.
 */
function printStatus(d: Pick<AdminTaxDocument, "prints" | "original">): string {
  if (!d.original) return "not printed yet: the next print is the original";
  const copies = d.prints - 1;
  const who = d.original.byBuyer ? "customer" : "shop";
  return `original: ${who}'s ${d.original.format === "PDF" ? "PDF" : "page"}, ${formatDateTime(d.original.at)} · ${copies} ${copies === 1 ? "copy" : "copies"} (next: COPY)`;
}

/** Invoices and credit notes as issued (docs/decisions/081): search, reprint (marked COPY after the first print), sales register. */
export default function AdminInvoices() {
  const today = bsDateOf(new Date());
  const thisMonth = `${today.year}-${String(today.month).padStart(2, "0")}`;
  const address = useAddressFilters(["q", "month", "kind", "page"]);
  const [q, setQ] = useState(address.q);
  const [month, setMonth] = useState(address.month);
  const [kind, setKind] = useState(addressChoice(address.kind, ["INVOICE", "CREDIT_NOTE"]));
  const [page, setPage] = useState(addressPage(address.page));
  const [period, setPeriod] = useState(thisMonth);
  const search = useDebounced(q);
  useAddressFollows({ q: search, month, kind, page });
  const monthOk = month === "" || /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const list = useApiGet<AdminTaxDocumentList>(monthOk ? invoicesUrl({ q: search, month, kind, page }) : null);
  const settings = useApiGet<StoreSettingsResult>(SETTINGS_URL);
  const periodOk = /^(\d{4}-(0[1-9]|1[0-2])|\d{4}\/\d{2})$/.test(period);

  async function download(ext: "csv" | "xlsx") {
    try {
      await shopApi.downloadSalesRegister(ext, period);
    } catch (err) {
      toast.error((err as Error).message);
    }
  }

  return (
    <div>
      <PageHeader title="Invoices" subtitle="Tax invoices and credit notes as issued; reprints are marked COPY" />
      {settings.data && !settings.data.settings.pan && (
        <div className="mb-3">
          <NoPanWarning />
        </div>
      )}
      <div className="mb-3 flex flex-wrap gap-2">
        <input className={`${input} max-w-xs`} type="search" placeholder="Number, order or customer" aria-label="Search invoices" value={q} onChange={(e) => { setQ(e.target.value); setPage(1); }} />
        <input className={`${input} max-w-[10rem]`} placeholder={`BS month ${thisMonth}`} aria-label="Bikram Sambat month (YYYY-MM)" value={month} onChange={(e) => { setMonth(e.target.value.trim()); setPage(1); }} />
        <select className={`${input} max-w-[12rem]`} aria-label="Document kind" value={kind} onChange={(e) => { setKind(e.target.value); setPage(1); }}>
          <option value="">Invoices and credit notes</option>
          <option value="INVOICE">Invoices</option>
          <option value="CREDIT_NOTE">Credit notes</option>
        </select>
      </div>
      {!monthOk && <p className="mb-2 text-sm text-red-700">Month must be a Bikram Sambat month like {thisMonth}</p>}
      <section className="mb-4 flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 bg-white p-3">
        <label className="text-sm">
          <span className="block font-semibold">Sales register</span>
          <input className={`${input} max-w-[12rem]`} aria-label="Register period: BS month or fiscal year" value={period} onChange={(e) => setPeriod(e.target.value.trim())} />
        </label>
        <span className="text-xs text-slate-500">BS month ({thisMonth}) or fiscal year ({fiscalYearOf(new Date())})</span>
        <button type="button" className={btn.secondary} disabled={!periodOk} onClick={() => void download("csv")}>
          Download CSV
        </button>
        <button type="button" className={btn.secondary} disabled={!periodOk} onClick={() => void download("xlsx")}>
          Download spreadsheet
        </button>
      </section>
      {list.error && <ErrorNote text={list.error} onRetry={list.reload} />}
      {list.data && (
        <>
          <Table head={["Number", "Date (BS)", "Kind", "Buyer", "Order", "Total", "VAT", "Print"]} empty={list.data.documents.length === 0 && "No documents yet."}>
            {list.data.documents.map((d) => (
              <tr key={d.id}>
                <td className="px-3 py-2 font-mono text-xs">{d.number}</td>
                <td className="px-3 py-2 whitespace-nowrap">{d.issuedDateBs}</td>
                <td className="px-3 py-2">
                  <StatusBadge value={d.kind} label={documentTitle(d.kind, d.vatRegistered)} />
                </td>
                <td className="px-3 py-2">{d.buyer}</td>
                <td className="px-3 py-2 font-mono text-xs">{d.orderNumber}</td>
                <td className="px-3 py-2 whitespace-nowrap">{formatNPR(d.kind === "CREDIT_NOTE" ? -d.total : d.total)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{formatNPR(d.kind === "CREDIT_NOTE" ? -d.vat : d.vat)}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <a className="text-nepal hover:underline" href={`/api/admin/invoices/${d.id}/pdf`} download>
                    PDF
                  </a>{" "}
                  ·{" "}
                  <a className="text-nepal hover:underline" href={`/api/admin/invoices/${d.id}/html`} target="_blank" rel="noreferrer">
                    Print
                  </a>
                  <div className="text-xs text-slate-500">{printStatus(d)}</div>
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
