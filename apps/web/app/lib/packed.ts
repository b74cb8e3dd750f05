// Loader data that React Router would send as many small values, sent as one JSON string instead.
//
// React Router writes a page's loader data into the document as a turbo-stream: every object becomes a table of
// numbered references to keys and values that are shared across the whole page. For 50 product cards that table is
// a third larger after Brotli than the same cards as plain JSON (9.2 against 6.0 KB on the catalogue's first page),
// because a card's values become numbers pointing all over the table, which compress badly. A list sent as one string
// is compressed as the JSON it is (docs/decisions/141).
//
// Only for JSON values: a Date, a Map or `undefined` in an array does not survive the trip (a missing key reads
// as `undefined` as before).
import { useMemo } from "react";

/** A JSON string that is known to parse to a `T`. */
export type Packed<T> = string & { readonly __packed: T };

/** `value` as one string of loader data. */
export function pack<T>(value: T): Packed<T> {
  return JSON.stringify(value) as Packed<T>;
}

/** The value a loader packed, parsed once per string (a revalidation that sends the same string parses nothing). */
export function usePacked<T>(packed: Packed<T>): T {
  return useMemo(() => JSON.parse(packed) as T, [packed]);
}
