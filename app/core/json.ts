/** Parses a JSON text column; a corrupt or empty value reads as the fallback, never a crash. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function parseStringList(text: string | null | undefined): string[] {
  const value = parseJson<unknown>(text, []);
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : [];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The stored object over the defaults, recursively for nested objects, so that a field
 * missing from the database shows its default. Arrays and scalars are taken whole.
 * NOTE: stored keys are text: only the defaults' own keys merge, and a stored "__proto__"
 * (an own key after JSON.parse) is dropped rather than set as the result's prototype.
 */
export function mergeDefaults<T>(defaults: T, stored: unknown): T {
  if (!isPlainObject(defaults) || !isPlainObject(stored)) {
    return stored === undefined || stored === null ? defaults : (stored as T);
  }
  const result: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(stored)) {
    if (key === "__proto__") continue;
    result[key] = Object.hasOwn(defaults, key) ? mergeDefaults(defaults[key], value) : value;
  }
  return result as T;
}

/** A stored choice (colour, icon, category…) if it is one of the allowed ones, else the default. */
export function oneOf<T extends string>(choices: readonly T[], value: string, fallback: T): T {
  return (choices as readonly string[]).includes(value) ? (value as T) : fallback;
}
