import { useNavigation } from "react-router";

/**
 * The thin bar at the top of the window during a client-side navigation, and its
 * announcement for screen readers (the visible bar itself is decorative).
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <>
      <div aria-hidden="true" className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-1">
        {busy && (
          <div className="h-full origin-left animate-nav-progress bg-gradient-to-r from-teal to-gold shadow-[0_0_8px_var(--color-teal)]" />
        )}
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {busy ? "Chargement de la page…" : ""}
      </p>
    </>
  );
}
