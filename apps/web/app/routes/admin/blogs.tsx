import { useState } from "react";
import { toast } from "../../lib/toast";
import { ADMIN_MSG, BLOG_STATUSES, type AdminBlog, type AdminBlogCard } from "@khelkud/contracts";
import { categoriesUrl, type AdminCategoryList } from "../../components/admin/api/catalog";
import { blogsUrl, contentApi, type AdminBlogList } from "../../components/admin/api/content";
import { addressChoice, addressPage, useAddressFilters, useAddressFollows, useApiGet, useDebounced } from "../../components/admin/api/hooks";
import { BlogForm } from "../../components/admin/blog-form";
import { FilterBar, SearchFilter, SelectFilter } from "../../components/admin/list-filters";
import { btn, Dialog, ErrorNote, PageHeader, Pager, StatusBadge } from "../../components/admin/ui";
import { adminAction } from "../../components/admin/use-admin-form";
import { formatDate } from "../../lib/format";

/** Blog management (docs/product-rules.md §14, docs/decisions/061): search, category and status filters, cards with Edit and Delete, the post dialog. */
export default function AdminBlogs() {
  const address = useAddressFilters(["q", "category", "status", "page"]);
  const [search, setSearch] = useState(address.q);
  const [categoryId, setCategoryId] = useState(address.category);
  const [status, setStatus] = useState(addressChoice(address.status, BLOG_STATUSES));
  const [page, setPage] = useState(addressPage(address.page));
  const q = useDebounced(search);
  useAddressFollows({ q, category: categoryId, status, page });
  const list = useApiGet<AdminBlogList>(blogsUrl({ q, categoryId, status, page, limit: 18 }));
  const cats = useApiGet<AdminCategoryList>(categoriesUrl("BLOG"));
  // undefined: closed; null: a new post; a post: editing it.
  const [editing, setEditing] = useState<AdminBlog | null | undefined>(undefined);
  const [opening, setOpening] = useState<string | null>(null);
  const data = list.data;

  async function edit(id: string) {
    setOpening(id);
    try {
      setEditing((await contentApi.getBlog(id)).blog);
    } catch (e) {
      toast.error((e as Error).message || ADMIN_MSG.failedBlogs);
    } finally {
      setOpening(null);
    }
  }

  const remove = (b: AdminBlogCard) =>
    adminAction({
      confirm: ADMIN_MSG.blogDeleteConfirm,
      run: () => contentApi.removeBlog(b.id),
      done: () => ADMIN_MSG.blogDeleted,
      failed: ADMIN_MSG.blogDeleteError,
      reload: list.reload,
    });

  return (
    <div>
      <PageHeader
        title="Blog Management"
        subtitle="Articles and guides"
        actions={
          <button type="button" className={`${btn.primary} min-h-11`} onClick={() => setEditing(null)}>
            + New Post
          </button>
        }
      />
      <FilterBar count={data && `Showing ${data.pagination.total} of ${data.overallTotal} posts`}>
        <SearchFilter
          label="Search posts"
          placeholder="Search by title or excerpt..."
          className="sm:max-w-xs"
          value={search}
          onChange={(v) => (setSearch(v), setPage(1))}
        />
        <SelectFilter
          label="Filter by category"
          all="All categories"
          className="w-auto min-w-0 flex-1 sm:max-w-[14rem] sm:flex-none"
          options={(cats.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={categoryId}
          onChange={(v) => (setCategoryId(v), setPage(1))}
        />
        <SelectFilter
          label="Filter by status"
          all="All statuses"
          className="w-auto min-w-0 flex-1 sm:max-w-[10rem] sm:flex-none"
          options={BLOG_STATUSES.map((s) => ({ value: s, label: s.charAt(0) + s.slice(1).toLowerCase() }))}
          value={status}
          onChange={(v) => (setStatus(v), setPage(1))}
        />
      </FilterBar>
      {list.error && <ErrorNote text={ADMIN_MSG.failedBlogs} onRetry={list.reload} />}
      {data && data.blogs.length === 0 && (
        <div className="py-10 text-center text-slate-500">
          <p className="font-medium">No blog posts found</p>
          <p className="text-sm">{data.overallTotal === 0 ? "Write the first one with New Post." : "Try another search, category or status."}</p>
        </div>
      )}
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {data?.blogs.map((b) => (
          <li key={b.id} className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white">
            {b.featuredImage && (
              <img src={b.featuredImage} alt="" width={1200} height={630} loading="lazy" className="aspect-[1200/630] w-full bg-slate-100 object-cover" />
            )}
            <div className="flex flex-1 flex-col p-4">
              <div className="flex items-start justify-between gap-2">
                <h2 className="font-semibold break-words">{b.title}</h2>
                {b.featured && <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">Featured</span>}
              </div>
              <p className="mt-1 line-clamp-3 text-sm text-slate-600">{b.excerpt}</p>
              <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                <StatusBadge value={b.status} /> {formatDate(b.createdAt)} · {b.category ?? "No Category"}
              </div>
              <div className="mt-auto flex flex-wrap gap-2 pt-3">
                <button
                  type="button"
                  className={`${btn.secondary} min-h-11 flex-1 sm:min-h-0 sm:flex-none`}
                  onClick={() => edit(b.id)}
                  disabled={opening === b.id}
                  aria-label={`Edit ${b.title}`}
                >
                  {opening === b.id ? "Opening..." : "Edit"}
                </button>
                <button
                  type="button"
                  className={`${btn.secondary} min-h-11 flex-1 border-red-200 text-red-700 hover:bg-red-50 sm:min-h-0 sm:flex-none`}
                  onClick={() => remove(b)}
                  aria-label={`Delete ${b.title}`}
                >
                  Delete
                </button>
                {b.status === "PUBLISHED" && (
                  <a
                    href={`/blogs/${b.slug}`}
                    target="_blank"
                    rel="noopener"
                    className={`${btn.secondary} min-h-11 flex-1 sm:min-h-0 sm:flex-none`}
                    aria-label={`View ${b.title} on the shop`}
                  >
                    View
                  </a>
                )}
              </div>
            </div>
          </li>
        ))}
      </ul>
      {data && <Pager page={data.pagination.page} totalPages={data.pagination.totalPages} onPage={setPage} />}
      <Dialog open={editing !== undefined} title={editing ? `Edit ${editing.title}` : "New Post"} onClose={() => setEditing(undefined)} wide>
        {editing !== undefined && (
          <BlogForm
            key={editing?.id ?? "new"}
            blog={editing}
            categories={cats.data?.categories ?? []}
            onCategoryCreated={() => cats.reload()}
            onSaved={() => {
              setEditing(undefined);
              list.reload();
            }}
          />
        )}
      </Dialog>
    </div>
  );
}
