/*
 * A mail as written to DATA_DIR/outbox/*.eml, read back as its leaf parts with their
 * bodies decoded (base64 or quoted-printable), for the tests that follow a mail's link.
 */

export interface MailPart {
  headers: string;
  body: string;
}

function decode(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  }
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, "%25"));
  }
  return body;
}

/** The leaf parts of a MIME message, bodies decoded. */
export function mimeParts(message: string): MailPart[] {
  const split = message.search(/\r?\n\r?\n/);
  const headers = message.slice(0, split);
  const body = message.slice(split).replace(/^\r?\n\r?\n/, "");
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!boundary || !/content-type:\s*multipart\//i.test(headers)) {
    return [{ headers, body: decode(headers, body) }];
  }
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith("--"))
    .flatMap((chunk) => mimeParts(chunk.replace(/^\r?\n/, "")));
}
