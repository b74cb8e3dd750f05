import { lazy, Suspense, useRef, useState } from "react";
import { toast } from "../../lib/toast";
import {
  ADMIN_MSG,
  BLOG_STATUSES,
  MAX_BLOG_IMAGE_BYTES,
  keywordRoles,
  slugify,
  splitList,
  type AdminBlog,
  type BlogInput,
  type BlogStatus,
  type Category,
} from "@khelkud/contracts";
import { ApiError } from "./api/client";
import { contentApi } from "./api/content";
import { SeoFields, seoInput, seoText, type SeoText } from "./seo-fields";
import { CategoryPicker } from "./category-picker";
import { btn, Field, input } from "./ui";
import { useAdminForm } from "./use-admin-form";
import { formRules } from "../../lib/use-form";

// The editor (Tiptap + ProseMirror) is fetched only when this form opens: no other page of the shop loads it.
const RichTextEditor = lazy(() => import("./rich-text-editor"));

type FormState = SeoText & {
  title: string;
  slug: string;
  categoryId: string;
  excerpt: string;
  content: string;
  contentEmpty: boolean;
  /** Optional Nepali versions (docs/decisions/089): shown on the /ne pages, the English text when empty. */
  titleNe: string;
  excerptNe: string;
  contentNe: string;
  contentNeEmpty: boolean;
  featured: boolean;
  status: BlogStatus;
  image: { key: string; url: string } | null;
};

function fromBlog(b: AdminBlog | null): FormState {
  return {
    title: b?.title ?? "",
    slug: b?.slug ?? "",
    categoryId: b?.categoryId ?? "",
    excerpt: b?.excerpt ?? "",
    content: b?.content ?? "",
    contentEmpty: !b,
    titleNe: b?.titleNe ?? "",
    excerptNe: b?.excerptNe ?? "",
    contentNe: b?.contentNe ?? "",
    contentNeEmpty: !b?.contentNe,
    ...seoText(b),
    featured: b?.featured ?? false,
    status: b?.status ?? "DRAFT",
    image: b?.featuredImage ?? null,
  };
}

const STATUS_LABEL: Record<BlogStatus, string> = { DRAFT: "Draft", PUBLISHED: "Published", ARCHIVED: "Archived" };

/** The slug rule of the form: from the title, else the keywords, while creating or while the slug is empty. */
const autoSlug = (title: string, keywords: string) => slugify(title) || slugify(splitList(keywords).join(" "));

const blogRules = formRules<FormState>((f) => ({
  title: f.title.trim() ? undefined : ADMIN_MSG.blogTitleRequired,
  categoryId: f.categoryId ? undefined : ADMIN_MSG.blogCategoryRequired,
  content: f.contentEmpty ? ADMIN_MSG.blogContentRequired : undefined,
}));

const refusedInput = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 403;

