// Usage: node scripts/screenshot.mjs <url> <out.png> [width] [fullPage]
import { chromium } from "playwright-core";
const [url, out, width = "1280", full = "true"] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
await page.goto(url, { waitUntil: "networkidle" });
// Parts below the first screen are laid out only near the viewport (docs/decisions/128); a whole-page capture shows them.
await page.screenshot({ path: out, fullPage: full === "true", style: "* { content-visibility: visible !important; }" });
await browser.close();
