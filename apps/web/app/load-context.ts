import type { WebLoadContext } from "@khelkud/server/types";

declare module "react-router" {
  // The server hands its services to loaders through the load context (see apps/server/src/plugins/ssr.ts).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends WebLoadContext {}
}

export {};
