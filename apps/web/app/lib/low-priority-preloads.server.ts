import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const MODULEPRELOAD = '<link rel="modulepreload"';

/**
 * Marks React Router's `<link rel="modulepreload">` tags `fetchpriority="low"` (docs/decisions/071). The page is
 * complete without JavaScript until it hydrates, so on a slow phone connection the stylesheet, the two font files and
 * the main picture should get the bandwidth first; the hydration scripts still start downloading at once, behind them.
 * <Scripts> has no prop for this, hence the rewrite of the HTML stream (a tag split across two chunks is handled).
 */
export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  const rewrite = (text: string) => text.replaceAll(MODULEPRELOAD, `${MODULEPRELOAD} fetchpriority="low"`);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = carry + decoder.write(chunk);
      // Keep back a tail that could be the start of a tag completed by the next chunk.
      const lastTag = text.lastIndexOf("<");
      const keep = lastTag !== -1 && text.length - lastTag < MODULEPRELOAD.length && MODULEPRELOAD.startsWith(text.slice(lastTag)) ? lastTag : text.length;
      carry = text.slice(keep);
      callback(null, rewrite(text.slice(0, keep)));
    },
    flush(callback) {
      callback(null, rewrite(carry + decoder.end()));
    },
  });
}
