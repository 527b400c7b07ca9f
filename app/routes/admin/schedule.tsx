import type { Route } from "./+types/schedule";

export { action, loader } from "./schedule.server";

export const meta: Route.MetaFunction = () => [
  { title: "Planning | Administration" },
  { name: "robots", content: "noindex" },
];

export default function Schedule() {
  return <h1>Planning</h1>;
}
