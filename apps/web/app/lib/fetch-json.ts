// The admin panel's client (components/admin/admin-api.ts) still imports ApiError from here; it moves to lib/api.ts with
// the admin screens' own change. Nothing else may import this file.
export { ApiError } from "./api";
