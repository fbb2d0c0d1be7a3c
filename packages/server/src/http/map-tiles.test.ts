import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MapTileLayers } from '@leitwarte/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { openMapTiles } from '../plant/map-tiles/map-tiles.js';
import { tilePng, writeMbtiles, writePmtiles, type TestTile } from '../test-support/map-tile-files.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { loginAsNewUser } from '../test-support/users.js';

const TILES: TestTile[] = [
  { z: 0, x: 0, y: 0, rgb: [10, 20, 30] },
  { z: 1, x: 0, y: 1, rgb: [200, 0, 0] },
  { z: 1, x: 1, y: 0, rgb: [0, 200, 0] },
  { z: 3, x: 5, y: 2, rgb: [0, 0, 200] },
];

/** The colour of a served tile's first pixel. */
async function colourOf(png: Buffer): Promise<number[]> {
  const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
}

describe('map tiles of the dashboard maps', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'map-tiles-'));
  const mbtiles = path.join(dir, 'roads.mbtiles');
  const pmtiles = path.join(dir, 'aerial.pmtiles');
  let server: TestServer;
  let viewer: LoggedIn;

  const get = (who: LoggedIn | null, url: string) =>
    fetch(`${server.url}${url}`, { headers: who ? { cookie: who.cookie } : {} });

  beforeAll(async () => {
    await writeMbtiles(mbtiles, TILES);
    await writePmtiles(pmtiles, TILES);
    const config = loadConfig(
      {
        LEITWARTE_MAP_TILES: `Roadmap=roads.mbtiles; satellite=${pmtiles}; Terrain=https://tiles.example.org/{z}/{x}/{y}.png?layers=a,b`,
      },
      dir,
    );
    server = await startTestServer({ config: { mapTiles: config.mapTiles } });
    viewer = await loginAsNewUser(server, 'karten.leser', 'viewer');
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names every configured map type with its tile URL template and zoom levels', async () => {
    const reply = await get(viewer, '/api/dashboard/map-tiles');
    expect(reply.status).toBe(200);
    expect(((await reply.json()) as MapTileLayers).layers).toEqual([
      { mapType: 'Roadmap', url: '/api/dashboard/map-tiles/Roadmap/{z}/{x}/{y}', minZoom: 0, maxZoom: 3 },
      { mapType: 'Satellite', url: '/api/dashboard/map-tiles/Satellite/{z}/{x}/{y}', minZoom: 0, maxZoom: 3 },
      {
        mapType: 'Terrain',
        url: 'https://tiles.example.org/{z}/{x}/{y}.png?layers=a,b',
        minZoom: 0,
        maxZoom: 22,
      },
    ]);
    // The browser may load the URL source's images, and only those besides its own.
    expect(reply.headers.get('content-security-policy')).toContain(
      "img-src 'self' data: blob: https://tiles.example.org;",
    );
  });

  it.each([
    ['Roadmap', 'an MBTiles file'],
    ['Satellite', 'a PMTiles file'],
  ])('serves the %s tiles of %s with caching headers, each where it belongs', async (mapType) => {
    for (const tile of TILES) {
      const reply = await get(viewer, `/api/dashboard/map-tiles/${mapType}/${tile.z}/${tile.x}/${tile.y}`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('image/png');
      expect(reply.headers.get('cache-control')).toBe('private, max-age=86400');
      const body = Buffer.from(await reply.arrayBuffer());
      expect(body.equals(await tilePng(tile.rgb))).toBe(true);
      expect(await colourOf(body)).toEqual(tile.rgb);
    }
    // A tile the file does not have, and one outside the zoom level's grid.
    expect((await get(viewer, `/api/dashboard/map-tiles/${mapType}/1/1/1`)).status).toBe(404);
    expect((await get(viewer, `/api/dashboard/map-tiles/${mapType}/1/2/0`)).status).toBe(404);
  });

  it('refuses without a session, bad addresses, and map types it does not serve', async () => {
    expect((await get(null, '/api/dashboard/map-tiles')).status).toBe(401);
    expect((await get(null, '/api/dashboard/map-tiles/Roadmap/0/0/0')).status).toBe(401);
    expect((await get(viewer, '/api/dashboard/map-tiles/Roadmap/x/0/0')).status).toBe(400);
    expect((await get(viewer, '/api/dashboard/map-tiles/Roadmap/0/-1/0')).status).toBe(400);
    expect((await get(viewer, '/api/dashboard/map-tiles/Street/0/0/0')).status).toBe(400);
    // The two map types without tiles of their own have no tile route.
    expect((await get(viewer, '/api/dashboard/map-tiles/None/0/0/0')).status).toBe(400);
    expect((await get(viewer, '/api/dashboard/map-tiles/Unspecified/0/0/0')).status).toBe(400);
    // Terrain comes from its URL; Hybrid has no tiles at all.
    expect((await get(viewer, '/api/dashboard/map-tiles/Terrain/0/0/0')).status).toBe(404);
    expect((await get(viewer, '/api/dashboard/map-tiles/Hybrid/0/0/0')).status).toBe(404);
  });

  it('says which entry of LEITWARTE_MAP_TILES is wrong, and why', () => {
    const bad = (value: string) => () => loadConfig({ LEITWARTE_MAP_TILES: value }, dir);
    expect(bad('Street=https://t.example.org/{z}/{x}/{y}.png')).toThrow(ConfigError);
    expect(bad('Street=https://t.example.org/{z}/{x}/{y}.png')).toThrow(/does not start with a map type/);
    expect(bad('Roadmap=https://t.example.org/{z}/{x}.png')).toThrow(/lacks \{y\}/);
    expect(bad('Roadmap=missing.mbtiles')).toThrow(/there is no file/);
    expect(bad('Roadmap=roads.tar')).toThrow(/neither an http\(s\) URL template nor/);
    expect(bad('Roadmap=roads.mbtiles; roadmap=aerial.pmtiles')).toThrow(/Roadmap is given twice/);
    // None is the map without a base map; Unspecified is shown as Roadmap and takes its tiles.
    expect(bad('None=https://t.example.org/{z}/{x}/{y}.png')).toThrow(/None is the map without tiles/);
    expect(bad('unspecified=roads.mbtiles')).toThrow(/shown as Roadmap and take its tiles/);
    expect(loadConfig({}, dir).mapTiles).toEqual([]);
  });

  it('does not start on a tile file without raster tiles', async () => {
    const vector = path.join(dir, 'vector.mbtiles');
    await writeMbtiles(vector, TILES);
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(vector);
    db.prepare("UPDATE metadata SET value = 'pbf' WHERE name = 'format'").run();
    db.close();
    const junk = path.join(dir, 'junk.pmtiles');
    writeFileSync(junk, 'no archive');
    const opening = (file: string) =>
      openMapTiles(loadConfig({ LEITWARTE_MAP_TILES: `Hybrid=${file}` }, dir).mapTiles);
    await expect(opening(vector)).rejects.toThrow(/holds pbf tiles; only raster tiles/);
    await expect(opening(junk)).rejects.toThrow(/Wrong magic number/);
  });
});