/** The blog post dialog's form (docs/product-rules.md §14, docs/decisions/061). Saves everything in one call; the featured picture is uploaded first. */
export function BlogForm({
  blog,
  categories,
  onCategoryCreated,
  onSaved,
}: {
  blog: AdminBlog | null;
  categories: Category[];
  onCategoryCreated: (c: Category) => void;
  onSaved: (b: AdminBlog) => void;
}) {
  const form = useAdminForm(blogRules, fromBlog(blog));
  const { values: f, set, errors, saving } = form;
  const [slugTouched, setSlugTouched] = useState(Boolean(blog));
  const [uploading, setUploading] = useState<number | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const keywords = keywordRoles(splitList(f.keywords));
  const slugChanged = blog && blog.status === "PUBLISHED" && f.slug.trim() !== "" && slugify(f.slug) !== blog.slug;

  function onTitle(title: string) {
    form.update({ title, slug: !slugTouched || f.slug === "" ? autoSlug(title, f.keywords) : f.slug });
  }

  async function chooseImage(file: File) {
    if (file.size > MAX_BLOG_IMAGE_BYTES) {
      form.showErrors({ featuredImage: ADMIN_MSG.blogImageTooLarge });
      return;
    }
    const data = new FormData();
    data.append("file", file);
    setUploading(0);
    form.showErrors({ featuredImage: "" });
    try {
      const { image } = await contentApi.uploadBlogImage("featured", data, setUploading);
      set("image", { key: image.key, url: image.url });
    } catch (e) {
      form.showErrors({ featuredImage: (e as Error).message });
    } finally {
      setUploading(null);
    }
  }

  const submit = form.onSubmit(
    async () => {
      const payload: BlogInput = {
        title: f.title.trim(),
        slug: f.slug.trim(),
        categoryId: f.categoryId,
        excerpt: f.excerpt.trim() || null,
        content: f.content,
        titleNe: f.titleNe.trim() || null,
        excerptNe: f.excerptNe.trim() || null,
        contentNe: f.contentNeEmpty ? null : f.contentNe,
        ...seoInput(f),
        featured: f.featured,
        status: f.status,
        featuredImage: f.image?.key ?? null,
      };
      const data = await contentApi.saveBlog(blog?.id ?? null, payload);
      toast.success(blog ? ADMIN_MSG.blogUpdated : ADMIN_MSG.blogCreated);
      onSaved(data.blog);
    },
    {
      fallback: ADMIN_MSG.blogSaveError,
      // A refusal about the input (slug taken, category gone) says what to fix; anything else gets the form's text.
      message: (err) => (refusedInput(err) ? err.message : ADMIN_MSG.blogSaveError),
      onRefused: (err, showErrors) => {
        if (refusedInput(err) && err.status === 409) showErrors({ slug: err.message });
      },
    },
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2" aria-label={blog ? "Edit blog post" : "New blog post"}>
      <div className="sm:col-span-2">
        <Field label="Title" error={errors.title}>
          <input className={input} value={f.title} onChange={(e) => onTitle(e.target.value)} required aria-invalid={Boolean(errors.title)} />
        </Field>
      </div>
      <CategoryPicker
        type="BLOG"
        categories={categories}
        value={f.categoryId}
        error={errors.categoryId}
        onChange={(id) => set("categoryId", id)}
        onCreated={onCategoryCreated}
      />
      <Field label="Status">
        <select className={input} value={f.status} onChange={(e) => set("status", e.target.value as BlogStatus)}>
          {BLOG_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </Field>
      <div className="sm:col-span-2">
        <Field label="Excerpt" hint="Shown on the blog cards; left empty, the cards show the start of the content">
          <textarea className={input} rows={2} value={f.excerpt} onChange={(e) => set("excerpt", e.target.value)} />
        </Field>
      </div>
      <div className="sm:col-span-2 text-sm">
        <span id="blog-content-label" className="mb-1 block font-medium text-slate-700">
          Content
        </span>
        <Suspense fallback={<div className="flex h-72 items-center justify-center rounded-md border border-slate-300 text-slate-500">Loading editor...</div>}>
          <RichTextEditor
            label="Content"
            value={f.content}
            invalid={Boolean(errors.content)}
            onChange={(content, empty) => form.update({ content, contentEmpty: empty })}
          />
        </Suspense>
        {errors.content && (
          <p role="alert" className="mt-1 text-xs font-medium text-red-700">
            {errors.content}
          </p>
        )}
      </div>
      <div className="sm:col-span-2">
        <Field label="Title (Nepali, optional)" error={errors.titleNe}>
          <input className={input} lang="ne" maxLength={200} value={f.titleNe} onChange={(e) => set("titleNe", e.target.value)} />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field label="Excerpt (Nepali, optional)" error={errors.excerptNe}>
          <textarea className={input} lang="ne" rows={2} maxLength={1000} value={f.excerptNe} onChange={(e) => set("excerptNe", e.target.value)} />
        </Field>
      </div>
      <div className="sm:col-span-2 text-sm" lang="ne">
        <span className="mb-1 block font-medium text-slate-700" lang="en">
          Content (Nepali, optional)
        </span>
        <Suspense fallback={<div className="flex h-72 items-center justify-center rounded-md border border-slate-300 text-slate-500">Loading editor...</div>}>
          <RichTextEditor
            label="Content (Nepali)"
            value={f.contentNe}
            invalid={Boolean(errors.contentNe)}
            onChange={(contentNe, empty) => form.update({ contentNe, contentNeEmpty: empty })}
          />
        </Suspense>
      </div>
      <SeoFields value={f} onChange={set}>
        <div className="self-start text-xs text-slate-600" aria-live="polite">
          {keywords.primary ? (
            <>
              <p>
                Primary keyword: <span className="font-semibold text-slate-800">{keywords.primary}</span>
              </p>
              {keywords.secondary.length > 0 && <p>Secondary: {keywords.secondary.join(", ")}</p>}
            </>
          ) : (
            <p>The first keyword is the primary one; the rest are secondary.</p>
          )}
        </div>
        <Field
          label="URL slug"
          error={errors.slug}
          hint={slugChanged ? `The old address /blogs/${blog.slug} will redirect to the new one.` : "Built from the title; you may edit it"}
        >
          <input
            className={input}
            value={f.slug}
            aria-invalid={Boolean(errors.slug)}
            onChange={(e) => {
              setSlugTouched(true);
              set("slug", e.target.value);
            }}
          />
        </Field>
      </SeoFields>
      <div className="sm:col-span-2 text-sm" data-invalid={errors.featuredImage ? "" : undefined}>
        <span className="mb-1 block font-medium text-slate-700">Featured image</span>
        <div className="flex flex-wrap items-center gap-3">
          {f.image ? (
            <img
              src={f.image.url}
              alt="Featured image preview"
              width={240}
              height={126}
              className="aspect-[1200/630] w-60 rounded-md border border-slate-200 object-cover"
            />
          ) : (
            <div className="flex aspect-[1200/630] w-60 items-center justify-center rounded-md border border-dashed border-slate-300 text-xs text-slate-500">
              No image
            </div>
          )}
          <div className="flex flex-col gap-2">
            <button type="button" className={`${btn.secondary} min-h-11`} onClick={() => fileRef.current?.click()} disabled={uploading !== null}>
              {uploading !== null ? `Uploading… ${uploading}%` : f.image ? "Replace image" : "Upload image"}
            </button>
            {f.image && (
              <button type="button" className={`${btn.secondary} min-h-11`} onClick={() => set("image", null)}>
                Remove image
              </button>
            )}
          </div>
          <input
            ref={fileRef}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            className="sr-only"
            aria-label="Featured image file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (file) void chooseImage(file);
            }}
          />
        </div>
        <p className={`mt-1 text-xs ${errors.featuredImage ? "font-medium text-red-700" : "text-slate-500"}`} role={errors.featuredImage ? "alert" : undefined}>
          {errors.featuredImage || "One picture, at most 5 MB (JPEG, PNG, WebP or AVIF); shown at 1200 × 630."}
        </p>
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" className="h-5 w-5" checked={f.featured} onChange={(e) => set("featured", e.target.checked)} /> Featured post
      </label>
      <div className="flex justify-end gap-2 sm:col-span-2">
        <button type="submit" className={`${btn.primary} min-h-11`} disabled={saving || uploading !== null}>
          {saving ? "Saving..." : blog ? "Update Post" : "Create Post"}
        </button>
      </div>
    </form>
  );
}
