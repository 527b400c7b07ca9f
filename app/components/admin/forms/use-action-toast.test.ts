// @vitest-environment happy-dom
import { act, createElement, useState } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, RouterProvider, useFetcher } from "react-router";
import { toast as sonner, Toaster } from "sonner";
import { describe, expect, it, vi } from "vitest";
import type { Toast } from "~/utils/toast";
import { showToast, useActionToast } from "./use-action-toast";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const saved = (message: string): Toast => ({ type: "success", message });

/** The titles of every toast shown so far (sonner keeps them across tests). */
const toasted = () =>
  sonner.getHistory().flatMap((shown) => ("title" in shown ? [shown.title] : []));

/**
 * A form whose fetcher answers with a toast, and a way to set one of its states back to the
 * value it has (`setSameState`): the kind of render React bails out of.
 */
function renderForm() {
  let answer!: (value: { toast: Toast }) => void;
  const handles: { submit?: () => void; setSameState?: () => void } = {};
  function Form() {
    const fetcher = useFetcher<{ toast: Toast }>();
    useActionToast(fetcher.data);
    const [, setError] = useState<string | null>(null);
    handles.submit = () => void fetcher.submit({ intent: "display" }, { method: "post" });
    handles.setSameState = () => {
      setError("changed");
      setError(null);
    };
    return null;
  }
  const router = createMemoryRouter(
    [
      {
        id: "form",
        path: "/",
        Component: Form,
        loader: () => null,
        action: () => new Promise<{ toast: Toast }>((resolve) => (answer = resolve)),
      },
    ],
    { hydrationData: { loaderData: { form: null } } },
  );
  const root = createRoot(document.createElement("div"));
  return { router, root, handles, answer: (value: { toast: Toast }) => answer(value) };
}

describe("useActionToast", () => {
  it("shows the answer's toast even when a render React bailed out of saw the answer first", async () => {
    const { router, root, handles, answer } = renderForm();
    await act(async () => root.render(createElement(RouterProvider, { router })));
    await act(async () => handles.submit!());

    // React Router puts the answer in fetcher.data (a map outside React) before its state
    // update reaches React. A render in between (here a state set back to its value, as an
    // onSubmit's setError(null) does) reads the answer with the old state: React bails out
    // of it and keeps its effect dependencies without running the effect.
    const stop = router.subscribe((state) => {
      if ([...state.fetchers.values()].some((fetcher) => fetcher.state === "loading")) {
        flushSync(() => handles.setSameState!());
      }
    });
    await act(async () => answer({ toast: saved("Paramètres d'affichage sauvegardés") }));
    stop();

    expect(toasted()).toContain("Paramètres d'affichage sauvegardés");
    await act(async () => root.unmount());
  });

  it("shows one answer once, however often the form renders", async () => {
    const { router, root, handles, answer } = renderForm();
    await act(async () => root.render(createElement(RouterProvider, { router })));
    await act(async () => handles.submit!());
    await act(async () => answer({ toast: saved("Titre du planning sauvegardé") }));
    await act(async () => handles.setSameState!());
    await act(async () => router.revalidate());

    expect(toasted().filter((title) => title === "Titre du planning sauvegardé")).toHaveLength(1);
    await act(async () => root.unmount());
  });
});

describe("showToast", () => {
  it("shows a text once: a second answer with the same text updates the toast still on screen", async () => {
    // sonner renders from its own timers, outside act().
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.createElement("div");
    document.body.append(container);
    const root = createRoot(container);
    flushSync(() => root.render(createElement(Toaster, { duration: 4000 })));
    const text = "Pages sauvegardées avec succès";
    const toasts = () =>
      [...container.querySelectorAll<HTMLElement>("[data-sonner-toast]")].filter((toast) =>
        toast.textContent?.includes(text),
      );
    const onScreen = () => toasts().filter((toast) => toast.dataset.removed !== "true");

    // Two saves a second apart, each answer toasted once (the layout's toasts last 4 s).
    showToast(saved(text));
    await vi.waitFor(() => expect(onScreen()).toHaveLength(1));
    showToast(saved(text));
    // Another text after it: once it is drawn, the second answer has been too.
    showToast(saved("Autre texte"));
    await vi.waitFor(() =>
      expect(container.querySelector("[data-sonner-toast]")?.textContent).toContain("Autre texte"),
    );
    expect(toasts()).toHaveLength(1);
    expect(onScreen()).toHaveLength(1);
    root.unmount();
    container.remove();
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  });
});
