import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import type { ClubTodo } from "~/domains/dashboard/club-todo.server";
import { createDiscipline, createInscriptionForm, createPost } from "../../../../tests/factories";
import { callRoute, createUser, getRequest, signIn } from "../../../../tests/auth";
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

  it("lists in « À faire » what the site still waits for, and drops what the club has done", async () => {
    const { cookie } = await signIn(await createUser("benevole", "mot-de-passe"));
    const todo = async () =>
      (
        (await callRoute(loader, getRequest("/admin/dashboard", { cookie }))).data as {
          todo: ClubTodo[];
        }
      ).todo;
    const hrefs = async () => (await todo()).map((item) => item.href);

    await createDiscipline({ image: "/uploads/disciplines/seed-discipline-1.jpg" });
    expect(await todo()).toContainEqual({
      label: "Vos photos : disciplines",
      href: "/admin/disciplines",
      detail: "1 discipline avec une image d'exemple, à remplacer par vos photos.",
    });
    expect(await hrefs()).toContain("/admin/inscriptions");

    await createInscriptionForm({ file_url: "/uploads/site-documents/inscriptions/a.pdf" });
    await getDb()
      .updateTable("disciplines")
      .set({ image: "/uploads/disciplines/1700000000000-ring.jpg" })
      .execute();
    const left = await hrefs();
    expect(left).not.toContain("/admin/inscriptions");
    expect(left).not.toContain("/admin/disciplines");
  });
});
