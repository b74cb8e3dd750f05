/**
 * The browser's entry: React Router's default, except that a Nepali page first loads its catalogue, so English pages
 * do not download the Nepali texts and a Nepali page hydrates with the same texts the server rendered
 * (docs/decisions/116).
 */
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

if (document.documentElement.lang === "ne") await import("./lib/i18n-ne");

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
