import { useState } from "react";
import { toast } from "../../lib/toast";
import { ADMIN_MSG, OptionalPhoneSchema, type AdminUser, type Role } from "@khelkud/contracts";
import { accountsApi, usersUrl, type AdminUserList } from "../../components/admin/api/accounts";
import { addressChoice, addressPage, useAddressFilters, useAddressFollows, useApiGet, useDebounced } from "../../components/admin/api/hooks";
import { FilterBar, SearchFilter, SelectFilter } from "../../components/admin/list-filters";
import { btn, Dialog, ErrorNote, Field, input, PageHeader, Pager, showingText, StatusBadge, Table } from "../../components/admin/ui";
import { adminAction, useAdminForm } from "../../components/admin/use-admin-form";
import { formatDate } from "../../lib/format";
import { formRules } from "../../lib/use-form";

const userRules = formRules<{ name: string; email: string; phone: string; role: Role; status: "ACTIVE" | "INACTIVE" }>((f) => ({
  name: f.name.trim() ? undefined : "Name is required",
  email: !f.email.trim() ? "Email is required" : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email.trim()) ? undefined : "Invalid email address",
  // The API's own field rule: registration's Nepali phone rule and message (docs/decisions/183), empty allowed.
  phone: OptionalPhoneSchema.safeParse(f.phone).error?.issues[0]?.message,
}));

function UserForm({ user, onSaved }: { user: AdminUser | null; onSaved: () => void }) {
  const form = useAdminForm(userRules, {
    name: user?.name ?? "",
    email: user?.email ?? "",
    phone: user?.phone ?? "",
    role: user?.role ?? "USER",
    status: user?.status ?? "ACTIVE",
  });
  const { values: f, set, errors, saving } = form;
  const submit = form.onSubmit(
    async () => {
      // An edit says what it was opened on: a change another administrator made meanwhile is not put back (409).
      const body = { ...f, phone: f.phone.trim() || null, ...(user ? { was: { name: user.name, email: user.email, phone: user.phone, role: user.role, status: user.status } } : {}) };
      await accountsApi.saveUser(user?.id ?? null, body);
      toast.success(user ? ADMIN_MSG.userUpdated : ADMIN_MSG.userCreated);
      onSaved();
    },
    { fallback: ADMIN_MSG.userSaveError, field: (f) => f },
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <Field label="Name" error={errors.name}>
        <input className={input} value={f.name} onChange={(e) => set("name", e.target.value)} />
      </Field>
      <Field label="Email" error={errors.email}>
        <input className={input} type="email" value={f.email} onChange={(e) => set("email", e.target.value)} />
      </Field>
      <Field label="Phone (optional)" error={errors.phone}>
        <input className={input} value={f.phone} onChange={(e) => set("phone", e.target.value)} />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Role">
          <select className={input} value={f.role} onChange={(e) => set("role", e.target.value as Role)}>
            <option value="USER">User</option>
            <option value="ADMIN">Admin</option>
          </select>
        </Field>
        <Field label="Status">
          <select className={input} value={f.status} onChange={(e) => set("status", e.target.value as "ACTIVE")}>
            <option value="ACTIVE">Active</option>
            <option value="INACTIVE">Inactive</option>
          </select>
        </Field>
      </div>
      {!user && <p className="text-xs text-slate-500">The new user receives an e-mail link to set their own password.</p>}
      <div className="flex justify-end">
        <button type="submit" className={btn.primary} disabled={saving}>
          {saving ? "Saving..." : user ? "Update User" : "Create User"}
        </button>
      </div>
    </form>
  );
}

const ROLES = [
  { value: "USER", label: "User" },
  { value: "ADMIN", label: "Admin" },
];

export default function AdminUsers() {
  const address = useAddressFilters(["q", "role", "page"]);
  const [search, setSearch] = useState(address.q);
  const [role, setRole] = useState(addressChoice(address.role, ROLES.map((r) => r.value)));
  const [page, setPage] = useState(addressPage(address.page));
  const q = useDebounced(search);
  useAddressFollows({ q, role, page });
  const list = useApiGet<AdminUserList>(usersUrl({ q, role, page, limit: 20 }));
  const [editing, setEditing] = useState<AdminUser | null | undefined>(undefined);

  async function changeRole(u: AdminUser, next: Role) {
    try {
      await accountsApi.setRole(u.id, next);
      toast.success(ADMIN_MSG.userRoleUpdated);
    } catch (e) {
      toast.error((e as Error).message || ADMIN_MSG.userRoleError);
    }
    list.reload();
  }

  const remove = (u: AdminUser) =>
    adminAction({
      confirm: ADMIN_MSG.userDeleteConfirm,
      run: () => accountsApi.removeUser(u.id),
      done: (r) => (r.deactivated ? "This user has orders, so the account was deactivated instead of deleted." : ADMIN_MSG.userDeleted),
      failed: ADMIN_MSG.userDeleteError,
      reload: list.reload,
    });

  const data = list.data;
  return (
    <div>
      <PageHeader
        title="User Management"
        subtitle="Customers and administrators"
        actions={
          <button type="button" className={btn.primary} onClick={() => setEditing(null)}>
            + Add User
          </button>
        }
      />
      <FilterBar count={data && showingText(data.users.length, data.pagination.total, data.overallTotal, "users")}>
        <SearchFilter label="Search users" placeholder="Search by name or email..." value={search} onChange={(v) => (setSearch(v), setPage(1))} />
        <SelectFilter
          label="Filter by role"
          all="All roles"
          className="max-w-[10rem]"
          options={ROLES}
          value={role}
          onChange={(v) => (setRole(v), setPage(1))}
        />
      </FilterBar>
      {list.error && <ErrorNote text={ADMIN_MSG.failedUsers} onRetry={list.reload} />}
      {data && (
        <>
          <Table head={["User", "Email", "Role", "Status", "Joined", "Actions"]} empty={data.users.length === 0 && "No users found."}>
            {data.users.map((u) => (
              <tr key={u.id} className="hover:bg-slate-50">
                <td className="px-3 py-2">
                  <div className="flex items-center gap-2">
                    <span aria-hidden className="flex h-8 w-8 items-center justify-center rounded-full bg-nepal/10 font-semibold text-nepal">
                      {u.name.charAt(0).toUpperCase()}
                    </span>
                    <span className="font-medium">{u.name}</span>
                  </div>
                </td>
                <td className="px-3 py-2">{u.email}</td>
                <td className="px-3 py-2">
                  <StatusBadge value={u.role} />
                </td>
                <td className="px-3 py-2">
                  <StatusBadge value={u.status} />
                </td>
                <td className="px-3 py-2 text-slate-600">{formatDate(u.createdAt)}</td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap items-center gap-1">
                    <button type="button" className={btn.small} onClick={() => setEditing(u)}>
                      Edit
                    </button>
                    <select
                      className="rounded border border-slate-300 px-1 py-1 text-xs max-sm:min-h-11"
                      aria-label={`Role of ${u.name}`}
                      value={u.role}
                      onChange={(e) => changeRole(u, e.target.value as Role)}
                    >
                      <option value="USER">USER</option>
                      <option value="ADMIN">ADMIN</option>
                    </select>
                    <button type="button" className={btn.danger} onClick={() => remove(u)}>
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </Table>
          <Pager page={data.pagination.page} totalPages={data.pagination.totalPages} onPage={setPage} />
        </>
      )}
      <Dialog open={editing !== undefined} title={editing ? "Edit User" : "Add User"} onClose={() => setEditing(undefined)}>
        {editing !== undefined && (
          <UserForm
            key={editing?.id ?? "new"}
            user={editing}
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
