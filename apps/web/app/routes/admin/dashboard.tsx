import { Link } from "react-router";
import { formatNPR, ORDER_STATUSES } from "@khelkud/contracts";
import { useApiGet } from "../../components/admin/api/hooks";
import { DASHBOARD_URL, type AdminDashboard as Dashboard } from "../../components/admin/api/shop";
import { NoPanWarning } from "../../components/admin/no-pan-warning";
import { SalesChart } from "../../components/admin/sales-chart";
import { ErrorNote, PageHeader, StatusBadge, Table } from "../../components/admin/ui";
import { formatDate } from "../../lib/format";


function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
      {note && <p className="text-xs text-slate-500">{note}</p>}
    </div>
  );
}

const ordersNote = (count: number) => `${count} ${count === 1 ? "order" : "orders"}`;

export default function AdminDashboard() {
  const { data, error, reload } = useApiGet<Dashboard>(DASHBOARD_URL);
  return (
    <div>
      <PageHeader title="Dashboard" subtitle="Paid revenue, orders and stock at a glance" />
      {error && <ErrorNote text={error} onRetry={reload} />}
      {!data ? (
        !error && <p className="text-slate-500">Loading dashboard...</p>
      ) : (
        <div className="space-y-4">
          {!data.tax.hasPan && <NoPanWarning />}
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 2xl:grid-cols-7">
            <Stat label="Revenue today" value={formatNPR(data.revenue.today)} note="paid orders" />
            <Stat label="Last 7 days" value={formatNPR(data.revenue.last7Days)} />
            <Stat label="Last 30 days" value={formatNPR(data.revenue.last30Days)} />
            <Stat label="COD to collect" value={formatNPR(data.codToCollect.amount)} note={ordersNote(data.codToCollect.count)} />
            <Stat label="Wallet payments pending" value={formatNPR(data.walletPending.amount)} note={ordersNote(data.walletPending.count)} />
            <Stat label={`Taxable sales ${data.tax.fiscalYear}`} value={formatNPR(data.tax.taxable)} note="fiscal year, from bills" />
            {/* A shop not registered for VAT charges none: no VAT figure, unless its bills of this year carry some from before. */}
            {data.tax.vatRegistered || data.tax.vat !== 0 ? <Stat label={`VAT ${data.tax.fiscalYear}`} value={formatNPR(data.tax.vat)} note="13%, credit notes subtracted" /> : null}
          </div>
          <section className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="mb-2 font-semibold">Daily sales, last 30 days</h2>
            <SalesChart days={data.dailySales} />
          </section>
          <section className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="mb-2 font-semibold">Orders by status</h2>
            <ul className="flex flex-wrap gap-3">
              {ORDER_STATUSES.map((s) => (
                <li key={s} className="flex items-center gap-2">
                  <StatusBadge value={s} /> <span className="font-semibold">{data.ordersByStatus[s] ?? 0}</span>
                </li>
              ))}
            </ul>
          </section>
          {/* Grid items keep at least their content's width unless told otherwise: min-w-0 lets each table scroll inside
              its own box, not push the page wider than a phone. */}
          <div className="grid gap-4 lg:grid-cols-2">
            <section className="min-w-0">
              <h2 className="mb-2 font-semibold">Recent orders</h2>
              <Table compact head={["Order", "Customer", "Total", "Status", "Date"]} empty={data.recentOrders.length === 0 && "No orders found."}>
                {data.recentOrders.map((o) => (
                  <tr key={o.id}>
                    <td className="px-3 py-2 font-mono text-xs">{o.orderNumber}</td>
                    <td className="px-3 py-2">{o.customer ?? "N/A"}</td>
                    <td className="px-3 py-2">{formatNPR(o.totalAmount)}</td>
                    <td className="px-3 py-2">
                      <StatusBadge value={o.status} />
                    </td>
                    <td className="px-3 py-2 text-slate-600">{formatDate(o.createdAt)}</td>
                  </tr>
                ))}
              </Table>
            </section>
            <section className="min-w-0">
              <h2 className="mb-2 font-semibold">Low stock (below 10, per size)</h2>
              <Table compact head={["Product", "Size", "Stock"]} empty={data.lowStock.length === 0 && "Every size has 10 or more in stock."}>
                {data.lowStock.map((s) => (
                  <tr key={`${s.productId}-${s.size}`}>
                    <td className="px-3 py-2">
                      <Link className="text-nepal hover:underline" to={`/products/${s.slug}`}>
                        {s.name}
                      </Link>
                    </td>
                    <td className="px-3 py-2">{s.size}</td>
                    <td className={`px-3 py-2 font-semibold ${s.stock === 0 ? "text-red-700" : "text-red-600"}`}>{s.stock}</td>
                  </tr>
                ))}
              </Table>
            </section>
          </div>
          <section>
            <h2 className="mb-2 font-semibold">Best sellers (30 days)</h2>
            <Table compact head={["Product", "Units", "Revenue"]} empty={data.bestSellers.length === 0 && "No sales yet."}>
              {data.bestSellers.map((b) => (
                <tr key={b.productId}>
                  <td className="px-3 py-2">{b.name}</td>
                  <td className="px-3 py-2">{b.units}</td>
                  <td className="px-3 py-2">{formatNPR(b.revenue)}</td>
                </tr>
              ))}
            </Table>
          </section>
        </div>
      )}
    </div>
  );
}
