import { expect, test } from "@playwright/test";
import { CUSTOMER, signIn } from "./support/sign-in";

/**
 * The storefront's forms before (or without) the page's scripts: each posts to its route action, which checks the
 * contracts' schema and calls the API (docs/decisions/088). JavaScript is off for every test here.
 */
test.use({ javaScriptEnabled: false });

test("signs in with JavaScript off: a wrong password is named, the right one signs in and lands where the link asked", async ({ page, context }) => {
  await page.goto("/login?redirect=/profile");
  await page.getByLabel("Email", { exact: true }).fill(CUSTOMER.email);
  await page.getByLabel("Password", { exact: true }).fill("wrong-Password1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password. Please check your credentials.");
  // The e-mail is kept, the password is not sent back.
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(CUSTOMER.email);
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  expect((await context.cookies()).find((c) => c.name === "kk_session")).toBeUndefined();

  await page.getByLabel("Password", { exact: true }).fill(CUSTOMER.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const session = (await context.cookies()).find((c) => c.name === "kk_session");
  expect(session?.httpOnly).toBe(true);
  await expect(page.getByRole("button", { name: /Account menu for/ })).toBeVisible();
});

test("a field left empty at sign-in gets its message next to the field", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
});

test("registers with JavaScript off: a field error first, then the account is created and signed in", async ({ page, context }) => {
  const email = `e2e-nojs-${Date.now().toString(36)}@example.com`;
  await page.goto("/register");
  await page.getByLabel("Full Name").fill("Bishal Tamang");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Phone").fill("12");
  await page.getByLabel("Password", { exact: true }).fill("Himal2026");
  await page.getByLabel("Confirm Password", { exact: true }).fill("Himal2026");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Invalid phone number format")).toBeVisible();
  // What was typed comes back, passwords excepted; nothing was created.
  await expect(page.getByLabel("Full Name")).toHaveValue("Bishal Tamang");
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  expect((await context.cookies()).find((c) => c.name === "kk_session")).toBeUndefined();

  await page.getByLabel("Phone").fill("9812345678");
  await page.getByLabel("Password", { exact: true }).fill("Himal2026");
  await page.getByLabel("Confirm Password", { exact: true }).fill("Himal2026");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await context.cookies()).find((c) => c.name === "kk_session")?.httpOnly).toBe(true);
  await expect(page.getByRole("button", { name: "Account menu for Bishal Tamang" })).toBeVisible();
});

