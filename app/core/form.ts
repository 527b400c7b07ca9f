import type { z } from "zod";

/** The form's text fields by name (files and repeated names aside); missing ones are "". */
export function formText<K extends string>(
  formData: FormData,
  names: readonly K[],
): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const name of names) {
    const value = formData.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

/** A field posted as JSON, parsed; null when it is missing or not JSON (its schema refuses that). */
export function formJson(formData: FormData, name: string): unknown {
  const value = formData.get(name);
  try {
    return typeof value === "string" ? JSON.parse(value) : null;
  } catch {
    return null;
  }
}

/** Messages by field: "title", "details.2" for a list's item, "form" for the whole form. */
export type FieldErrors = Record<string, string>;

/**
 * The first message of each invalid field, as forms display them: keyed by the field's name
 * ("images" for any of its items), or with `byPath` by the whole path ("details.2", for
 * editors that show an error under each item of a list).
 */
export function fieldErrors(error: z.ZodError, { byPath = false } = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = (byPath ? issue.path.map(String).join(".") : String(issue.path[0] ?? "")) || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The messages of one item of a list ("prices.2.label"), keyed by its own fields ("label"). */
export function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, message]) => [key.slice(prefix.length), message]),
  );
}

/** A posted row id: digits only, a positive safe integer; null for anything else. */
export function positiveId(value: FormDataEntryValue | null): number | null {
  if (typeof value !== "string" || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The posted form. A body that is not one (truncated multipart, a stray JSON) answers 400
 * instead of failing the action with a 500; server/request-guards.ts has already refused
 * other content types and bodies over their limit.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("Formulaire illisible : renvoyez-le depuis le site.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
