import { useMemo } from 'react';
import { renderSVG } from 'uqr';

/**
 * The QR code KRA's receipt checker opens, drawn as SVG (decision 0045: uqr, no dependencies), so
 * it prints sharp on A4 and on a phone's screen alike.
 */
export function ReceiptQr({ url, label }: { url: string; label: string }) {
  const src = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(url, { border: 2 }))}`, [url]);
  return <img src={src} alt={label} width={132} height={132} style={{ display: 'block', imageRendering: 'pixelated' }} />;
}
