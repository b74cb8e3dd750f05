import { formatNPR } from "@khelkud/contracts";
import {
  ESEWA_TEST_IDS,
  ESEWA_TEST_PASSWORD,
  ESEWA_TEST_TOKEN,
  ESEWA_UAT_PRODUCT_CODE,
  ESEWA_UAT_SECRET_KEY,
  KHALTI_TEST_IDS,
  KHALTI_TEST_MPIN,
  KHALTI_TEST_OTP,
} from "./state.js";

/** Server-rendered pages of the simulated providers: plain HTML, inline CSS, no scripts. */

export type Brand = "khalti" | "esewa" | "neutral";

const BRAND = {
  // `button`/`ink` keep white-on-colour text readable (eSewa's light green needs dark header text and darker buttons).
  khalti: { name: "Khalti", color: "#5C2D91", dark: "#45206e", tint: "#f3edf9", button: "#5C2D91", ink: "#ffffff" },
  esewa: { name: "eSewa", color: "#60BB46", dark: "#2f7a1f", tint: "#eef8eb", button: "#2f7a1f", ink: "#0f2a08" },
  neutral: { name: "Payment simulator", color: "#003893", dark: "#002a6e", tint: "#eef2fa", button: "#003893", ink: "#ffffff" },
} as const;

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

