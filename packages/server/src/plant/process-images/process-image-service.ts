import fs from 'node:fs';
import path from 'node:path';
import { parsePvKey } from '@leitwarte/core';
import { PlantDefinitionError } from '../definition-error.js';
import type { Plant } from '../plant.js';
import { checkImage, type ImageProblem } from './image-check.js';

/** Names of process images: lower-case words joined by '-', as the stations' `processImage` says. */
const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Attributes that bind an element to one PV ("Type-nr") or to several (space-separated). */
const SINGLE_BINDINGS = /\bdata-(?:pv|pv-fill|pv-state|pv-fault|pv-enable|pv-group|pv-limit|id)="([^"]*)"/g;
const MULTI_BINDINGS = /\bdata-pvs="([^"]*)"/g;

/** A process image as listed: its name, title, station and the PVs it shows live. */
export interface ProcessImageInfo {
  name: string;
  title: string;
  stationNumber: number | null;
  pvs: string[];
}

export interface ProcessImageService {
  /** Every process image (GET /api/visualization/processImages), sorted by name. */
  list(): ProcessImageInfo[];
  /** One image's SVG by name; undefined for any name that is not one of the listed images. */
  read(name: string): { content: string; contentType: 'image/svg+xml' } | undefined;
  /** Bound PVs that the plant does not know, per image (empty when all are known). */
  unknownPvs(plant: Plant): { name: string; pvs: string[] }[];
  /** Every unknown attribute or PV of every image, by image and element. */
  problems(plant: Plant): ImageProblem[];
  /** The definition check at start: throws naming the file and element of the first problem. */
  check(plant: Plant): void;
}

export interface ProcessImageServiceDeps {
  /** Folder of `<name>.svg` files (for the demo `plants/demo/process-images`). */
  directory: string;
}

function describe(name: string, content: string): ProcessImageInfo {
  const title = /<title>([^<]*)<\/title>/.exec(content)?.[1]?.trim() ?? name;
  const station = /<svg\b[^>]*\bdata-station="(\d+)"/.exec(content)?.[1];
  const pvs = new Set<string>();
  for (const m of content.matchAll(SINGLE_BINDINGS)) if (m[1] && parsePvKey(m[1])) pvs.add(m[1]);
  for (const m of content.matchAll(MULTI_BINDINGS))
    for (const key of (m[1] ?? '').split(/\s+/)) if (parsePvKey(key)) pvs.add(key);
  return { name, title, stationNumber: station === undefined ? null : Number(station), pvs: [...pvs].sort() };
}

/**
 * Process images from a folder, read once at start (they belong to the plant definition). Only
 * `<name>.svg` files with a valid name and SVG content are taken; reading serves from memory,
 * so no request ever touches a path built from its input.
 */
export function createProcessImageService({ directory }: ProcessImageServiceDeps): ProcessImageService {
  const images = new Map<string, { info: ProcessImageInfo; content: string }>();
  const files = fs.existsSync(directory) ? fs.readdirSync(directory).sort() : [];
  for (const file of files) {
    if (!file.endsWith('.svg')) continue;
    const name = file.slice(0, -4);
    if (!NAME.test(name)) continue;
    const content = fs.readFileSync(path.join(directory, file), 'utf8');
    if (!/^\s*(<\?xml[^>]*>\s*)?<svg\b/.test(content)) continue;
    images.set(name, { info: describe(name, content), content });
  }
  const problems = (plant: Plant) =>
    [...images.values()].flatMap(({ info, content }) =>
      checkImage(info.name, content, (key) => plant.config(key) !== undefined, {
        station: (nr) => plant.station(nr) !== undefined,
        image: (other) => images.has(other),
      }),
    );
  return {
    list: () => [...images.values()].map((i) => i.info),
    read(name) {
      const image = typeof name === 'string' && NAME.test(name) ? images.get(name) : undefined;
      return image && { content: image.content, contentType: 'image/svg+xml' };
    },
    unknownPvs: (plant) =>
      [...images.values()]
        .map(({ info }) => ({ name: info.name, pvs: info.pvs.filter((key) => !plant.config(key)) }))
        .filter((entry) => entry.pvs.length > 0),
    problems,
    check(plant) {
      const [first, ...rest] = problems(plant);
      if (!first) return;
      const more = rest.length > 0 ? ` (and ${rest.length} more)` : '';
      throw new PlantDefinitionError(
        first.element,
        `${first.problem}${more}`,
        path.join(directory, `${first.image}.svg`),
      );
    },
  };
}
