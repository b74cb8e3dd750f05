import { pipeline } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { coalesceChunks } from "./lib/coalesce.server";
import { hydrateAfterFirstPaint } from "./lib/hydrate-after-paint.server";
// Every server render may be Nepali: the catalogue is there from the start (docs/decisions/116).
import "./lib/i18n-ne";
import { hydratesAfterPaint } from "./lib/page-handle";
import { AccountPlaceholderContext } from "./lib/session";
import { HeldBackContext } from "./lib/held-back";
import { isRouteErrorResponse, ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The Content-Security-Policy nonce of this response (apps/server/src/plugins/security-headers.ts): React's and React Router's inline scripts carry it.
  const nonce = loadContext?.cspNonce || undefined;
  return new Promise<Response>((resolve, reject) => {
    // Whether the shell is ready: a whole-document render sends nothing until everything is, but an error after this
    // point is still one React recovers from on the client, logged and never turned into a failed page.
    let shellReady = false;
    const userAgent = request.headers.get("user-agent");
    // Bots, no-JS clients and pages kept whole for many visitors (docs/decisions/139) get the whole document at once,
    // with no boundary left to fill in by script; other renders stream from the shell on.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode || loadContext?.wholeDocument ? "onAllReady" : "onShellReady";

    // A render shared by every signed-in shopper shows placeholders where the header shows the account (docs/decisions/110).
    // What loaders rendered but left out of the document's loader data (docs/decisions/152).
    const app = (
      <HeldBackContext.Provider value={loadContext?.heldBack ?? null}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </HeldBackContext.Provider>
    );
    const placeholders = loadContext?.sharedSignedIn ? (loadContext.accountPlaceholders ?? null) : null;
    const { pipe, abort } = renderToPipeableStream(
      placeholders ? <AccountPlaceholderContext.Provider value={placeholders}>{app}</AccountPlaceholderContext.Provider> : app,
      {
        nonce,
        // A boundary that is ready when the shell is sent stays in place, however large; React would otherwise send big
        // ones after the footer and move them in with a script, which makes the page jump (docs/decisions/072).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onShellReady() {
          shellReady = true;
          if (readyOption === "onShellReady") send();
        },
        onAllReady() {
          if (readyOption === "onAllReady") send();
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          // Before the shell, the page fails (onShellError); after it, React renders that part again in the browser, so
          // the page keeps its status, as a streamed page did.
          if (!shellReady) responseStatusCode = 500;
          // A render stopped because the visitor left is not an error of the shop.
          if (shellReady && !request.signal.aborted) {
            if (loadContext?.logError) loadContext.logError(error);
            else console.error(error);
          }
        },
      },
    );

    function send() {
      // React's small writes leave in one piece per event-loop turn, so the compressor runs on a few large pieces (docs/decisions/094).
      const body = coalesceChunks();
      // A visitor who leaves mid-page cancels the response, which destroys `body` with the cancel reason (a
      // premature close): that ends this render, nothing else. Without a listener the error would be thrown and
      // stop the whole server (docs/decisions/073).
      body.on("error", () => abort());
      body.on("close", () => {
        if (!body.writableFinished) abort();
      });
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      if (hydratesAfterPaint(routerContext.staticHandlerContext.matches)) {
        const afterPaint = hydrateAfterFirstPaint();
        // pipeline, not pipe: an error or early close on either side destroys both, and neither is left unhandled.
        pipeline(afterPaint, body, () => undefined);
        pipe(afterPaint);
      } else {
        pipe(body);
      }
    }
    setTimeout(abort, streamTimeout + 1000);
  });
}

/** Aborted requests and the client's own mistakes are not errors worth a stack trace; the rest goes to the server's JSON log. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A not-found or another answer for the client's own mistake (a route error response under 500) is no failure of ours.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const logError = (context as AppLoadContext | undefined)?.logError;
  if (logError) logError(error);
  else console.error(error);
};