export function layout(brand: Brand, title: string, body: string): string {
  const b = BRAND[brand];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${b.name} (test simulator)</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a;line-height:1.5}
  .banner{background:#fef3c7;color:#78350f;border-bottom:1px solid #fcd34d;text-align:center;padding:8px 12px;font-size:14px;font-weight:600}
  header{background:${b.color};color:${b.ink};padding:14px 16px}
  header .inner{max-width:440px;margin:0 auto;display:flex;align-items:center;justify-content:space-between;gap:8px}
  .logo{font-size:22px;font-weight:800;letter-spacing:-.5px}
  .tag{font-size:12px;background:rgba(255,255,255,.25);border-radius:999px;padding:2px 10px}
  main{max-width:440px;margin:20px auto;padding:0 12px}
  .card{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:20px;box-shadow:0 1px 2px rgba(15,23,42,.06);margin-bottom:16px}
  h1{font-size:20px;margin:0 0 12px}
  h2{font-size:16px;margin:0 0 8px}
  .amount{font-size:28px;font-weight:800;color:${b.dark};margin:4px 0 8px}
  dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0;font-size:14px}
  dt{color:#64748b}
  dd{margin:0;word-break:break-all}
  label{display:block;font-size:14px;font-weight:600;margin:12px 0 4px}
  input,select{width:100%;font:inherit;padding:10px 12px;border:1px solid #cbd5e1;border-radius:8px;background:#fff}
  input:focus,select:focus{outline:2px solid ${b.color};outline-offset:1px;border-color:${b.color}}
  button,.button{display:inline-block;width:100%;font:inherit;font-weight:700;padding:11px 14px;border-radius:8px;border:1px solid ${b.button};background:${b.button};color:#fff;cursor:pointer;margin-top:14px;text-align:center;text-decoration:none}
  button:hover,.button:hover{filter:brightness(.9)}
  button.secondary,.button.secondary{background:#fff;color:#b91c1c;border-color:#fca5a5}
  button.secondary:hover{background:#fef2f2;filter:none}
  button.ghost{background:#fff;color:${b.dark};border-color:#cbd5e1;font-weight:600;margin-top:8px}
  button.ghost:hover{background:${b.tint};filter:none}
  .row{display:flex;gap:8px}
  .row>form{flex:1}
  .error{background:#fef2f2;color:#991b1b;border:1px solid #fecaca;border-radius:8px;padding:10px 12px;font-size:14px;margin-bottom:12px}
  .hint{background:${b.tint};border-radius:8px;padding:10px 12px;font-size:13px;color:#334155;margin-top:14px}
  details summary{cursor:pointer;font-weight:600;font-size:14px;color:#475569}
  code{background:#f1f5f9;border-radius:4px;padding:1px 5px;font-size:13px}
  table{border-collapse:collapse;width:100%;font-size:14px}
  th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e2e8f0;vertical-align:top}
  footer{text-align:center;color:#64748b;font-size:12px;margin:24px 0}
</style>
</head>
<body>
<div class="banner" role="note">Test payment simulator — no real money</div>
<header><div class="inner"><span class="logo">${b.name}</span><span class="tag">Sandbox</span></div></header>
<main>
${body}
</main>
<footer>Khelkud development tool. ${brand === "neutral" ? "" : `This page imitates ${b.name}. `}Nothing here moves real money.</footer>
</body>
</html>`;
}

function hidden(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
}

function errorBox(error?: string): string {
  return error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : "";
}

interface Summary {
  merchantLine: string;
  amountPaisa: number;
  rows: [string, string][];
}

function summaryCard(s: Summary): string {
  return `<section class="card" aria-label="Payment details">
<h1>${escapeHtml(s.merchantLine)}</h1>
<div class="amount">${escapeHtml(formatNPR(s.amountPaisa))}</div>
<dl>${s.rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join("")}</dl>
</section>`;
}

/** Buttons every hosted page offers: one-click pay, cancel, and the named scenarios. */
function actionButtons(idField: Record<string, string>, payLabel: string): string {
  return `<section class="card" aria-label="Quick test actions">
<h2>Or skip the login</h2>
<form method="post" action="action">${hidden(idField)}<button type="submit" name="action" value="pay">${escapeHtml(payLabel)}</button></form>
<form method="post" action="action">${hidden(idField)}<button type="submit" name="action" value="cancel" class="secondary">Cancel payment</button></form>
<details style="margin-top:14px"><summary>Test scenarios</summary>
<form method="post" action="action">${hidden(idField)}
<button type="submit" name="action" value="pending" class="ghost">Leave the payment pending</button>
<button type="submit" name="action" value="wrong-amount" class="ghost">Pay a different amount (wrong amount)</button>
<button type="submit" name="action" value="expire" class="ghost">Let the payment expire</button>
</form></details>
</section>`;
}

export function khaltiPaymentPage(p: { pidx: string; amount: number; purchaseOrderId: string; purchaseOrderName: string }, error?: string): string {
  const body = `${summaryCard({
    merchantLine: p.purchaseOrderName,
    amountPaisa: p.amount,
    rows: [
      ["Order", p.purchaseOrderId],
      ["Payment id (pidx)", p.pidx],
    ],
  })}
<section class="card" aria-label="Log in to Khalti">
<h2>Pay with your Khalti wallet</h2>
${errorBox(error)}
<form method="post" action="login">${hidden({ pidx: p.pidx })}
<label for="mobile">Khalti ID (mobile number)</label>
<input id="mobile" name="mobile" inputmode="numeric" autocomplete="off" placeholder="98XXXXXXXX" required>
<label for="mpin">MPIN</label>
<input id="mpin" name="mpin" type="password" inputmode="numeric" autocomplete="off" required>
<button type="submit">Log in and pay</button>
</form>
<div class="hint">Test IDs <code>${KHALTI_TEST_IDS[0]}</code>–<code>${KHALTI_TEST_IDS[KHALTI_TEST_IDS.length - 1]}</code>, MPIN <code>${KHALTI_TEST_MPIN}</code>, OTP <code>${KHALTI_TEST_OTP}</code></div>
</section>
${actionButtons({ pidx: p.pidx }, `Pay now as ${KHALTI_TEST_IDS[1]}`)}`;
  return layout("khalti", "Pay", body);
}

export function khaltiOtpPage(p: { pidx: string; amount: number; purchaseOrderName: string }, mobile: string, ticket: string, error?: string): string {
  const body = `${summaryCard({ merchantLine: p.purchaseOrderName, amountPaisa: p.amount, rows: [["Khalti ID", mobile]] })}
<section class="card" aria-label="Confirm with OTP">
<h2>Enter the OTP</h2>
${errorBox(error)}
<form method="post" action="otp">${hidden({ pidx: p.pidx, ticket })}
<label for="otp">OTP sent to ${escapeHtml(mobile)}</label>
<input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" required>
<button type="submit">Confirm payment</button>
</form>
<div class="hint">The test OTP is <code>${KHALTI_TEST_OTP}</code>.</div>
</section>
<form method="post" action="action">${hidden({ pidx: p.pidx })}<button type="submit" name="action" value="cancel" class="secondary">Cancel payment</button></form>`;
  return layout("khalti", "Confirm", body);
}

export function esewaLoginPage(p: { sid: string; totalAmount: number; transactionUuid: string; productCode: string }, error?: string): string {
  const body = `${summaryCard({
    merchantLine: `Pay merchant ${p.productCode}`,
    amountPaisa: p.totalAmount,
    rows: [["Transaction", p.transactionUuid]],
  })}
<section class="card" aria-label="Log in to eSewa">
<h2>Log in to eSewa</h2>
${errorBox(error)}
<form method="post" action="login">${hidden({ sid: p.sid })}
<label for="esewa_id">eSewa ID</label>
<input id="esewa_id" name="esewa_id" inputmode="numeric" autocomplete="off" placeholder="98XXXXXXXX" required>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="off" required>
<button type="submit">Log in</button>
</form>
<div class="hint">Test IDs <code>${ESEWA_TEST_IDS[0]}</code>–<code>${ESEWA_TEST_IDS[ESEWA_TEST_IDS.length - 1]}</code>, password <code>${escapeHtml(ESEWA_TEST_PASSWORD)}</code>, token <code>${ESEWA_TEST_TOKEN}</code></div>
</section>
${actionButtons({ sid: p.sid }, `Pay now as ${ESEWA_TEST_IDS[0]}`)}`;
  return layout("esewa", "Log in", body);
}

export function esewaTokenPage(p: { sid: string; totalAmount: number; productCode: string }, esewaId: string, ticket: string, error?: string): string {
  const body = `${summaryCard({ merchantLine: `Pay merchant ${p.productCode}`, amountPaisa: p.totalAmount, rows: [["eSewa ID", esewaId]] })}
<section class="card" aria-label="Verify with token">
<h2>Enter the verification token</h2>
${errorBox(error)}
<form method="post" action="token">${hidden({ sid: p.sid, ticket })}
<label for="token">6-digit token</label>
<input id="token" name="token" inputmode="numeric" autocomplete="one-time-code" required>
<button type="submit">Confirm payment</button>
</form>
<div class="hint">The test token is <code>${ESEWA_TEST_TOKEN}</code>.</div>
</section>
<form method="post" action="action">${hidden({ sid: p.sid })}<button type="submit" name="action" value="cancel" class="secondary">Cancel payment</button></form>`;
  return layout("esewa", "Verify", body);
}

export function messagePage(brand: Brand, title: string, text: string, link?: { href: string; label: string }): string {
  const action = link ? `<a class="button" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>` : "";
  return layout(brand, title, `<section class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${action}</section>`);
}

/** /test/esewa: the credentials a tester needs, shown only while the simulator is on. */
export function testCredentialsPage(simulatorBase: string): string {
  const body = `<section class="card">
<h1>Wallet test credentials</h1>
<p>Khelkud is using the local payment simulator at <code>${escapeHtml(simulatorBase)}</code>. Check out with Khalti or eSewa and pay on the simulated pages with these details.</p>
</section>
<section class="card" aria-label="eSewa">
<h2 style="color:${BRAND.esewa.dark}">eSewa</h2>
<table>
<tr><th>eSewa IDs</th><td>${ESEWA_TEST_IDS.map((id) => `<code>${id}</code>`).join(" ")}</td></tr>
<tr><th>Password</th><td><code>${escapeHtml(ESEWA_TEST_PASSWORD)}</code></td></tr>
<tr><th>Token</th><td><code>${ESEWA_TEST_TOKEN}</code></td></tr>
<tr><th>Product code</th><td><code>${ESEWA_UAT_PRODUCT_CODE}</code></td></tr>
<tr><th>Secret key (UAT, public)</th><td><code>${escapeHtml(ESEWA_UAT_SECRET_KEY)}</code></td></tr>
</table>
</section>
<section class="card" aria-label="Khalti">
<h2 style="color:${BRAND.khalti.color}">Khalti</h2>
<table>
<tr><th>Khalti IDs</th><td>${KHALTI_TEST_IDS.map((id) => `<code>${id}</code>`).join(" ")}</td></tr>
<tr><th>MPIN</th><td><code>${KHALTI_TEST_MPIN}</code></td></tr>
<tr><th>OTP</th><td><code>${KHALTI_TEST_OTP}</code></td></tr>
</table>
</section>
<section class="card" aria-label="Scenarios">
<h2>Scenarios</h2>
<p>Every simulated payment page has <em>Cancel payment</em> and, under <em>Test scenarios</em>, buttons to leave the payment pending, pay a different amount or let it expire. A whole provider can be switched with <code>POST ${escapeHtml(simulatorBase)}/__admin/scenario</code> and a JSON body such as <code>{"scenario":"outage","provider":"khalti"}</code> (scenarios: normal, cancel, pending, expire, wrong-amount, outage, network-error).</p>
</section>`;
  return layout("neutral", "Test credentials", body);
}
