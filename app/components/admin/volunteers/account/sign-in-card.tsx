import type { ReactNode } from "react";

/** The frame of the sign-in pages (the password, then the code): a card on the dark page. */
export function SignInCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-ink px-4 py-12">
      <div className="w-full max-w-sm rounded-lg bg-white p-6 shadow-lg sm:p-8">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        <p className="mt-1 text-sm text-gray-600">Espace d'administration du club</p>
        {children}
      </div>
    </main>
  );
}

/** The sign-in pages' refusal, read out when it appears. */
export function SignInAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}
