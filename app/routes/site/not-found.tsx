import { ButtonLink } from "~/components/site/button-link";

/**
 * The English 404 page of the spec ('Oops! Page not found', 'Return to Home'), shown by the
 * catch-all route (site-page.tsx) when no published site page answers the path.
 */
export function NotFoundPage() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-6xl font-extrabold text-ink">404</h1>
      <p className="text-xl text-gray-700">Oops! Page not found</p>
      <ButtonLink to="/" variant="teal">
        Return to Home
      </ButtonLink>
    </section>
  );
}
