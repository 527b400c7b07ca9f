import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it } from "vitest";
import { PAYMENT_RETENTION_YEARS } from "~/domains/membership/membership-retention";
import { getDb } from "~/db/client.server";
import { loader } from "~/routes/site/privacy";
import { createFile, createSeason, resetMembershipData } from "../../../../tests/membership-tail";
import { MembershipPrivacy } from "./membership-privacy";

beforeEach(resetMembershipData);

describe("/confidentialite's membership part", () => {
  it("lists the purposes, the recipients and the retention durations", () => {
    const html = renderToStaticMarkup(
      h(MembershipPrivacy, { federation: "Fédération Française de Boxe", onlinePayment: false }),
    );
    expect(html).toContain("Adhésion au club");
    expect(html).toContain("Fédération Française de Boxe (FFBoxe)");
    expect(html).toContain("assureur");
    expect(html).not.toContain("HelloAsso");
    expect(html).toContain(`gardés ${PAYMENT_RETENTION_YEARS} ans après la fin de leur saison`);
    expect(html).toContain("anonymisés après la date de grâce de la saison suivante");
    expect(html).toContain("supprimé à la clôture des inscriptions");
  });

  it("names HelloAsso once a family has paid online", async () => {
    expect((await loader()).onlinePayment).toBe(false);
    const fixture = await createSeason();
    const { file } = await createFile(fixture);
    await getDb()
      .updateTable("membership_files")
      .set({ payment_choice: "card" })
      .where("id", "=", file.id)
      .execute();
    const { onlinePayment } = await loader();
    expect(onlinePayment).toBe(true);
    expect(
      renderToStaticMarkup(h(MembershipPrivacy, { federation: "FFBoxe", onlinePayment })),
    ).toContain("HelloAsso, pour les paiements en ligne par carte");
  });
});
