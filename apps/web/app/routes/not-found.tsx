import { data } from "react-router";
import { NotFoundView } from "../components/status-screens";
import { pageTitle } from "../lib/seo";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: pageTitle("Page Not Found") }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <NotFoundView />;
}
