import sharp from 'sharp';

/** A text on a camera frame: the on-screen display or lettering in the scene. */
export interface SceneText {
  x: number;
  /** Baseline. */
  y: number;
  text: string;
  /** CSS colour. */
  color: string;
  size: number;
  anchor?: 'start' | 'middle' | 'end';
  /** A translucent dark band behind it, as camera overlays are drawn. */
  band?: boolean;
}

// Monospaced, as a camera's on-screen display; DejaVu Sans Mono's advance is 0.602 em.
const FONT = "'DejaVu Sans Mono', 'Liberation Mono', monospace";
const ADVANCE = 0.602;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** The texts as one SVG the size of the frame (sharp renders it with librsvg and the system fonts). */
export function textOverlay(width: number, height: number, texts: readonly SceneText[]): string {
  const parts = texts.map((t) => {
    const textWidth = t.text.length * ADVANCE * t.size;
    const left = t.anchor === 'end' ? t.x - textWidth : t.anchor === 'middle' ? t.x - textWidth / 2 : t.x;
    const band = t.band
      ? `<rect x="${left - 4}" y="${t.y - t.size}" width="${textWidth + 8}" height="${t.size * 1.35}" fill="#000" fill-opacity="0.55"/>`
      : '';
    return `${band}<text x="${t.x}" y="${t.y}" font-family="${FONT}" font-size="${t.size}" fill="${t.color}" text-anchor="${t.anchor ?? 'start'}">${escapeXml(t.text)}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`;
}

/**
 * A frame as PNG: the drawn RGB pixels with the texts laid over them, encoded by sharp (libvips)
 * on its own threads, so frames of a backfill encode in parallel off the event loop.
 */
export function encodeFrame(
  width: number,
  height: number,
  rgb: Uint8Array | Uint8ClampedArray,
  texts: readonly SceneText[],
): Promise<Buffer> {
  if (rgb.length !== width * height * 3) throw new RangeError('pixel buffer does not match the size');
  const image = sharp(Buffer.from(rgb.buffer, rgb.byteOffset, rgb.byteLength), {
    raw: { width, height, channels: 3 },
  });
  const overlaid =
    texts.length === 0 ? image : image.composite([{ input: Buffer.from(textOverlay(width, height, texts)) }]);
  return overlaid.png({ compressionLevel: 6 }).toBuffer();
}

/** What an image file is, by its content: JPEG or PNG and its size; null for anything else. */
export async function imageInfo(
  data: Buffer,
): Promise<{ format: 'jpeg' | 'png'; width: number; height: number } | null> {
  try {
    const meta = await sharp(data, { failOn: 'error' }).metadata();
    if ((meta.format !== 'jpeg' && meta.format !== 'png') || !meta.width || !meta.height) return null;
    return { format: meta.format, width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

/** The RGB pixels of an image (for checks of what a frame shows). */
export async function decodeRgb(data: Buffer): Promise<{ width: number; height: number; data: Buffer }> {
  const { data: pixels, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: pixels };
}
