import qrcode from "qrcode-generator";

import type { QrDrawing } from "./qr-code";

const QUIET_ZONE = 4;

/** A QR code as an SVG path of its dark modules, drawn on the server: no request elsewhere. */
export function drawQrCode(text: string): QrDrawing {
  // Type 0: the smallest version that holds the text; "M" recovers from 15 % damage.
  const code = qrcode(0, "M");
  code.addData(text, "Byte");
  code.make();
  const count = code.getModuleCount();
  let path = "";
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (code.isDark(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { size: count + 2 * QUIET_ZONE, path };
}
