/**
 * Route `handle` of the pages people arrive on to read (home, catalogue, product, blog): their server-rendered HTML is
 * complete without JavaScript, so their hydration scripts are requested after the first paint (docs/decisions/072).
 * Pages used through a form (sign-in, checkout, profile, admin) load their scripts at once.
 */
export const READ_FIRST = { hydrateAfterPaint: true } as const;

/** True when the deepest matched route asks for READ_FIRST. */
export function hydratesAfterPaint(matches: readonly { route: { handle?: unknown } }[] | undefined): boolean {
  const handle = matches?.at(-1)?.route.handle;
  return typeof handle === "object" && handle !== null && (handle as { hydrateAfterPaint?: unknown }).hydrateAfterPaint === true;
}
