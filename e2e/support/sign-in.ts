import { expect, test as base, type APIRequestContext, type Page } from "@playwright/test";

/** The demo accounts (README "Demo logins"): the one set of credentials the whole suite signs in with. */
export const ADMIN = { email: "admin@khelkud.com.np", password: "Admin@2026" };
export const CUSTOMER = { email: "customer@khelkud.com.np", password: "Customer@2026" };
export type Account = { email: string; password: string };

export interface SignInOptions {
  /** "form" (default for a page): the login page, as a person signs in; "api": POST /api/auth/login, cookie shared with the page. */
  via?: "form" | "api";
  /** The `?redirect=` of the login page; the sign-in must end there. */
  redirect?: string;
  rememberMe?: boolean;
  /** false: only submit the form (the test checks the answer itself, e.g. a wrong password). */
  expectSignedIn?: boolean;
}

function isPage(target: Page | APIRequestContext): target is Page {
  return typeof (target as Page).goto === "function";
}

/**
 * The suite's one way to sign in. A page signs in through the real login form (a route action, so it works whether the
 * page's scripts have run or not; docs/decisions/088) unless `via: "api"`; a request context signs in through the API.
 * Either way the session cookie lands in that browser context.
 */
export async function signIn(target: Page | APIRequestContext, who: Account = CUSTOMER, options: SignInOptions = {}): Promise<void> {
  if (!isPage(target) || options.via === "api") {
    const request = isPage(target) ? target.request : target;
    const res = await request.post("/api/auth/login", { data: who });
    expect(res.status(), await res.text()).toBe(200);
    return;
  }
  const page = target;
  await page.goto(options.redirect ? `/login?redirect=${encodeURIComponent(options.redirect)}` : "/login");
  await page.getByLabel("Email", { exact: true }).fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  if (options.rememberMe) await page.getByLabel("Remember me").check();
  await page.getByRole("button", { name: "Sign In" }).click();
  if (options.expectSignedIn === false) return;
  if (options.redirect) await expect(page).toHaveURL(new RegExp(`${options.redirect.replace(/[/?.]/g, (c) => `\\${c}`)}$`));
  else await expect(page).not.toHaveURL(/\/login/);
}

/** For a server a spec starts itself (support/own-server.ts): the `name=value` of a fresh session cookie. */
export async function sessionCookie(baseUrl: string, who: Account): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(who) });
  expect(res.status).toBe(200);
  return res.headers.get("set-cookie")!.split(";")[0]!;
}

/** Playwright's `test` with a `signIn` fixture bound to the test's page: `await signIn()` signs the demo customer in. */
export const test = base.extend<{ signIn: (who?: Account, options?: SignInOptions) => Promise<void> }>({
  signIn: async ({ page }, use) => {
    await use((who, options) => signIn(page, who, options));
  },
});
export { expect };
