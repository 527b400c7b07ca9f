import { describe, expect, it } from "vitest";
import { isToast, toastResult } from "./toast";

describe("toastResult", () => {
  it("puts the toast beside the action's own data, with the status given", () => {
    const result = toastResult(
      { type: "success", message: "Discipline sauvegardée avec succès" },
      { id: 3, updatedAt: "2025-01-01T00:00:00.000Z" },
      201,
    );
    expect(result.data).toEqual({
      toast: { type: "success", message: "Discipline sauvegardée avec succès" },
      id: 3,
      updatedAt: "2025-01-01T00:00:00.000Z",
    });
    expect(result.init?.status).toBe(201);
    // Typed: the extra fields are readable without a cast.
    expect(result.data.id).toBe(3);
  });

  it("takes a ResponseInit (a 409 with headers) and works without extra data", () => {
    const result = toastResult(
      { type: "error", message: "Erreur lors de la sauvegarde" },
      undefined,
      { status: 409, headers: { "X-Test": "1" } },
    );
    expect(result.data).toEqual({
      toast: { type: "error", message: "Erreur lors de la sauvegarde" },
    });
    expect(result.init?.status).toBe(409);
    expect(new Headers(result.init?.headers).get("X-Test")).toBe("1");
  });

  it("defaults to 200 (no init)", () => {
    const result = toastResult({ type: "info", message: "Aucune modification à sauvegarder" });
    expect(result.init?.status ?? 200).toBe(200);
  });
});

describe("isToast", () => {
  it("accepts the three types with a message, nothing else", () => {
    expect(isToast({ type: "success", message: "Ordre mis à jour" })).toBe(true);
    expect(isToast({ type: "info", message: "x" })).toBe(true);
    expect(isToast({ type: "error", message: "x" })).toBe(true);
    expect(isToast({ type: "warning", message: "x" })).toBe(false);
    expect(isToast({ type: "success", message: "" })).toBe(false);
    expect(isToast({ type: "success" })).toBe(false);
    expect(isToast(null)).toBe(false);
    expect(isToast("Ordre mis à jour")).toBe(false);
  });
});
