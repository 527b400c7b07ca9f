import { Link } from "react-router";
import type { Route } from "./+types/not-found";

export function loader() {
  // The status must be 404 for search engines, with the page rendered below.
  throw new Response("Not Found", { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page not found" }];

export function ErrorBoundary() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-6xl font-extrabold text-ink">404</h1>
      <p className="text-xl text-gray-600">Oops! Page not found</p>
      <Link
        to="/"
        className="rounded-full bg-teal px-6 py-3 font-semibold text-ink hover:bg-teal/80"
      >
        Return to Home
      </Link>
    </section>
  );
}

export default function NotFound() {
  return null;
}
