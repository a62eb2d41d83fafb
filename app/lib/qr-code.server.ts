import QRCode from "qrcode";

/** A QR code as one SVG path of dark modules on a grid of `size` modules (the quiet zone not included). */
export type QrMatrix = { size: number; path: string };

/**
 * The modules of a QR code for `text` (the `qrcode` library; medium error correction, which a
 * till or locker scanner reads off a phone screen), drawn as one path of unit squares so the page
 * renders it as SVG without any script.
 */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const { size, data } = modules;
  let path = "";
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (data[y * size + x]) path += `M${x} ${y}h1v1h-1z`;
    }
  }
  return { size, path };
}
