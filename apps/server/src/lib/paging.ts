/** The `pagination` block of every paged list answer: `page` and `limit` as asked, `total` rows, `totalPages` (0 when empty). */
export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export function pagination(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, totalPages: Math.ceil(total / limit) };
}

/** Rows to skip for a 1-based page. */
export function offsetOf(page: number, limit: number): number {
  return (page - 1) * limit;
}
