import { createContext, useCallback, useContext } from "react";
import { useNavigate, useRevalidator, useRouteLoaderData } from "react-router";
import { toast } from "./toast";
import { accountLabels, type AccountPlaceholders, type PublicUser } from "@khelkud/contracts";
import { browserLocale, localizeMessage, tBrowser } from "./i18n";
import { api } from "./api";

/** Set by entry.server only while rendering a shared signed-in page (docs/decisions/110); never in the browser. */
export const AccountPlaceholderContext = createContext<AccountPlaceholders | null>(null);

/** The `<script type="application/json">` that carries the user of a shared signed-in page (not run, so outside the CSP). */
export const ACCOUNT_BLOCK_ID = "kk-account";

let documentAccount: { text: string; user: PublicUser | null } | null = null;

/** The user written into this document's account block by the server, read once. */
export function accountFromDocument(): { text: string; user: PublicUser | null } {
  if (documentAccount) return documentAccount;
  const text = typeof document === "undefined" ? "" : (document.getElementById(ACCOUNT_BLOCK_ID)?.textContent ?? "");
  let user: PublicUser | null = null;
  try {
    user = text ? (JSON.parse(text) as PublicUser) : null;
  } catch {
    user = null;
  }
  documentAccount = { text, user };
  return documentAccount;
}

interface RootSessionData {
  user?: PublicUser | null;
  /** The page is a shared signed-in copy: the user is in the document's account block, not in the loader data. */
  userInDocument?: boolean;
}

/** The signed-in user as the server saw the session cookie (root loader or the page's account block), or null for a guest. */
export function useUser(): PublicUser | null {
  const data = useRouteLoaderData("root") as RootSessionData | undefined;
  const placeholders = useContext(AccountPlaceholderContext);
  if (data?.userInDocument) {
    if (placeholders)
      return { id: "", name: placeholders.name, email: "", phone: null, role: "USER", status: "ACTIVE", avatar: placeholders.avatar, address: { street: null, landmark: null, city: null, district: null, state: null, postalCode: null, country: "" }, locale: null, createdAt: "" };
    return accountFromDocument().user;
  }
  return data?.user ?? null;
}

/** The avatar's letter and first name as the header shows them (placeholders in a shared signed-in render). */
export function useAccountLabels(user: PublicUser): { initial: string; firstName: string } {
  const placeholders = useContext(AccountPlaceholderContext);
  if (placeholders) return { initial: placeholders.initial, firstName: placeholders.firstName };
  return accountLabels(user.name);
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
      toast.success(tBrowser("account.loggedOut"));
    } catch (err) {
      toast.error(err instanceof Error ? localizeMessage(err.message, browserLocale()) : tBrowser("account.logoutFailed"));
    }
    await after("/");
  }, [after]);
}
