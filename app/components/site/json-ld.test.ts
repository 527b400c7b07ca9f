import { describe, expect, it } from "vitest";
import { SETTINGS_DEFAULTS } from "~/domains/content/defaults";
import { jsonForScript, openingHoursSpecification, sportsClubJsonLd } from "./json-ld";

describe("openingHoursSpecification", () => {
  it("turns the default hours into one specification per open day and skips Fermé", () => {
    const specs = openingHoursSpecification(SETTINGS_DEFAULTS.hours);
    expect(specs).toHaveLength(6);
    expect(specs[0]).toEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: "https://schema.org/Monday",
      opens: "17:00",
      closes: "21:00",
    });
    expect(specs.find((s) => s.dayOfWeek.endsWith("Wednesday"))).toMatchObject({
      opens: "13:30",
      closes: "21:00",
    });
    expect(specs.some((s) => s.dayOfWeek.endsWith("Sunday"))).toBe(false);
  });

  it("reads several ranges, other separators and skips what it cannot read", () => {
    const specs = openingHoursSpecification({
      monday: "12h00-14h00, 18:30 – 20H30",
      tuesday: "9h à 12h",
      wednesday: "sur rendez-vous",
      thursday: "21h00-17h00",
      friday: "",
    });
    expect(specs.map((s) => [s.dayOfWeek.split("/").pop(), s.opens, s.closes])).toEqual([
      ["Monday", "12:00", "14:00"],
      ["Monday", "18:30", "20:30"],
      ["Tuesday", "09:00", "12:00"],
    ]);
  });
});

describe("sportsClubJsonLd", () => {
  it("describes the club with its postal address in France and absolute URLs", () => {
    const data = sportsClubJsonLd({
      origin: "https://club.example",
      general: SETTINGS_DEFAULTS.general,
      address: SETTINGS_DEFAULTS.address,
      hours: SETTINGS_DEFAULTS.hours,
      logoUrl: "/uploads/site-images/logo.png",
    });
    expect(data).toMatchObject({
      "@type": "SportsClub",
      name: "Boxing Club de Meyzieu",
      url: "https://club.example/",
      logo: "https://club.example/uploads/site-images/logo.png",
      telephone: SETTINGS_DEFAULTS.general.phoneNumber,
      email: SETTINGS_DEFAULTS.general.email,
      address: {
        "@type": "PostalAddress",
        postalCode: "69330",
        addressLocality: "MEYZIEU",
        addressCountry: "FR",
      },
    });
  });
});

describe("jsonForScript", () => {
  it("escapes what could end the script element", () => {
    const text = jsonForScript({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});
