import { describe, expect, it } from "vitest";
import { invitationMail, invitationUrl, resetMail, resetUrl } from "./volunteer-mails.server";

const facts = {
  to: "karim@club.test",
  username: "coach-karim",
  clubName: "Boxing Club de Meyzieu",
  expiresAt: "2026-12-01T17:30:00.000Z",
};

describe("volunteers' mails", () => {
  it("invites with the link, the username, the role, who invited and the expiry in the club's time", () => {
    const mail = invitationMail({
      ...facts,
      link: invitationUrl("https://club.test", "abc"),
      roles: ["admin"],
      invitedBy: "presidente",
    });
    expect(mail.text).toContain(
      "presidente vous invite à participer à l'espace d'administration du Boxing Club de Meyzieu, avec le nom d'utilisateur « coach-karim » et le rôle Administrateur.",
    );
    expect(
      invitationMail({ ...facts, link: "x", roles: ["coach", "tresorier"], invitedBy: "a" }).text,
    ).toContain("et les rôles Coach, Trésorier.");
    expect(mail.to).toBe("karim@club.test");
    expect(mail.subject).toBe("Boxing Club de Meyzieu : invitation à l'espace d'administration");
    expect(mail.text).toContain("\nhttps://club.test/admin/invitation/abc\n");
    expect(mail.text).toContain("« coach-karim »");
    expect(mail.text).toContain("expire le 1er décembre 2026 à 18h30");
  });

  it("sends the reset link, valid one hour", () => {
    const mail = resetMail({ ...facts, link: resetUrl("https://club.test", "xyz") });
    expect(mail.text).toContain("\nhttps://club.test/admin/reinitialiser/xyz\n");
    expect(mail.text).toContain("expire le 1er décembre 2026 à 18h30 (une heure après la demande)");
    expect(mail.text).toContain(
      "a été demandée sur l'espace d'administration du Boxing Club de Meyzieu.",
    );
    const association = resetMail({ ...facts, clubName: "Association Meyzieu Boxe", link: "x" });
    expect(association.text).toContain(
      "a été demandée sur l'espace d'administration de l'Association Meyzieu Boxe.",
    );
  });
});
