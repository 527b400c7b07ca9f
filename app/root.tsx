import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
} from "react-router";
import type { Route } from "./+types/root";
import { useNonce } from "./utils/nonce";
import { REQUEST_ID_ELEMENT_ID, useRequestId } from "./utils/request-id";
import "./site.css";

/**
 * False when a matched route says `handle = { hydrate: false }` (the public site): its
 * pages are sent without React Router's scripts (docs/decisions/006-public-pages-without-react.md).
 */
function useHydrate(): boolean {
  return !useMatches().some(
    (match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const hydrate = useHydrate();
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="min-h-screen bg-white font-sans text-ink antialiased">
        {children}
        {hydrate && <ScrollRestoration nonce={nonce} />}
        {hydrate && <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const requestId = useRequestId();
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-4xl font-bold">{notFound ? "404" : "Erreur"}</h1>
      <p className="text-lg text-gray-600">
        {notFound
          ? "Oops! Page not found"
          : "Une erreur inattendue est survenue. Réessayez dans un instant."}
      </p>
      {!notFound && requestId && (
        <p id={REQUEST_ID_ELEMENT_ID} data-id={requestId} className="text-sm text-gray-600">
          Référence de l'erreur : {requestId}
        </p>
      )}
      <a href="/" className="font-semibold text-teal-dark underline">
        {notFound ? "Return to Home" : "Retour à l'accueil"}
      </a>
    </main>
  );
}
