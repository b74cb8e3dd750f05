import { useState } from "react";
import { toast } from "../../lib/toast";
import { ADMIN_MSG, type AdminCategory, type CategoryType } from "@khelkud/contracts";
import { catalogApi, categoriesUrl, type AdminCategoryList } from "../../components/admin/api/catalog";
import { useApiGet } from "../../components/admin/api/hooks";
import { btn, Dialog, ErrorNote, Field, input, PageHeader, StatusBadge } from "../../components/admin/ui";
import { adminAction, useAdminForm } from "../../components/admin/use-admin-form";
import { formatDate } from "../../lib/format";
import { formRules } from "../../lib/use-form";

const categoryRules = formRules<{ name: string; description: string; nameNe: string; descriptionNe: string; status: "ACTIVE" | "INACTIVE" }>((f) => ({
  name: f.name.trim() ? undefined : "Category name is required",
}));

function CategoryForm({ category, type, onSaved }: { category: AdminCategory | null; type: CategoryType; onSaved: () => void }) {
  const form = useAdminForm(categoryRules, {
    name: category?.name ?? "",
    description: category?.description ?? "",
    nameNe: category?.nameNe ?? "",
    descriptionNe: category?.descriptionNe ?? "",
    status: category?.status ?? "ACTIVE",
  });
  const { values: f, set } = form;
  const submit = form.onSubmit(
    async () => {
      const body = {
        name: f.name,
        description: f.description || null,
        nameNe: f.nameNe.trim() || null,
        descriptionNe: f.descriptionNe.trim() || null,
        status: f.status,
        type: category?.type ?? type,
      };
      await catalogApi.saveCategory(category?.id ?? null, body);
      toast.success(category ? ADMIN_MSG.categoryUpdated : ADMIN_MSG.categoryCreatedLong);
      onSaved();
    },
    { fallback: ADMIN_MSG.categorySaveError },
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <Field label="Name" error={form.errors.name}>
        <input className={input} value={f.name} onChange={(e) => set("name", e.target.value)} />
      </Field>
      <Field label="Description">
        <textarea className={input} rows={3} value={f.description} onChange={(e) => set("description", e.target.value)} />
      </Field>
      {/* Optional Nepali versions (docs/decisions/089): shown on the /ne pages, the English text when empty. */}
      <Field label="Name (Nepali, optional)">
        <input className={input} lang="ne" maxLength={100} value={f.nameNe} onChange={(e) => set("nameNe", e.target.value)} />
      </Field>
      <Field label="Description (Nepali, optional)">
        <textarea className={input} lang="ne" rows={3} maxLength={1000} value={f.descriptionNe} onChange={(e) => set("descriptionNe", e.target.value)} />
      </Field>
      <Field label="Type">
        <input className={`${input} bg-slate-50`} value={(category?.type ?? type) === "PRODUCT" ? "Product" : "Blog"} readOnly />
      </Field>
      <Field label="Status">
        <select className={input} value={f.status} onChange={(e) => set("status", e.target.value as "ACTIVE")}>
          <option value="ACTIVE">Active</option>
          <option value="INACTIVE">Inactive</option>
        </select>
      </Field>
      <div className="flex justify-end">
        <button type="submit" className={btn.primary} disabled={form.saving}>
          {category ? "Update Category" : "Create Category"}
        </button>
      </div>
    </form>
  );
}

export default function AdminCategories() {
  const [tab, setTab] = useState<CategoryType>("PRODUCT");
  const list = useApiGet<AdminCategoryList>(categoriesUrl());
  const [editing, setEditing] = useState<AdminCategory | null | undefined>(undefined);

  const remove = (c: AdminCategory) =>
    adminAction({ confirm: ADMIN_MSG.categoryDeleteConfirm, run: () => catalogApi.removeCategory(c.id), done: () => ADMIN_MSG.categoryDeleted, failed: ADMIN_MSG.categoryDeleteError, reload: list.reload });

  const shown = list.data?.categories.filter((c) => c.type === tab) ?? [];
  return (
    <div>
      <PageHeader
        title="Category Management"
        subtitle="Product and blog categories"
        actions={
          <button type="button" className={btn.primary} onClick={() => setEditing(null)}>
            + Add Category
          </button>
        }
      />
      <div role="tablist" className="mb-4 flex gap-2 border-b border-slate-200">
        {(["PRODUCT", "BLOG"] as const).map((t) => (
          <button
            key={t}
            role="tab"
            type="button"
            aria-selected={tab === t}
            onClick={() => setTab(t)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${tab === t ? "border-crimson text-crimson" : "border-transparent text-slate-600"}`}
          >
            {t === "PRODUCT" ? "Product Categories" : "Blog Categories"} ({list.data?.counts[t] ?? 0})
          </button>
        ))}
      </div>
      {list.error && <ErrorNote text={ADMIN_MSG.failedCategories} onRetry={list.reload} />}
      {list.data && shown.length === 0 && <p className="py-8 text-center text-slate-500">No {tab === "PRODUCT" ? "product" : "blog"} categories yet</p>}
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {shown.map((c) => (
          <li key={c.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <div className="flex items-start justify-between gap-2">
              <h2 className="font-semibold">{c.name}</h2>
              <StatusBadge value={c.status} />
            </div>
            <p className="mt-1 text-sm text-slate-600">{c.description || "No description provided"}</p>
            <p className="mt-2 text-xs text-slate-500">
              {c.type === "PRODUCT" ? `${c.productCount} products` : `${c.postCount} posts`} · Created {formatDate(c.createdAt)}
            </p>
            <div className="mt-3 flex gap-2">
              <button type="button" className={btn.small} onClick={() => setEditing(c)}>
                Edit
              </button>
              <button type="button" className={btn.danger} onClick={() => remove(c)}>
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
      <Dialog open={editing !== undefined} title={editing ? "Edit Category" : "Add Category"} onClose={() => setEditing(undefined)}>
        {editing !== undefined && (
          <CategoryForm
            key={editing?.id ?? "new"}
            category={editing}
            type={tab}
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
