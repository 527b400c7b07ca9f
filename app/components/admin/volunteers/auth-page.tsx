import type { ReactNode } from "react";
import { Link } from "react-router";

/*
 * The frame of the sign-in's side pages (invitation, forgotten password, reset): the look
 * of the login page (app/routes/auth/login.tsx), a white card on the club's ink.
 */

export function AuthPage({
  title,
  subtitle = "Espace d'administration du club",
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-ink px-4 py-12">
      <div className="w-full max-w-sm rounded-lg bg-white p-6 shadow-lg sm:p-8">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        <p className="mt-1 text-sm text-gray-600">{subtitle}</p>
        {children}
      </div>
    </main>
  );
}

export function AuthAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  );
}

export function AuthNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mt-4 rounded-md bg-teal/20 px-3 py-2 text-sm text-ink">
      {children}
    </p>
  );
}

export function BackToLogin({ children = "Retour à la connexion" }: { children?: string }) {
  return (
    <p className="mt-6 text-sm">
      <Link to="/admin/login" className="font-semibold text-teal-dark underline">
        {children}
      </Link>
    </p>
  );
}

/** An invitation or reset link that no longer works: nothing about the account is said. */
export function DeadLink({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AuthPage title={title}>
      <AuthAlert>{children}</AuthAlert>
      <BackToLogin />
    </AuthPage>
  );
}
