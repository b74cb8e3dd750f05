import { data } from "react-router";
import { NotFoundView } from "../components/status-screens";
import { pageTitle } from "../lib/seo";
import { metaT } from "../lib/i18n";

export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches }: { matches: readonly unknown[] }) {
  return [{ title: pageTitle(metaT(matches)("notFound.title")) }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <NotFoundView />;
}
