import { useEffect, useState } from "react";
import {
  MEDIA_PICKER_PATH,
  type MediaPickerPageJson,
  type PickableFormat,
} from "~/domains/content/media-picker-schema";
import { UPLOAD_TOASTS } from "./upload-target";

export type PickerPage =
  | { status: "loading"; data: MediaPickerPageJson | null }
  | { status: "ready"; data: MediaPickerPageJson }
  | { status: "error"; data: null; message: string };

export const PICKER_LOAD_FAILED = "Impossible de charger la médiathèque. Réessayez.";

/**
 * One page of the media picker, read from its resource route whenever the search, the
 * page or `attempt` (a retry) changes; the previous page stays shown while the next loads.
 * An answer overtaken by a newer question is dropped.
 */
export function usePickerPage({
  search,
  page,
  formats,
  attempt,
}: {
  search: string;
  page: number;
  formats: readonly PickableFormat[];
  attempt: number;
}): PickerPage {
  const query = new URLSearchParams({ q: search, page: String(page) });
  for (const format of formats) query.append("format", format);
  const address = `${MEDIA_PICKER_PATH}?${query}`;
  // The last answer, with the question and the attempt it answered.
  const [answer, setAnswer] = useState<{
    key: string;
    data: MediaPickerPageJson | null;
    error: string | null;
  }>({ key: "", data: null, error: null });
  const key = `${attempt} ${address}`;

  useEffect(() => {
    const controller = new AbortController();
    // Without a session, the guard redirects a GET to the login page: seen, not followed.
    fetch(address, {
      headers: { Accept: "application/json" },
      redirect: "manual",
      signal: controller.signal,
    })
      .then(async (response) => {
        if (response.type === "opaqueredirect" || response.status === 401) {
          throw new Error(UPLOAD_TOASTS.sessionExpired);
        }
        const body = (await response.json().catch(() => null)) as
          (MediaPickerPageJson & { error?: string }) | null;
        if (!response.ok || !body || !Array.isArray(body.images)) {
          throw new Error(body?.error ?? PICKER_LOAD_FAILED);
        }
        setAnswer({ key: `${attempt} ${address}`, data: body, error: null });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const message =
          error instanceof Error && error.name !== "TypeError" ? error.message : PICKER_LOAD_FAILED;
        setAnswer({ key: `${attempt} ${address}`, data: null, error: message });
      });
    return () => controller.abort();
  }, [address, attempt]);

  if (answer.key !== key) return { status: "loading", data: answer.data };
  if (answer.error !== null) return { status: "error", data: null, message: answer.error };
  return { status: "ready", data: answer.data! };
}
