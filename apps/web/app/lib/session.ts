import { useCallback } from "react";
import { useNavigate, useRevalidator, useRouteLoaderData } from "react-router";
import { toast } from "sonner";
import type { PublicUser } from "@khelkud/contracts";
import { api } from "./api";

/** The signed-in user as the server saw the session cookie (root loader), or null for a guest. */
export function useUser(): PublicUser | null {
  const data = useRouteLoaderData("root") as { user?: PublicUser | null } | undefined;
  return data?.user ?? null;
}

/** After sign-in, sign-out or a profile change: go on and let every loader (the header's user too) read the new session. */
export function useAfterSessionChange() {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  return useCallback(
    async (to?: string) => {
      if (to) await navigate(to, { replace: true });
      await revalidate();
    },
    [navigate, revalidate],
  );
}

export function useLogout() {
  const after = useAfterSessionChange();
  return useCallback(async () => {
    try {
      await api("/api/auth/logout", { method: "POST", body: {} });
      toast.success("Logged out successfully");
    } catch (err) {
      toast.error(err instanceof Error ? err.message : "Logout failed");
    }
    await after("/");
  }, [after]);
}
