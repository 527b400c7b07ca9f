import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { formatEuros } from "~/core/money";
import { getDb } from "~/db/client.server";
import { getSettings, saveSettings } from "~/domains/content/settings.server";
import { getFileStore } from "~/storage/file-store.server";
import { createMembershipToken } from "~/domains/membership/tokens.server";
import { callRoute, createUser, ORIGIN, signIn } from "../../../../tests/auth";
import { createFile, createSeason, resetMembershipData } from "../../../../tests/membership-tail";
import { pdfPlainText } from "../../../../tests/pdf-text";
import { loader as householdLoader } from "../../site/membership/membership-attestation";
import { loader } from "./membership-attestation";

let n = 0;
async function treasurerCookie() {
  const id = await createUser(`tresorier-att-${++n}`, "mot-de-passe-long-1", {
    roles: ["tresorier"],
  });
  return (await signIn(id)).cookie;
}

beforeEach(resetMembershipData);

async function readBody(response: unknown): Promise<Uint8Array> {
  return new Uint8Array(await (response as Response).arrayBuffer());
}

describe("the attestation's downloads", () => {
  it("gives the treasurer a paid member's PDF, and 404 for a member with nothing paid", async () => {
    const fixture = await createSeason();
    const paid = await createFile(fixture, {
      paid: true,
      members: [{ firstName: "Inès", lastName: "Moreau" }],
    });
    const pending = await createFile(fixture, { pending: true });
    const cookie = await treasurerCookie();
    const url = (id: number) => `${ORIGIN}/admin/adhesions/adherents/${id}/attestation.pdf`;
    const id = paid.registrations[0]!.registration.id;
    const response = (await loader({
      request: new Request(url(id), { headers: { cookie } }),
      params: { registrationId: String(id) },
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const text = pdfPlainText(await readBody(response));
    expect(text).toContain("Inès Moreau");
    const amount = formatEuros(paid.owed[0]!).replace(/\s/g, " ");
    expect(text).toMatch(new RegExp(`Paiement reçu : \\d{2}/\\d{2}/\\d{4} – Espèces – ${amount}`));
    const journal = await getDb()
      .selectFrom("activity_log")
      .select(["action", "item_type", "item_id", "item_label"])
      .where("action", "=", "attestation.downloaded")
      .execute();
    expect(journal).toEqual([
      {
        action: "attestation.downloaded",
        item_type: "member",
        item_id: String(id),
        item_label: `Inès Moreau (${paid.file.reference}-1)`,
      },
    ]);

    const other = pending.registrations[0]!.registration.id;
    const answer = await callRoute(
      loader,
      new Request(url(other), { headers: { cookie } }),
      {},
      {
        registrationId: String(other),
      },
    );
    expect(answer.status).toBe(404);
  });

  it("gives the household its own member's PDF from its file link, never another file's", async () => {
    const fixture = await createSeason();
    const ours = await createFile(fixture, { paid: true });
    const theirs = await createFile(fixture, { paid: true });
    const token = await createMembershipToken({
      purpose: "draft",
      fileId: ours.file.id,
      householdId: ours.householdId,
    });
    const get = (registrationId: number, file = `${registrationId}.pdf`) =>
      householdLoader({
        request: new Request(`${ORIGIN}/adhesion/dossier/${token}/attestation/${file}`),
        params: { token, file },
      } as never) as Promise<Response>;
    const mine = ours.registrations[0]!.registration.id;
    expect((await get(mine)).status).toBe(200);
    expect((await get(theirs.registrations[0]!.registration.id)).status).toBe(404);
    expect((await get(mine, `${mine}.txt`)).status).toBe(404);
  });

  it("prints the signature set in Paramètres above the signatory's name, a WebP one too", async () => {
    const key = `site-images/signature/${Date.now()}-signature.webp`;
    const webp = await sharp({
      create: { width: 300, height: 120, channels: 3, background: "#ffffff" },
    })
      .webp()
      .toBuffer();
    await (await getFileStore()).put(key, { data: webp });
    const legal = await getSettings({ category: "legal" });
    await saveSettings({
      category: "legal",
      settings: {
        ...legal,
        signatoryName: "Anne-Sophie Lefèvre",
        signatoryRole: "Trésorière",
        signatureUrl: `/uploads/${key}`,
      },
      loadedAt: legal.updated_at,
    });
    const fixture = await createSeason();
    const paid = await createFile(fixture, { paid: true });
    const id = paid.registrations[0]!.registration.id;
    const cookie = await treasurerCookie();
    const response = (await loader({
      request: new Request(`${ORIGIN}/admin/adhesions/adherents/${id}/attestation.pdf`, {
        headers: { cookie },
      }),
      params: { registrationId: String(id) },
    } as never)) as Response;
    const pdf = await readBody(response);
    expect(pdfPlainText(pdf)).toContain("Anne-Sophie Lefèvre Trésorière");
    expect(pdfPlainText(pdf)).not.toContain("Signature :");
    // pdfimages (poppler-utils, as pdftotext) lists the page's one image: the signature.
    const file = path.join(mkdtempSync(path.join(tmpdir(), "attestation-")), "attestation.pdf");
    writeFileSync(file, pdf);
    const images = execFileSync("pdfimages", ["-list", file])
      .toString("utf8")
      .split("\n")
      .slice(2)
      .filter((line) => line.trim());
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/^\s*1\s+0\s+image\s+300\s+120\s/);
  });
});
