import { describe, expect, it } from "vitest";
import { createDiscipline, createPost } from "../../../tests/factories";
import { callRoute, createUser, getRequest, signIn } from "../../../tests/auth";
import { loader } from "./dashboard";

describe("dashboard", () => {
  it("counts disciplines, formats and published events live from the database", async () => {
    const { cookie } = await signIn(await createUser("coach", "mot-de-passe"));
    const read = async () =>
      (await callRoute(loader, getRequest("/admin/dashboard", { cookie }))).data as {
        counts: Record<string, number>;
      };
    const before = (await read()).counts;
    expect(before.messages).toBe(0);

    await createDiscipline();
    await createPost({ category: "evenement" });
    await createPost({ category: "evenement", is_published: 0 });
    await createPost({ category: "actualite" });

    const after = (await read()).counts;
    expect(after.disciplines).toBe(before.disciplines! + 1);
    expect(after.events).toBe(before.events! + 1);
    expect(after.trainingFormats).toBe(before.trainingFormats);
  });
});
