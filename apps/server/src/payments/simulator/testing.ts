import type { FastifyInstance } from "fastify";
import type { PaymentsConfig } from "../../env.js";
import { createProviderSimulator, type ProviderSimulatorOptions } from "./index.js";
import { createState, ESEWA_UAT_PRODUCT_CODE, ESEWA_UAT_SECRET_KEY, type Scenario, type SimulatorState } from "./state.js";

/**
 * Test helpers: a simulator on a real port, and a "browser" that walks its hosted pages with fetch
 * (forms posted as a browser would, redirects read by hand). Server tests of payment flows use these.
 */

export const TEST_KHALTI_KEY = "test_secret_key_for_tests";

export interface RunningSimulator {
  /** e.g. http://127.0.0.1:40123 (no trailing slash). */
  url: string;
  app: FastifyInstance;
  state: SimulatorState;
  /** PaymentsConfig pointing at this simulator, for createTestApp({ payments }). */
  payments: PaymentsConfig;
  setScenario(scenario: Scenario, provider?: "khalti" | "esewa" | "all", wrongAmountDeltaPaisa?: number): Promise<void>;
  advanceClock(seconds: number): Promise<void>;
  setPayment(id: string, change: { status?: string; reportedAmountPaisa?: number }): Promise<void>;
  close(): Promise<void>;
}

export async function startProviderSimulator(options: Partial<ProviderSimulatorOptions> = {}): Promise<RunningSimulator> {
  const state = options.state ?? createState();
  const app = await createProviderSimulator({ khaltiSecretKey: TEST_KHALTI_KEY, ...options, state });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("simulator did not get a TCP port");
  const url = `http://127.0.0.1:${address.port}`;
  const admin = async (path: string, body: unknown) => {
    const res = await fetch(`${url}/__admin/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`simulator admin ${path}: HTTP ${res.status} ${await res.text()}`);
  };
  const merchants = options.esewaMerchants ?? { [ESEWA_UAT_PRODUCT_CODE]: ESEWA_UAT_SECRET_KEY };
  const [productCode, secretKey] = Object.entries(merchants)[0] ?? [ESEWA_UAT_PRODUCT_CODE, ESEWA_UAT_SECRET_KEY];
  return {
    url,
    app,
    state,
    payments: {
      simulator: false,
      simulatorBaseUrl: null,
      khalti: { baseUrl: `${url}/khalti/api/v2/`, secretKey: options.khaltiSecretKey ?? TEST_KHALTI_KEY },
      esewa: { productCode, secretKey, formUrl: `${url}/esewa/api/epay/main/v2/form`, statusUrl: `${url}/esewa/api/epay/transaction/status/` },
    },
    setScenario: (scenario, provider = "all", wrongAmountDeltaPaisa) => admin("scenario", { scenario, provider, wrongAmountDeltaPaisa }),
    advanceClock: (seconds) => admin("clock", { advanceSeconds: seconds }),
    setPayment: (id, change) => admin(`payments/${encodeURIComponent(id)}`, change),
    close: () => app.close(),
  };
}

export interface HtmlForm {
  action: string;
  method: string;
  fields: Record<string, string>;
  /** Submit buttons: name=value pairs a click would add. */
  buttons: { name: string; value: string; label: string }[];
}

/** The forms of a page, read the simple way (our simulator's pages are plain, generated HTML). */
export function formsIn(html: string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const attrs = m[1] ?? "";
    const inner = m[2] ?? "";
    const attr = (source: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(source)?.[1];
    const fields: Record<string, string> = {};
    for (const input of inner.matchAll(/<input\b([^>]*)>/g)) {
      const name = attr(input[1] ?? "", "name");
      if (name) fields[name] = unescape(attr(input[1] ?? "", "value") ?? "");
    }
    const buttons = [...inner.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)].map((b) => ({
      name: attr(b[1] ?? "", "name") ?? "",
      value: unescape(attr(b[1] ?? "", "value") ?? ""),
      label: (b[2] ?? "").trim(),
    }));
    forms.push({ action: unescape(attr(attrs, "action") ?? ""), method: (attr(attrs, "method") ?? "get").toUpperCase(), fields, buttons });
  }
  return forms;
}

function unescape(v: string): string {
  return v
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

export interface PageResult {
  status: number;
  /** Absolute URL of the redirect target, when the answer was a redirect. */
  location: string | null;
  html: string;
  url: string;
}

/** Loads a page without following redirects. */
export async function browserGet(url: string): Promise<PageResult> {
  const res = await fetch(url, { redirect: "manual" });
  const location = res.headers.get("location");
  return { status: res.status, location: location ? new URL(location, url).toString() : null, html: await res.text(), url };
}

/** Posts a form as a browser does (urlencoded), resolving its action against the page URL. */
export async function browserPost(pageUrl: string, action: string, fields: Record<string, string>): Promise<PageResult> {
  const target = new URL(action, pageUrl).toString();
  const res = await fetch(target, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  const location = res.headers.get("location");
  return { status: res.status, location: location ? new URL(location, target).toString() : null, html: await res.text(), url: target };
}

/** Finds the form whose button or action matches, and posts it with the given field values. */
export async function submit(page: PageResult, match: { action?: string; button?: string }, values: Record<string, string> = {}): Promise<PageResult> {
  const form = formsIn(page.html).find(
    (f) => (match.action === undefined || f.action === match.action) && (match.button === undefined || f.buttons.some((b) => b.value === match.button)),
  );
  if (!form) throw new Error(`no form ${JSON.stringify(match)} on ${page.url}`);
  const fields = { ...form.fields, ...values };
  if (match.button !== undefined) {
    const button = form.buttons.find((b) => b.value === match.button);
    if (button?.name) fields[button.name] = button.value;
  }
  return browserPost(page.url, form.action, fields);
}

/** Khalti hosted page: log in with a test ID + MPIN, enter the OTP; returns the redirect to return_url. */
export async function payOnKhalti(paymentUrl: string, who = { mobile: "9800000004", mpin: "1111", otp: "987654" }): Promise<PageResult> {
  const page = await browserGet(paymentUrl);
  const otpPage = await submit(page, { action: "login" }, { mobile: who.mobile, mpin: who.mpin });
  return submit(otpPage, { action: "otp" }, { otp: who.otp });
}

/** Khalti hosted page: one of the quick buttons (pay, cancel, pending, wrong-amount, expire). */
export async function actOnKhalti(paymentUrl: string, action: string): Promise<PageResult> {
  return submit(await browserGet(paymentUrl), { action: "action", button: action });
}

/** eSewa: posts the signed form like the shop's auto-submitting page, then returns the login page. */
export async function postEsewaForm(form: { url: string; fields: Record<string, string> }): Promise<PageResult> {
  const res = await browserPost(form.url, form.url, form.fields);
  if (res.status !== 302 || !res.location) return res;
  return browserGet(res.location);
}

/** eSewa login page → token → redirect to success_url (or failure_url in a scenario). */
export async function payOnEsewa(loginPage: PageResult, who = { esewaId: "9806800001", password: "Nepal@123", token: "123456" }): Promise<PageResult> {
  const tokenPage = await submit(loginPage, { action: "login" }, { esewa_id: who.esewaId, password: who.password });
  return submit(tokenPage, { action: "token" }, { token: who.token });
}

export async function actOnEsewa(loginPage: PageResult, action: string): Promise<PageResult> {
  return submit(loginPage, { action: "action", button: action });
}
