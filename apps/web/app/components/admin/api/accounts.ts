import type { AdminUserList, AdminUserResult, Role, UserInput, UserRemoved } from "@khelkud/contracts";
import { api } from "./client";
import { qs } from "./hooks";

/** The accounts' admin calls: users and their roles (apps/server/src/modules/accounts). */
export const usersUrl = (q: { q?: string; role?: string; page?: number; limit?: number }) => `/api/admin/users${qs(q)}`;

export type { AdminUserList };

export const accountsApi = {
  saveUser: (id: string | null, input: UserInput) => (id ? api<AdminUserResult>("PUT", `/api/admin/users/${id}`, input) : api<AdminUserResult>("POST", "/api/admin/users", input)),
  setRole: (id: string, role: Role) => api<AdminUserResult>("PUT", `/api/users/${id}/role`, { role }),
  removeUser: (id: string) => api<UserRemoved>("DELETE", `/api/admin/users/${id}`),
};
