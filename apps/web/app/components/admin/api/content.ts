import type { AdminBlogList, AdminBlogResult, AdminMessageList, AdminSubscriberList, BlogImageResult, BlogInput, MessageRead, RemovedId } from "@khelkud/contracts";
import { api, downloadCsv, uploadWithProgress } from "./client";
import { qs } from "./hooks";

/** The content's admin calls: blog posts and their pictures, contact messages, newsletter subscribers (apps/server/src/modules/content). */
export const blogsUrl = (q: { q?: string; categoryId?: string; status?: string; page?: number; limit?: number }) => `/api/admin/blogs${qs(q)}`;
export const messagesUrl = (q: { unread?: string; page?: number }) => `/api/admin/messages${qs(q)}`;
export const subscribersUrl = (q: { page?: number }) => `/api/admin/subscribers${qs(q)}`;

export type { AdminBlogList, AdminMessageList, AdminSubscriberList };

export const contentApi = {
  getBlog: (id: string) => api<AdminBlogResult>("GET", `/api/admin/blogs/${id}`),
  saveBlog: (id: string | null, input: BlogInput) => (id ? api<AdminBlogResult>("PUT", `/api/admin/blogs/${id}`, input) : api<AdminBlogResult>("POST", "/api/admin/blogs", input)),
  removeBlog: (id: string) => api<RemovedId>("DELETE", `/api/admin/blogs/${id}`),
  uploadBlogImage: (purpose: "featured" | "content", form: FormData, onProgress: (percent: number) => void) => uploadWithProgress<BlogImageResult>(`/api/admin/blogs/images/${purpose}`, form, onProgress),
  setMessageRead: (id: string, read: boolean) => api<MessageRead>("PATCH", `/api/admin/messages/${id}`, { read }),
  downloadSubscribers: () => downloadCsv("/api/admin/subscribers/export.csv", "newsletter-subscribers.csv"),
};
