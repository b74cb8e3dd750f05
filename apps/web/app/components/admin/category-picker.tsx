import { toast } from "../../lib/toast";
import { ADMIN_MSG, type Category } from "@khelkud/contracts";
import { catalogApi } from "./api/catalog";
import { btn, Field, input } from "./ui";

/** The category select of the product and blog forms, with "+ Create Category" (a name asked for, saved, then chosen). */
export function CategoryPicker({
  type,
  categories,
  value,
  error,
  onChange,
  onCreated,
}: {
  type: "PRODUCT" | "BLOG";
  categories: Category[];
  value: string;
  error?: string;
  onChange: (categoryId: string) => void;
  onCreated: (c: Category) => void;
}) {
  async function create() {
    const name = window.prompt(`New ${type === "PRODUCT" ? "product" : "blog"} category name`)?.trim();
    if (!name) return;
    try {
      const { category } = await catalogApi.saveCategory(null, { name, type });
      onCreated(category);
      onChange(category.id);
      toast.success(ADMIN_MSG.categoryCreated);
    } catch (e) {
      toast.error((e as Error).message || ADMIN_MSG.categoryCreateFailed);
    }
  }

  return (
    <div className="flex items-start gap-2">
      <div className="min-w-0 flex-1">
        <Field label="Category" error={error}>
          <select className={input} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={Boolean(error)}>
            <option value="">Select a category</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <button type="button" className={`${btn.secondary} mt-6 min-h-11 whitespace-nowrap`} onClick={create}>
        + Create Category
      </button>
    </div>
  );
}
