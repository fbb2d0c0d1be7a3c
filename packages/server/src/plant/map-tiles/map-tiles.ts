import { existsSync, statSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { MAP_TYPES, TILED_MAP_TYPES, type MapTileLayer, type TiledMapType } from '@leitwarte/core';
import Database from 'better-sqlite3';
import { PMTiles, TileType, type RangeResponse, type Source } from 'pmtiles';

/** Where the tiles of one map type come from (LEITWARTE_MAP_TILES). */
export type MapTileSource =
  | { mapType: TiledMapType; kind: 'url'; template: string }
  | { mapType: TiledMapType; kind: 'mbtiles' | 'pmtiles'; file: string };

export interface Tile {
  data: Buffer;
  contentType: string;
}

/** Tile sources by map type, and the tiles of those the server serves from a local file. */
export interface MapTiles {
  layers: MapTileLayer[];
  /** A tile of a file-served map type; null when the file has none there. */
  tile(mapType: TiledMapType, z: number, x: number, y: number): Promise<Tile | null>;
  close(): Promise<void>;
}

const TEMPLATE_PARTS = ['{z}', '{x}', '{y}'];
/** Zoom levels of a web map; a URL source is assumed to have them all. */
const ZOOM_MIN = 0;
const ZOOM_MAX = 22;

/**
 * Parses LEITWARTE_MAP_TILES: `MapType=source` entries separated by semicolons (URL templates
 * may hold commas in their query), the source an http(s) tile URL template with {z}, {x} and {y},
 * or the path of a local .mbtiles or .pmtiles file (relative to the working directory). Throws
 * an Error whose message says what is wrong with which entry.
 */
export function parseMapTiles(raw: string | null, cwd: string): MapTileSource[] {
  if (raw === null) return [];
  const sources: MapTileSource[] = [];
  for (const entry of raw.split(';').map((e) => e.trim())) {
    if (entry === '') continue;
    const at = entry.indexOf('=');
    const name = at < 0 ? '' : entry.slice(0, at).trim();
    const value = at < 0 ? '' : entry.slice(at + 1).trim();
    const known = MAP_TYPES.find((t) => t.toLowerCase() === name.toLowerCase());
    // None is the map without a base map, Unspecified is shown as Roadmap: neither takes tiles.
    if (known === 'None' || known === 'Unspecified')
      throw new Error(
        known === 'None'
          ? `"${entry}": None is the map without tiles (the schematic plan); give tiles for ${TILED_MAP_TYPES.join(', ')}`
          : `"${entry}": Unspecified maps are shown as Roadmap and take its tiles; give them as Roadmap=`,
      );
    const mapType = TILED_MAP_TYPES.find((t) => t === known);
    if (!mapType)
      throw new Error(`"${entry}" does not start with a map type (${TILED_MAP_TYPES.join(', ')}) and "="`);
    if (sources.some((s) => s.mapType === mapType)) throw new Error(`${mapType} is given twice`);
    if (/^https?:\/\//i.test(value)) {
      if (!URL.canParse(value.replace(/[{}]/g, '')))
        throw new Error(`${mapType}: "${value}" is not a valid URL`);
      const missing = TEMPLATE_PARTS.filter((p) => !value.includes(p));
      if (missing.length > 0) throw new Error(`${mapType}: the URL template lacks ${missing.join(', ')}`);
      sources.push({ mapType, kind: 'url', template: value });
      continue;
    }
    const kind = /\.mbtiles$/i.test(value) ? 'mbtiles' : /\.pmtiles$/i.test(value) ? 'pmtiles' : null;
    if (kind === null)
      throw new Error(
        `${mapType}: "${value}" is neither an http(s) URL template nor a .mbtiles or .pmtiles file`,
      );
    const file = path.resolve(cwd, value);
    if (!existsSync(file) || !statSync(file).isFile())
      throw new Error(`${mapType}: there is no file ${file}`);
    sources.push({ mapType, kind, file });
  }
  return sources;
}

/** The origin of a URL template, for the CSP's img-src. */
export function tileOrigins(sources: readonly MapTileSource[]): string[] {
  return [
    ...new Set(
      sources.flatMap((s) => (s.kind === 'url' ? [new URL(s.template.replace(/\{s\}/g, 'a')).origin] : [])),
    ),
  ];
}

const RASTER_TYPES: Partial<Record<TileType, string>> = {
  [TileType.Png]: 'image/png',
  [TileType.Jpeg]: 'image/jpeg',
  [TileType.Webp]: 'image/webp',
  [TileType.Avif]: 'image/avif',
};
const MBTILES_FORMATS: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** A PMTiles archive read from a local file by byte ranges (the library's Source). */
class LocalFileSource implements Source {
  constructor(
    private readonly file: string,
    private readonly handle: FileHandle,
  ) {}
  getKey(): string {
    return this.file;
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.handle.read(buffer, 0, length, offset);
    const data = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + bytesRead);
    return { data: data as ArrayBuffer };
  }
}

interface FileTiles {
  layer: Omit<MapTileLayer, 'mapType' | 'url'>;
  tile(z: number, x: number, y: number): Promise<Tile | null>;
  close(): Promise<void>;
}

/**
 * An MBTiles file (an SQLite database of tiles; rows count from the south, TMS), opened read-only
 * with the store's SQLite driver.
 */
function openMbtiles(source: { mapType: TiledMapType; file: string }): FileTiles {
  const db = new Database(source.file, { readonly: true, fileMustExist: true });
  try {
    const metadata = new Map(
      (db.prepare('SELECT name, value FROM metadata').all() as { name: string; value: string }[]).map((r) => [
        r.name,
        r.value,
      ]),
    );
    const format = (metadata.get('format') ?? 'png').toLowerCase();
    const contentType = MBTILES_FORMATS[format];
    if (!contentType)
      throw new Error(
        `${source.mapType}: ${source.file} holds ${format} tiles; only raster tiles (png, jpg, webp) can be shown`,
      );
    const zooms = db.prepare('SELECT MIN(zoom_level) AS min, MAX(zoom_level) AS max FROM tiles').get() as {
      min: number | null;
      max: number | null;
    };
    const read = db.prepare(
      'SELECT tile_data AS data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?',
    );
    return {
      layer: { minZoom: zooms.min ?? ZOOM_MIN, maxZoom: zooms.max ?? ZOOM_MIN },
      tile: async (z, x, y) => {
        const row = read.get(z, x, 2 ** z - 1 - y) as { data: Buffer } | undefined;
        return row ? { data: row.data, contentType } : null;
      },
      close: async () => {
        db.close();
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}

/** A PMTiles archive, read with the maintained pmtiles library from a local file. */
async function openPmtiles(source: { mapType: TiledMapType; file: string }): Promise<FileTiles> {
  const handle = await open(source.file, 'r');
  try {
    const archive = new PMTiles(new LocalFileSource(source.file, handle));
    const header = await archive.getHeader();
    const contentType = RASTER_TYPES[header.tileType];
    if (!contentType)
      throw new Error(`${source.mapType}: ${source.file} holds no raster tiles (png, jpg, webp, avif)`);
    return {
      layer: { minZoom: header.minZoom, maxZoom: header.maxZoom },
      tile: async (z, x, y) => {
        const found = await archive.getZxy(z, x, y);
        return found ? { data: Buffer.from(found.data), contentType } : null;
      },
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Opens the configured tile files (a bad file stops the start with its reason). */
export async function openMapTiles(sources: readonly MapTileSource[]): Promise<MapTiles> {
  const files = new Map<TiledMapType, FileTiles>();
  const layers: MapTileLayer[] = [];
  try {
    for (const source of sources) {
      if (source.kind === 'url') {
        layers.push({ mapType: source.mapType, url: source.template, minZoom: ZOOM_MIN, maxZoom: ZOOM_MAX });
        continue;
      }
      const tiles = source.kind === 'mbtiles' ? openMbtiles(source) : await openPmtiles(source);
      files.set(source.mapType, tiles);
      layers.push({
        mapType: source.mapType,
        url: `/api/dashboard/map-tiles/${source.mapType}/{z}/{x}/{y}`,
        ...tiles.layer,
      });
    }
  } catch (error) {
    await Promise.all([...files.values()].map((f) => f.close()));
    throw error;
  }
  return {
    layers,
    tile: async (mapType, z, x, y) => {
      const tiles = files.get(mapType);
      if (!tiles || x >= 2 ** z || y >= 2 ** z) return null;
      return tiles.tile(z, x, y);
    },
    close: async () => {
      await Promise.all([...files.values()].map((f) => f.close()));
    },
  };
}
