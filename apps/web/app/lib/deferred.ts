/**
 * A part of a page below its first screen (the home page's featured grid, "You May Also Like"), waited for before the
 * page renders: its value when it arrived, else the failed promise itself, for the page's `<Await>` to show its error
 * state. The storefront's shared pages are rendered whole before a byte is sent (docs/decisions/139), so a promise
 * still pending at render time would put a skeleton into the document and the part again after it; a value renders at
 * once. A part that takes longer than `waitMs` (a database in trouble) is left as the pending promise: the page is
 * not held up for it, and the section shows its skeleton, then the part or its error state. A failed promise has a
 * handler here, so it is never an unhandled rejection.
 */
export async function arrived<T>(promise: Promise<T>, waitMs = 2_000): Promise<{ value: T | Promise<T> }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<{ value: Promise<T> }>((resolve) => {
    timer = setTimeout(() => resolve({ value: promise }), waitMs);
  });
  try {
    return await Promise.race([
      promise.then(
        (value) => ({ value }),
        () => ({ value: promise }),
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
