import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { FontaineTransform } from "fontaine";
import { defineConfig, type Plugin } from "vite";
// With its extension: Vite's native config loader (its future default) resolves imports as Node does.
import { dedupeFontFaces } from "./app/lib/dedupe-font-faces.ts";

// Browser chunks (docs/decisions/071): on a phone over HTTP/1.1 every extra file costs a round trip before the page
// can hydrate, so the code every storefront page needs travels in two files instead of thirty: `framework` (React,
// React Router) and `shell` (the header, footer, cart, session and shared components, the Zod-free parts of the
// contracts). Route modules, Zod and rarely used libraries (crop, charts, socket.io) stay in their own chunks, and so
// does sonner, loaded with the first toast (lib/toast.ts, docs/decisions/120).
// A module's imports join its group, so one Zod import from a shell module brings all of Zod (docs/decisions/116);
// the Nepali catalogue (`lib/i18n-ne`) stays out and loads only on Nepali pages.
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;
const SHELL_APP = /[\\/]apps[\\/]web[\\/]app[\\/](lib|components)[\\/]/;
// Code only account, checkout, order and payment pages use stays with those routes.
const NOT_SHELL =
  /[\\/]components[\\/](admin[\\/]|profile[\\/]|avatar-crop-dialog|profile-|notification-preferences|pay-now|payment-result|order-summary|wallet-redirect|form-fields|info-page|product-reviews|product-gallery|tabs)|[\\/]lib[\\/](lazy-schemas|i18n-ne|payment-|wallet-pay|use-form|route-form|use-cart-check)|\.test\./;
// Contracts modules without Zod (packages/contracts/src/zod-free.test.ts checks them); the schema modules (auth, catalog,
// orders, personalisation, content, payments, admin, enums, api) stay out, and so do the messages in Nepali
// (messages-ne), which come with the Nepali catalogue (lib/i18n-ne).
const SHELL_CONTRACTS = /[\\/]packages[\\/]contracts[\\/]src[\\/](enum-values|order-rules|auth-rules|print-rules|content-rules|payment-rules|messages|locale|bikram-sambat|money|stock|catalog-rules|images|shipping|slug|live)\.ts$/;

// The bundler's "plugins ran for N s of this build" report is for plugin authors; on a busy machine it adds a dozen
// lines to every `npm start` that nobody running the shop can act on (docs/decisions/006). Other checks stay on.
const QUIET_CHECKS = { bundlerTimings: false };

function inShell(id: string): boolean {
  return (SHELL_APP.test(id) && !NOT_SHELL.test(id)) || SHELL_CONTRACTS.test(id);
}

/** Drops the copies of fontaine's fallback faces from the built stylesheets (docs/decisions/121). */
function dedupeFontFacesPlugin(): Plugin {
  return {
    name: "khelkud-dedupe-font-faces",
    enforce: "post",
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === "asset" && file.fileName.endsWith(".css") && typeof file.source === "string") file.source = dedupeFontFaces(file.source);
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tailwindcss(),
    // A local fallback face sized like Mukta (size-adjust and ascent/descent overrides), so text does not move when
    // Mukta arrives: no layout shift from the web font (docs/decisions/071).
    FontaineTransform.vite({ fallbacks: ["Arial", "Roboto", "Noto Sans", "Helvetica Neue"], resolvePath: (id) => new URL(`.${id}`, import.meta.url) }),
    reactRouter(),
    dedupeFontFacesPlugin(),
  ],
  optimizeDeps: { include: ["socket.io-client"] },
  build: {
    target: "es2022",
    rolldownOptions: isSsrBuild
      ? { checks: QUIET_CHECKS }
      : {
          checks: QUIET_CHECKS,
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 20 },
                { name: "shell", test: inShell, priority: 10 },
              ],
            },
          },
        },
  },
  ssr: { noExternal: ["@khelkud/contracts"] },
}));
