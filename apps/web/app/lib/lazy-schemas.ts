// Schemas that small forms on every page (footer newsletter, product reviews) load on first submit: importing them
// statically would put Zod in the bundle of every storefront page. Import this module only with `await import()`.
export { NewsletterInputSchema, ReviewInputSchema } from "@khelkud/contracts";
