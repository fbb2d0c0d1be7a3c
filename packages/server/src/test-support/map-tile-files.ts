import { writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { zxyToTileId } from 'pmtiles';
import sharp from 'sharp';

/** A tile to write: where it is and the colour it is filled with (so a test can tell tiles apart). */
export interface TestTile {
  z: number;
  x: number;
  y: number;
  rgb: [number, number, number];
}

/** A 256 px PNG tile filled with one colour. */
export function tilePng([r, g, b]: [number, number, number]): Promise<Buffer> {
  return sharp({ create: { width: 256, height: 256, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

/** Writes an MBTiles file (SQLite, rows counted from the south as the format has them). */
export async function writeMbtiles(file: string, tiles: readonly TestTile[]): Promise<void> {
  const pngs = await Promise.all(tiles.map((t) => tilePng(t.rgb)));
  const db = new Database(file);
  try {
    db.exec(`CREATE TABLE metadata (name TEXT, value TEXT);
      CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
      CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row);`);
    const meta = db.prepare('INSERT INTO metadata (name, value) VALUES (?, ?)');
    for (const [name, value] of [
      ['name', 'test'],
      ['format', 'png'],
      ['type', 'baselayer'],
    ])
      meta.run(name, value);
    const insert = db.prepare('INSERT INTO tiles VALUES (?, ?, ?, ?)');
    tiles.forEach((t, i) => insert.run(t.z, t.x, 2 ** t.z - 1 - t.y, pngs[i]));
  } finally {
    db.close();
  }
}

function varints(values: readonly number[]): number[] {
  const bytes: number[] = [];
  for (let value of values) {
    while (value >= 0x80) {
      bytes.push((value % 0x80) | 0x80);
      value = Math.floor(value / 0x80);
    }
    bytes.push(value);
  }
  return bytes;
}

/**
 * Writes a PMTiles (version 3) archive of PNG tiles: header, an uncompressed root directory,
 * JSON metadata and the tile data, laid out as the format's specification describes. The
 * pmtiles library reads archives only, so tests make theirs here; the server reads them with
 * the library.
 */
export async function writePmtiles(file: string, tiles: readonly TestTile[]): Promise<void> {
  const entries = await Promise.all(
    tiles.map(async (t) => ({ id: zxyToTileId(t.z, t.x, t.y), data: await tilePng(t.rgb) })),
  );
  entries.sort((a, b) => a.id - b.id);
  let offset = 0;
  const placed = entries.map((e) => {
    const at = offset;
    offset += e.data.length;
    return { ...e, offset: at };
  });
  const directory = Buffer.from([
    ...varints([placed.length]),
    ...varints(placed.map((e, i) => e.id - (i > 0 ? placed[i - 1]!.id : 0))),
    ...varints(placed.map(() => 1)),
    ...varints(placed.map((e) => e.data.length)),
    // Offsets are stored plus one; 0 means "right after the previous tile".
    ...varints(placed.map((e, i) => (i > 0 ? 0 : e.offset + 1))),
  ]);
  const metadata = Buffer.from(JSON.stringify({ name: 'test' }));
  const data = Buffer.concat(placed.map((e) => e.data));
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const rootAt = 127;
  const metaAt = rootAt + directory.length;
  const leafAt = metaAt + metadata.length;
  const dataAt = leafAt;
  const u64 = (value: number, at: number) => header.writeBigUInt64LE(BigInt(value), at);
  u64(rootAt, 8);
  u64(directory.length, 16);
  u64(metaAt, 24);
  u64(metadata.length, 32);
  u64(leafAt, 40);
  u64(0, 48);
  u64(dataAt, 56);
  u64(data.length, 64);
  u64(placed.length, 72);
  u64(placed.length, 80);
  u64(placed.length, 88);
  header.writeUInt8(1, 96); // clustered: tiles in id order
  header.writeUInt8(1, 97); // internal compression: none
  header.writeUInt8(1, 98); // tile compression: none
  header.writeUInt8(2, 99); // tile type: PNG
  const zooms = tiles.map((t) => t.z);
  header.writeUInt8(Math.min(...zooms), 100);
  header.writeUInt8(Math.max(...zooms), 101);
  header.writeInt32LE(-180e7, 102);
  header.writeInt32LE(-85e7, 106);
  header.writeInt32LE(180e7, 110);
  header.writeInt32LE(85e7, 114);
  header.writeUInt8(Math.min(...zooms), 118);
  writeFileSync(file, Buffer.concat([header, directory, metadata, data]));
}
