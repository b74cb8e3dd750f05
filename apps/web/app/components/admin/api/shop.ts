import type { AdminAuditList, AdminDashboard, AdminTaxDocumentList, StoreSettings, StoreSettingsResult } from "@khelkud/contracts";
import { api, downloadCsv } from "./client";
import { qs } from "./hooks";

/** The shop-wide admin calls: dashboard, audit log, store settings, tax documents. */
export const DASHBOARD_URL = "/api/admin/dashboard";
export const SETTINGS_URL = "/api/admin/settings";
export const auditUrl = (q: { entityType?: string; page?: number }) => `/api/admin/audit${qs(q)}`;
export const invoicesUrl = (q: { q?: string; month?: string; kind?: string; page?: number }) => `/api/admin/invoices${qs(q)}`;

export type { AdminAuditList, AdminDashboard, AdminTaxDocumentList, StoreSettingsResult };

export const shopApi = {
  saveSettings: (settings: StoreSettings, version: string) => api<StoreSettingsResult>("PUT", SETTINGS_URL, { ...settings, version }),
  downloadSalesRegister: (ext: "csv" | "xlsx", period: string) => downloadCsv(`/api/admin/sales-register.${ext}${qs({ period })}`, `sales-register.${ext}`),
};
