import { redirect } from "react-router";

/**
 * The forms that carry a password are `method="post"`: one sent before the page's scripts have run (a slow phone,
 * a quick thumb) must never put the password into the address bar, the history or a server log, as a form's default
 * GET would. Such a post reaches this route action, which reads nothing and shows the same page again (303), where
 * the scripts are running by then.
 */
export function showFormAgain({ request }: { request: Request }) {
  const url = new URL(request.url);
  return redirect(url.pathname + url.search, 303);
}
