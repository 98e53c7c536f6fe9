'use client';

import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code drawn as inline SVG in the browser (uqr encodes; nothing is fetched from anywhere, and
 * the otpauth URI with its secret never leaves the page). Dark on white whatever the theme, with
 * a quiet zone, as scanners need.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 });
    let d = '';
    qr.data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { size: qr.size, path: d };
  }, [value]);
  return (
    <svg viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges" className="size-48 rounded-md border border-line bg-white">
      <rect width={size} height={size} className="fill-white" />
      <path d={path} className="fill-black" />
    </svg>
  );
}
