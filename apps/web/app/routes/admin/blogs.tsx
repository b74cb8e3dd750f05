import { useState } from "react";
import { ADMIN_MSG, type Category, type Pagination } from "@khelkud/contracts";
import { qs, useApiGet, useDebounced } from "../../components/admin/admin-api";
import { ErrorNote, input, PageHeader, Pager, StatusBadge } from "../../components/admin/ui";
import { formatDate } from "../../lib/format";

interface BlogCard {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  featured: boolean;
  status: string;
  category: string | null;
  createdAt: string;
}

/** The blog list (search, category filter, cards). Writing posts belongs to the content module's editor. */
export default function AdminBlogs() {
  const [search, setSearch] = useState("");
  const [categoryId, setCategoryId] = useState("");
  const [page, setPage] = useState(1);
  const q = useDebounced(search);
  const list = useApiGet<{ blogs: BlogCard[]; pagination: Pagination; overallTotal: number }>(`/api/admin/blogs${qs({ q, categoryId, page, limit: 18 })}`);
  const cats = useApiGet<{ categories: Category[] }>("/api/admin/categories?type=BLOG");
  const data = list.data;
  return (
    <div>
      <PageHeader title="Blog Management" subtitle="Articles and guides" />
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <input className={`${input} max-w-xs`} type="search" placeholder="Search by title or excerpt..." aria-label="Search posts" value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} />
        <select className={`${input} max-w-[14rem]`} aria-label="Filter by category" value={categoryId} onChange={(e) => { setCategoryId(e.target.value); setPage(1); }}>
          <option value="">All categories</option>
          {cats.data?.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        {data && <p className="ml-auto text-sm text-slate-600">Showing {data.pagination.total} of {data.overallTotal} posts</p>}
      </div>
      {list.error && <ErrorNote text={ADMIN_MSG.failedBlogs} onRetry={list.reload} />}
      {data && data.blogs.length === 0 && (
        <div className="py-10 text-center text-slate-500">
          <p className="font-medium">No blog posts found</p>
          <p className="text-sm">Try another search or category.</p>
        </div>
      )}
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {data?.blogs.map((b) => (
          <li key={b.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <div className="flex items-start justify-between gap-2">
              <h2 className="font-semibold">{b.title}</h2>
              {b.featured && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">Featured</span>}
            </div>
            <p className="mt-1 line-clamp-3 text-sm text-slate-600">{b.excerpt}</p>
            <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-500">
              <StatusBadge value={b.status} /> {formatDate(b.createdAt)} · {b.category ?? "No Category"}
            </div>
          </li>
        ))}
      </ul>
      {data && <Pager page={data.pagination.page} totalPages={data.pagination.totalPages} onPage={setPage} />}
    </div>
  );
}
