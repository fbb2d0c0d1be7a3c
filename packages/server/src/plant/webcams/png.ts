import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  // The CRC covers the type and the data, not the length.
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Applies the Sub filter to every row (PNG filter type 1). */
function filterRows(width: number, height: number, rgb: Uint8Array | Uint8ClampedArray): Buffer {
  if (rgb.length !== width * height * 3) throw new RangeError('pixel buffer does not match the size');
  const stride = width * 3;
  const filtered = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const src = y * stride;
    const dst = y * (stride + 1);
    filtered[dst] = 1;
    for (let i = 0; i < stride; i++) {
      const left = i >= 3 ? (rgb[src + i - 3] ?? 0) : 0;
      filtered[dst + 1 + i] = ((rgb[src + i] ?? 0) - left) & 0xff;
    }
  }
  return filtered;
}

function assemble(width: number, height: number, idat: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Encodes 8-bit RGB pixels (row-major, 3 bytes a pixel) as a PNG. Every row uses the Sub filter:
 * camera scenes are mostly horizontal runs, which Sub turns into zeros that deflate well.
 */
export function encodePng(
  width: number,
  height: number,
  rgb: Uint8Array | Uint8ClampedArray,
  level = 6,
): Buffer {
  return assemble(width, height, deflateSync(filterRows(width, height, rgb), { level }));
}

/** Width and height of a PNG, or null when the bytes are no PNG. */
export function pngSize(data: Buffer): { width: number; height: number } | null {
  if (
    data.length < 24 ||
    !data.subarray(0, 8).equals(SIGNATURE) ||
    data.toString('latin1', 12, 16) !== 'IHDR'
  )
    return null;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}
