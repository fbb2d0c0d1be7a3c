/** An RGB colour, channels 0–255. */
export type Rgb = readonly [number, number, number];

/** Linear mix of two colours; t = 0 gives a, 1 gives b. */
export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  const k = Math.min(1, Math.max(0, t));
  return [a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k, a[2] + (b[2] - a[2]) * k];
}

/** A small software canvas: filled shapes on an RGB pixel buffer, nothing anti-aliased. */
export class Raster {
  readonly data: Uint8ClampedArray;
  /** Pixels drawn since beginGround(): what daylight darkens (the sky has its own colours). */
  private readonly ground: Uint8Array;
  private marking = false;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8ClampedArray(width * height * 3);
    this.ground = new Uint8Array(width * height);
  }

  /** From now on drawn pixels belong to the lit scene (see light()). */
  beginGround(): void {
    this.marking = true;
  }

  /** Stops marking pixels: lamps, glows and labels drawn after light() keep their colours. */
  endGround(): void {
    this.marking = false;
  }

  /** Blends a colour into one pixel with opacity alpha (0–1); outside the canvas nothing happens. */
  plot(x: number, y: number, c: Rgb, alpha = 1): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const p = y * this.width + x;
    if (this.marking) this.ground[p] = 1;
    const i = p * 3;
    const d = this.data;
    const r0 = d[i] ?? 0;
    const g0 = d[i + 1] ?? 0;
    const b0 = d[i + 2] ?? 0;
    d[i] = r0 + (c[0] - r0) * alpha;
    d[i + 1] = g0 + (c[1] - g0) * alpha;
    d[i + 2] = b0 + (c[2] - b0) * alpha;
  }

  /** Fills [x0, x1) × [y0, y1), clipped. */
  rect(x0: number, y0: number, x1: number, y1: number, c: Rgb, alpha = 1): void {
    const xa = Math.max(0, Math.round(x0));
    const xb = Math.min(this.width, Math.round(x1));
    const ya = Math.max(0, Math.round(y0));
    const yb = Math.min(this.height, Math.round(y1));
    if (alpha < 1) {
      for (let y = ya; y < yb; y++) for (let x = xa; x < xb; x++) this.plot(x, y, c, alpha);
      return;
    }
    for (let y = ya; y < yb; y++) {
      if (this.marking && xb > xa) this.ground.fill(1, y * this.width + xa, y * this.width + xb);
      for (let i = (y * this.width + xa) * 3, end = (y * this.width + xb) * 3; i < end; i += 3) {
        this.data[i] = c[0];
        this.data[i + 1] = c[1];
        this.data[i + 2] = c[2];
      }
    }
  }

  /** Rows y0..y1 in a vertical gradient from top to bottom colour, full width. */
  gradient(y0: number, y1: number, top: Rgb, bottom: Rgb): void {
    for (let y = Math.max(0, y0); y < Math.min(this.height, y1); y++) {
      this.rect(0, y, this.width, y + 1, mix(top, bottom, (y - y0) / Math.max(1, y1 - y0 - 1)));
    }
  }

  /** Fills a polygon (even-odd rule) by scanlines through pixel centres. */
  polygon(points: readonly (readonly [number, number])[], c: Rgb, alpha = 1): void {
    const ys = points.map((p) => p[1]);
    const ya = Math.max(0, Math.floor(Math.min(...ys)));
    const yb = Math.min(this.height - 1, Math.ceil(Math.max(...ys)));
    for (let y = ya; y <= yb; y++) {
      const cy = y + 0.5;
      const xs: number[] = [];
      for (let i = 0; i < points.length; i++) {
        const [x1, y1] = points[i] ?? [0, 0];
        const [x2, y2] = points[(i + 1) % points.length] ?? [0, 0];
        if (y1 <= cy !== y2 <= cy) xs.push(x1 + ((cy - y1) / (y2 - y1)) * (x2 - x1));
      }
      xs.sort((a, b) => a - b);
      for (let i = 0; i + 1 < xs.length; i += 2) {
        this.rect(Math.round(xs[i] ?? 0), y, Math.round(xs[i + 1] ?? 0), y + 1, c, alpha);
      }
    }
  }

  /** A filled disc; with `soft` the edge fades out (for lamp glow). */
  disc(cx: number, cy: number, r: number, c: Rgb, alpha = 1, soft = false): void {
    for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++) {
      for (let x = Math.floor(cx - r); x <= Math.ceil(cx + r); x++) {
        const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy) / r;
        if (d <= 1) this.plot(x, y, c, soft ? alpha * (1 - d) * (1 - d) : alpha);
      }
    }
  }

  /** A straight line of the given width (for rain streaks, railings, pipes). */
  line(x0: number, y0: number, x1: number, y1: number, c: Rgb, width = 1, alpha = 1): void {
    const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0)));
    const half = width / 2;
    for (let s = 0; s <= steps; s++) {
      const x = x0 + ((x1 - x0) * s) / steps;
      const y = y0 + ((y1 - y0) * s) / steps;
      this.rect(x - half, y - half, x + half, y + half, c, alpha);
    }
  }

  /**
   * Darkens the scene's pixels to the daylight `level` (1 = unchanged), tinted towards `tint`.
   * A lamp lights its surroundings: near it the light falls off from `strength` to the daylight.
   */
  light(level: number, tint: Rgb, lamp?: { x: number; y: number; radius: number; strength: number }): void {
    if (level >= 1) return;
    const d = this.data;
    const [kr, kg, kb] = tint.map((channel) => 0.6 + 0.4 * (channel / 255)) as [number, number, number];
    for (let y = 0; y < this.height; y++) {
      const dy = lamp ? (y - lamp.y) / lamp.radius : 2;
      for (let x = 0, p = y * this.width; x < this.width; x++, p++) {
        if (this.ground[p] === 0) continue;
        let l = level;
        if (lamp && dy < 1 && dy > -1) {
          const dx = (x - lamp.x) / lamp.radius;
          const dist = Math.sqrt(dx * dx + dy * dy);
          if (dist < 1) l = Math.max(l, lamp.strength * (1 - dist) * (1 - dist));
        }
        const i = p * 3;
        const r0 = d[i] ?? 0;
        const g0 = d[i + 1] ?? 0;
        const b0 = d[i + 2] ?? 0;
        d[i] = r0 * l * kr;
        d[i + 1] = g0 * l * kg;
        d[i + 2] = b0 * l * kb;
      }
    }
  }
}
