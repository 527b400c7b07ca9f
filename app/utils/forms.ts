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

/** The first message of each invalid field, keyed by field name, as forms display them. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The posted form. A body that is not one (truncated multipart, a stray JSON) answers 400
 * instead of failing the action with a 500; server/request-guards.js has already refused
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