test("the contact form names a wrong field, then sends the message with JavaScript off", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("First name").fill("Sita");
  await page.getByLabel("Last name").fill("Rai");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("not-an-email");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Do you ship jerseys to Pokhara?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Sita");
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("Do you ship jerseys to Pokhara?");

  await page.getByRole("textbox", { name: "Email", exact: true }).fill(`e2e-nojs-contact-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message sent" })).toContainText("We will reply by e-mail within 24 hours.");
});

test("a sign-in posted from another site is refused and signs nobody in", async ({ request }) => {
  const form = { email: CUSTOMER.email, password: CUSTOMER.password };
  const foreign: Record<string, string>[] = [{ origin: "https://evil.example" }, { referer: "https://evil.example/page" }, { "sec-fetch-site": "cross-site" }];
  for (const headers of foreign) {
    const res = await request.post("/login", { form, headers, maxRedirects: 0 });
    expect(res.status(), JSON.stringify(headers)).toBe(403);
    expect((await res.json()).error).toBe("Cross-site request refused");
    expect(res.headers()["set-cookie"] ?? "").not.toContain("kk_session");
  }
  // The same post from the shop's own page signs in.
  const own = await request.post("/login", { form, headers: { "sec-fetch-site": "same-origin" }, maxRedirects: 0 });
  expect(own.status()).toBe(303);
  expect(own.headers()["set-cookie"]).toContain("kk_session=");
});

test("a form post the action cannot read is a 4xx, never a 500", async ({ request }) => {
  const cases: { data: string | Buffer; type: string; status: number }[] = [
    { data: "email=a%00b%40example.com&password=x", type: "application/x-www-form-urlencoded", status: 400 },
    { data: Buffer.from([0x65, 0x3d, 0xff, 0xfe]), type: "application/x-www-form-urlencoded", status: 400 },
    { data: '{"email":"a@b.co","password":"x"}', type: "application/json", status: 415 },
    { data: `email=${"a".repeat(70_000)}`, type: "application/x-www-form-urlencoded", status: 413 },
  ];
  for (const c of cases) {
    const res = await request.post("/login", { data: c.data, headers: { "content-type": c.type }, maxRedirects: 0 });
    expect(res.status(), c.type).toBe(c.status);
  }
});

test("asks for a password-reset link with JavaScript off", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(CUSTOMER.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(page.getByText(CUSTOMER.email)).toBeVisible();
});

test("the footer's newsletter box subscribes with JavaScript off, and says so the second time", async ({ page }) => {
  const email = `e2e-nojs-news-${Date.now()}@example.com`;
  for (const expected of ["Thanks for subscribing! Check your inbox for a confirmation.", "This email is already subscribed to our newsletter."]) {
    await page.goto("/about");
    const box = page.getByRole("form", { name: "Newsletter" });
    await box.getByLabel("Email address").fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByRole("main").getByText(expected)).toBeVisible();
  }
});

/** A fresh customer of its own, so changing the profile or password leaves the demo account as it is. */
async function newCustomer(page: import("@playwright/test").Page, name: string) {
  const email = `e2e-nojs-profile-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const created = await page.request.post("/api/auth/register", { data: { name, email, phone: "9812345678", password: "Himal2026", confirmPassword: "Himal2026" } });
  expect(created.ok()).toBe(true);
  return email;
}

test("edits the profile with JavaScript off: a wrong field comes back with what was typed, then it is saved", async ({ page }) => {
  await newCustomer(page, "Pasang Sherpa");
  await page.goto("/profile");
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await expect(page.getByRole("heading", { name: "Edit Personal Information" })).toBeVisible();
  await page.getByLabel("Full Name").fill("Pasang Lhamu Sherpa");
  await page.getByLabel("Phone").fill("12");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Invalid phone number", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Full Name")).toHaveValue("Pasang Lhamu Sherpa");

  // Cancel leaves the form without saving.
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Personal Information" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Pasang Sherpa" })).toBeVisible();

  await page.getByRole("button", { name: "Edit Profile" }).click();
  await page.getByLabel("Full Name").fill("Pasang Lhamu Sherpa");
  await page.getByLabel("Municipality / Area").fill("Namche");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Profile updated successfully!" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Pasang Lhamu Sherpa" })).toBeVisible();
  await expect(page.getByText("Namche")).toBeVisible();
});

test("a new e-mail address without the current password is refused with the field's message, JavaScript off", async ({ page }) => {
  const email = await newCustomer(page, "Dawa Sherpa");
  await page.goto("/profile?edit=details");
  await page.getByLabel("Email", { exact: true }).fill(`moved-${email}`);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Current password is required")).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(`moved-${email}`);
  await expect(page.getByLabel("Current Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
});

test("changes the password with JavaScript off: the Security tab opens, a wrong current password is named, then it changes", async ({ page, context }) => {
  const email = await newCustomer(page, "Nima Lama");
  await page.goto("/profile?tab=security");
  // The Security tab is reached only by its tab (docs/product-rules.md §10).
  await expect(page.getByRole("heading", { name: "Change Password" })).toHaveCount(0);
  await page.getByRole("tab", { name: "Security" }).click();
  await expect(page.getByRole("tab", { name: "Security" })).toHaveAttribute("aria-selected", "true");

  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Current password is required")).toBeVisible();

  await page.getByLabel("Current Password", { exact: true }).fill("Wrong2026x");
  await page.getByLabel("New Password", { exact: true }).fill("Annapurna2027");
  await page.getByLabel("Confirm New Password", { exact: true }).fill("Annapurna2027");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Current password is incorrect")).toBeVisible();
  await expect(page.getByLabel("Current Password", { exact: true })).toHaveValue("");

  await page.getByLabel("Current Password", { exact: true }).fill("Himal2026");
  await page.getByLabel("New Password", { exact: true }).fill("Annapurna2027");
  await page.getByLabel("Confirm New Password", { exact: true }).fill("Annapurna2027");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Password updated successfully!" })).toBeVisible();

  await context.clearCookies();
  await signIn(page, { email, password: "Annapurna2027" });
});
