import uPlot from 'uplot';

/** A limit line ready to draw: value on the scale of its series, its colour and text. */
export interface DrawnLimitLine {
  scaleKey: string;
  value: number;
  color: string;
  text: string;
}

/**
 * Draws limit lines as dashed horizontal lines across the plot with their text at the right
 * end, just above the line. Lines outside the visible value range are left out.
 */
export function drawLimitLines(u: uPlot, lines: readonly DrawnLimitLine[]): void {
  if (lines.length === 0) return;
  const { ctx, bbox } = u;
  const ratio = uPlot.pxRatio || 1;
  ctx.save();
  ctx.beginPath();
  ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
  ctx.clip();
  ctx.lineWidth = ratio;
  ctx.setLineDash([6 * ratio, 4 * ratio]);
  ctx.font = `${11 * ratio}px system-ui, sans-serif`;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'bottom';
  for (const line of lines) {
    const scale = u.scales[line.scaleKey];
    if (!scale || scale.min == null || scale.max == null) continue;
    if (scale.distr === 3 && line.value <= 0) continue;
    if (line.value < Math.min(scale.min, scale.max) || line.value > Math.max(scale.min, scale.max)) continue;
    const y = Math.round(u.valToPos(line.value, line.scaleKey, true)) + 0.5;
    ctx.strokeStyle = line.color;
    ctx.fillStyle = line.color;
    ctx.beginPath();
    ctx.moveTo(bbox.left, y);
    ctx.lineTo(bbox.left + bbox.width, y);
    ctx.stroke();
    if (line.text) ctx.fillText(line.text, bbox.left + bbox.width - 4 * ratio, y - 2 * ratio);
  }
  ctx.restore();
}
