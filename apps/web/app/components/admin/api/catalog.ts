import type { AdminCategoryList, AdminCategoryResult, AdminProductList, AdminProductResult, CategoryInput, CategoryType, ImageArrangement, ProductInput, ProductRemoved, RemovedId } from "@khelkud/contracts";
import { api, uploadWithProgress } from "./client";
import { qs } from "./hooks";

/** The catalogue's admin calls: products, their pictures, and categories (apps/server/src/modules/catalog). */
export const productsUrl = (q: { q?: string; categoryId?: string; sortBy?: string; sortOrder?: string; page?: number; limit?: number }) => `/api/admin/products${qs(q)}`;
export const DEBUG_PRODUCTS_URL = "/api/admin/debug/products";
export const categoriesUrl = (type?: CategoryType) => `/api/admin/categories${qs({ type })}`;

export type { AdminCategoryList, AdminProductList };

export const catalogApi = {
  saveProduct: (id: string | null, input: ProductInput) => (id ? api<AdminProductResult>("PUT", `/api/admin/products/${id}`, input) : api<AdminProductResult>("POST", "/api/admin/products", input)),
  setFeatured: (id: string, featured: boolean) => api<AdminProductResult>("PATCH", `/api/admin/products/${id}/featured`, { featured }),
  removeProduct: (id: string) => api<ProductRemoved>("DELETE", `/api/admin/products/${id}`),
  uploadImages: (id: string, form: FormData, onProgress: (percent: number) => void) => uploadWithProgress<AdminProductResult>(`/api/admin/products/${id}/images`, form, onProgress),
  arrangeImages: (id: string, arrangement: ImageArrangement) => api<AdminProductResult>("PUT", `/api/admin/products/${id}/images`, arrangement),
  deleteImage: (id: string, imageId: string) => api<AdminProductResult>("DELETE", `/api/admin/products/${id}/images/${imageId}`),
  saveCategory: (id: string | null, input: CategoryInput) => (id ? api<AdminCategoryResult>("PUT", `/api/admin/categories/${id}`, input) : api<AdminCategoryResult>("POST", "/api/admin/categories", input)),
  removeCategory: (id: string) => api<RemovedId>("DELETE", `/api/admin/categories/${id}`),
};
