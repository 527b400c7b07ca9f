/** A QR code as an SVG path of its dark modules (qr-code.server.ts). */
export interface QrDrawing {
  /** Modules per side, quiet zone included. */
  size: number;
  path: string;
}

/** The enrolment's QR code (drawn by drawQrCode), black on white whatever the theme. */
export function QrCode({ drawing, label }: { drawing: QrDrawing; label: string }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${drawing.size} ${drawing.size}`}
      width={208}
      height={208}
      shapeRendering="crispEdges"
      className="rounded-md border border-gray-300 bg-white"
    >
      <rect width={drawing.size} height={drawing.size} fill="#fff" />
      <path d={drawing.path} fill="#000" />
    </svg>
  );
}
