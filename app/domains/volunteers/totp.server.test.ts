import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  groupSecret,
  matchTotp,
  otpauthUri,
  totpCode,
  totpStep,
} from "./totp.server";

// RFC 6238, appendix B: the SHA-1 key is the ASCII "12345678901234567890", 8 digits.
const RFC_SECRET = base32Encode(Buffer.from("12345678901234567890"));
const RFC_VECTORS: [number, string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP", () => {
  it.each(RFC_VECTORS)("gives RFC 6238's code at %i s", (seconds, code) => {
    expect(totpCode(RFC_SECRET, new Date(seconds * 1000), 8)).toBe(code);
    // The 6-digit code an app shows is the same number's last six digits.
    expect(totpCode(RFC_SECRET, new Date(seconds * 1000))).toBe(code.slice(2));
  });

  it("encodes and decodes base32 as RFC 4648 does", () => {
    expect(base32Encode(Buffer.from("foobar"))).toBe("MZXW6YTBOI");
    expect(base32Decode("mzxw 6ytb oi======").toString()).toBe("foobar");
    expect(() => base32Decode("MZXW1")).toThrow();
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
  });

  it("accepts the previous, current and next steps only, and says which", () => {
    const secret = generateTotpSecret();
    const now = new Date(1_800_000_000_000);
    const step = totpStep(now);
    const at = (offset: number) => new Date(now.getTime() + offset * 30_000);
    expect(matchTotp(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchTotp(secret, totpCode(secret, at(-1)), now)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, at(1)), now)).toBe(step + 1);
    expect(matchTotp(secret, totpCode(secret, at(-2)), now)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, at(2)), now)).toBeNull();
    expect(matchTotp(secret, "12345", now)).toBeNull();
    expect(matchTotp(secret, "abcdef", now)).toBeNull();
  });

  it("writes the otpauth URI an authenticator app reads", () => {
    const uri = otpauthUri({ secret: "JBSWY3DPEHPK3PXP", issuer: "Boxing Club", account: "léa" });
    expect(uri).toBe(
      "otpauth://totp/Boxing%20Club:l%C3%A9a?secret=JBSWY3DPEHPK3PXP&issuer=Boxing%20Club" +
        "&algorithm=SHA1&digits=6&period=30",
    );
    expect(groupSecret("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
  });
});
