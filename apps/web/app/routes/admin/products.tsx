import { useState } from "react";
import { toast } from "../../lib/toast";
import { ADMIN_MSG, LOW_STOCK_THRESHOLD, formatNPR, type Product } from "@khelkud/contracts";
import { addressPage, useAddressFilters, useAddressFollows, useApiGet, useDebounced } from "../../components/admin/api/hooks";
import { catalogApi, categoriesUrl, productsUrl, type AdminCategoryList, type AdminProductList } from "../../components/admin/api/catalog";
import { ProductForm } from "../../components/admin/product-form";
import { FilterBar, SearchFilter, SelectFilter } from "../../components/admin/list-filters";
import { btn, Dialog, ErrorNote, PageHeader, Pager, showingText, StatusBadge, Table } from "../../components/admin/ui";
import { adminAction } from "../../components/admin/use-admin-form";

const SORTS = [
  { value: "createdAt:desc", label: "Newest first" },
  { value: "createdAt:asc", label: "Oldest first" },
  { value: "name:asc", label: "Name A–Z" },
  { value: "price:asc", label: "Price low–high" },
  { value: "price:desc", label: "Price high–low" },
  { value: "stock:asc", label: "Stock low–high" },
];

export default function AdminProducts() {
  const address = useAddressFilters(["q", "category", "sort", "page"]);
  const [search, setSearch] = useState(address.q);
  const [categoryId, setCategoryId] = useState(address.category);
  const [sort, setSort] = useState(SORTS.some((s) => s.value === address.sort) ? address.sort : "createdAt:desc");
  const [page, setPage] = useState(addressPage(address.page));
  const q = useDebounced(search);
  useAddressFollows({ q, category: categoryId, sort: sort === "createdAt:desc" ? "" : sort, page });
  const [sortBy, sortOrder] = sort.split(":");
  const list = useApiGet<AdminProductList>(productsUrl({ q, categoryId, sortBy, sortOrder, page, limit: 20 }));
  const cats = useApiGet<AdminCategoryList>(categoriesUrl("PRODUCT"));
  const [editing, setEditing] = useState<Product | null | undefined>(undefined);

  const categories = cats.data?.categories ?? [];

  async function toggleFeatured(p: Product) {
    try {
      await catalogApi.setFeatured(p.id, !p.featured);
      toast.success(p.featured ? "Product removed from featured" : "Product featured");
      list.reload();
    } catch (e) {
      toast.error((e as Error).message);
    }
  }

  const remove = (p: Product) =>
    adminAction({
      confirm: "Are you sure you want to delete this product?",
      run: () => catalogApi.removeProduct(p.id),
      done: (r) => (r.archived ? "The product is in past orders, so it was archived (set to Inactive) instead of deleted." : "Product deleted successfully!"),
      failed: "The product could not be deleted. Please try again.",
      reload: list.reload,
    });

  const data = list.data;
  return (
    <div>
      <PageHeader
        title="Product Management"
        subtitle="Manage your jerseys, stock per size and images"
        actions={
          <button type="button" className={btn.primary} onClick={() => setEditing(null)}>
            + Add Product
          </button>
        }
      />
      <FilterBar count={data && showingText(data.products.length, data.pagination.total, data.overallTotal, "products")}>
        <SearchFilter label="Search products" placeholder="Search products by name..." value={search} onChange={(v) => (setSearch(v), setPage(1))} />
        <SelectFilter
          label="Filter by category"
          all="All categories"
          className="max-w-[14rem]"
          options={categories.map((c) => ({ value: c.id, label: c.name }))}
          value={categoryId}
          onChange={(v) => (setCategoryId(v), setPage(1))}
        />
        <SelectFilter label="Sort" className="max-w-[12rem]" options={SORTS} value={sort} onChange={setSort} />
      </FilterBar>
      {list.error && <ErrorNote text={list.error} onRetry={list.reload} />}
      {!data && !list.error ? (
        <p className="text-slate-500">{ADMIN_MSG.loadingProducts}</p>
      ) : (
        data && (
          <>
            <Table head={["Product", "Category", "Price", "Stock", "Status", "Actions"]} empty={data.products.length === 0 && "No products found."}>
              {data.products.map((p) => (
                <tr key={p.id} className="hover:bg-slate-50">
                  <td className="px-3 py-2">
                    <div className="font-medium text-slate-900">{p.name}</div>
                    <div className="font-mono text-xs text-slate-500">{p.slug}</div>
                  </td>
                  <td className="px-3 py-2">{p.category?.name ?? "No Category"}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <div>{formatNPR(p.price)}</div>
                    {p.salePrice != null && <div className="text-xs font-semibold text-crimson">Sale {formatNPR(p.salePrice)}</div>}
                  </td>
                  <td
                    className={`px-3 py-2 font-semibold ${p.stock < LOW_STOCK_THRESHOLD ? "text-red-600" : "text-slate-800"}`}
                    title={p.sizes.map((s) => `${s.size}: ${s.stock}`).join(", ")}
                  >
                    {p.stock}
                  </td>
                  <td className="px-3 py-2">
                    <StatusBadge value={p.status} />
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap gap-1">
                      <button type="button" className={btn.small} onClick={() => setEditing(p)}>
                        Edit
                      </button>
                      <button
                        type="button"
                        className={`${btn.small} ${p.featured ? "border-amber-300 bg-amber-50 text-amber-800" : ""}`}
                        aria-pressed={p.featured}
                        onClick={() => toggleFeatured(p)}
                      >
                        {p.featured ? "Featured" : "Feature"}
                      </button>
                      <button type="button" className={btn.danger} onClick={() => remove(p)}>
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </Table>
            <Pager page={data.pagination.page} totalPages={data.pagination.totalPages} onPage={setPage} />
          </>
        )
      )}
      <Dialog open={editing !== undefined} title={editing ? `Edit ${editing.name}` : "Add Product"} onClose={() => setEditing(undefined)} wide>
        {editing !== undefined && (
          <ProductForm
            key={editing?.id ?? "new"}
            product={editing}
            categories={categories}
            onCategoryCreated={() => cats.reload()}
            onSaved={(p) => {
              setEditing(p);
              list.reload();
            }}
          />
        )}
      </Dialog>
    </div>
  );
}
