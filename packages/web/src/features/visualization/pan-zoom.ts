/** A view box: the part of the image's own coordinates that is shown. */
export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How far in an image may be zoomed (relative to the whole image) and out. */
export const MIN_SCALE = 0.5;
export const MAX_SCALE = 12;

/**
 * The view after zooming by `factor` (> 1 zooms in) around a point given as a share of the view
 * (0..1 across, 0..1 down), so the point under the pointer stays where it is. Clamped so the
 * image is shown between MIN_SCALE and MAX_SCALE of its full size.
 */
export function zoomAt(view: ViewBox, full: ViewBox, factor: number, fx: number, fy: number): ViewBox {
  const scale = full.width / (view.width / factor);
  const clamped = Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
  const width = full.width / clamped;
  const height = (view.height / view.width) * width;
  const px = view.x + fx * view.width;
  const py = view.y + fy * view.height;
  return { x: px - fx * width, y: py - fy * height, width, height };
}

/** The view moved by a drag of (dx, dy) screen pixels on an element of the given pixel width. */
export function panBy(
  view: ViewBox,
  dx: number,
  dy: number,
  pixelWidth: number,
  pixelHeight: number,
): ViewBox {
  // With "meet" the shown box is scaled by the smaller of the two ratios.
  const unit = Math.max(view.width / pixelWidth, view.height / pixelHeight);
  return { ...view, x: view.x - dx * unit, y: view.y - dy * unit };
}

export function readViewBox(svg: SVGSVGElement): ViewBox {
  const parts = (svg.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number);
  if (parts.length === 4 && parts.every(Number.isFinite) && (parts[2] ?? 0) > 0 && (parts[3] ?? 0) > 0) {
    const [x, y, width, height] = parts as [number, number, number, number];
    return { x, y, width, height };
  }
  const width = Number(svg.getAttribute('width')) || 1280;
  const height = Number(svg.getAttribute('height')) || 720;
  return { x: 0, y: 0, width, height };
}

const write = (svg: SVGSVGElement, v: ViewBox) =>
  svg.setAttribute('viewBox', `${v.x} ${v.y} ${v.width} ${v.height}`);

export interface PanZoom {
  fit(): void;
  zoom(factor: number): void;
  /** True right after a drag, so the click that ends it does not trigger an action. */
  dragged(): boolean;
  dispose(): void;
}

/**
 * Pan and zoom on an inline SVG by its viewBox (wheel, drag with mouse or one finger, pinch with
 * two): the browser redraws the vector image sharp at every scale, and nothing re-renders React.
 */
export function attachPanZoom(svg: SVGSVGElement): PanZoom {
  const full = readViewBox(svg);
  let view = { ...full };
  const pointers = new Map<number, { x: number; y: number }>();
  let moved = false;
  let lastPinch: number | null = null;
  const set = (v: ViewBox) => {
    view = v;
    write(svg, v);
  };
  const share = (clientX: number, clientY: number) => {
    const r = svg.getBoundingClientRect();
    return {
      fx: r.width ? (clientX - r.left) / r.width : 0.5,
      fy: r.height ? (clientY - r.top) / r.height : 0.5,
    };
  };
  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const { fx, fy } = share(e.clientX, e.clientY);
    set(zoomAt(view, full, Math.exp(-e.deltaY * 0.0015), fx, fy));
  };
  const onDown = (e: PointerEvent) => {
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    moved = false;
    lastPinch = null;
  };
  const onMove = (e: PointerEvent) => {
    const last = pointers.get(e.pointerId);
    if (!last) return;
    const now = { x: e.clientX, y: e.clientY };
    pointers.set(e.pointerId, now);
    const r = svg.getBoundingClientRect();
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (lastPinch !== null && lastPinch > 0) {
        const { fx, fy } = share((a.x + b.x) / 2, (a.y + b.y) / 2);
        set(zoomAt(view, full, distance / lastPinch, fx, fy));
      }
      lastPinch = distance;
      moved = true;
      return;
    }
    const dx = now.x - last.x;
    const dy = now.y - last.y;
    if (!moved && Math.hypot(dx, dy) < 3) {
      pointers.set(e.pointerId, last);
      return;
    }
    if (!moved) svg.setPointerCapture?.(e.pointerId);
    moved = true;
    set(panBy(view, dx, dy, r.width || 1, r.height || 1));
  };
  const onUp = (e: PointerEvent) => {
    pointers.delete(e.pointerId);
    lastPinch = null;
  };
  svg.addEventListener('wheel', onWheel, { passive: false });
  svg.addEventListener('pointerdown', onDown);
  svg.addEventListener('pointermove', onMove);
  svg.addEventListener('pointerup', onUp);
  svg.addEventListener('pointercancel', onUp);
  return {
    fit: () => set({ ...full }),
    zoom: (factor) => set(zoomAt(view, full, factor, 0.5, 0.5)),
    dragged: () => moved,
    dispose() {
      svg.removeEventListener('wheel', onWheel);
      svg.removeEventListener('pointerdown', onDown);
      svg.removeEventListener('pointermove', onMove);
      svg.removeEventListener('pointerup', onUp);
      svg.removeEventListener('pointercancel', onUp);
    },
  };
}
