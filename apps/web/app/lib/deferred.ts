/**
 * A part of a page below its first screen (the home page's featured grid, "You May Also Like"), waited for before the
 * page renders: its value when it arrived, else the failed promise itself, for the page's `<Await>` to show its error
 * state. The storefront's shared pages are rendered whole before a byte is sent (docs/decisions/139), so a promise
 * still pending at render time would put a skeleton into the document and the part again after it; a value renders at
 * once. The failed promise has a handler here, so it is never an unhandled rejection.
 */
export async function arrived<T>(promise: Promise<T>): Promise<{ value: T | Promise<T> }> {
  return promise.then(
    (value) => ({ value }),
    () => ({ value: promise }),
  );
}
