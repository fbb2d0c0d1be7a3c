import { useMemo } from 'react';
import type { GaugeBand, GaugeScale, Severity } from '../gauge-scale';
import { gaugeFraction } from '../gauge-scale';

/** Everything a drawn gauge needs; formatted texts come from the widget. */
export interface GaugeProps {
  value: number | null;
  scale: GaugeScale;
  bands: readonly GaugeBand[];
  severity: Severity;
  text: string;
  unit: string | null;
  minText: string;
  maxText: string;
}

const ARC_START = -225; // degrees, 0 = pointing right; the dial spans 270° through the top
const ARC_SPAN = 270;

function polar(cx: number, cy: number, r: number, deg: number): [number, number] {
  const rad = (deg * Math.PI) / 180;
  return [cx + r * Math.cos(rad), cy + r * Math.sin(rad)];
}

function arcPath(cx: number, cy: number, r: number, from: number, to: number): string {
  const [x1, y1] = polar(cx, cy, r, ARC_START + from * ARC_SPAN);
  const [x2, y2] = polar(cx, cy, r, ARC_START + to * ARC_SPAN);
  const large = (to - from) * ARC_SPAN > 180 ? 1 : 0;
  return `M ${x1.toFixed(2)} ${y1.toFixed(2)} A ${r} ${r} 0 ${large} 1 ${x2.toFixed(2)} ${y2.toFixed(2)}`;
}

function Reading({ text, unit }: { text: string; unit: string | null }) {
  return (
    <span className="sv-reading">
      <span className="sv-reading__number">{text}</span>
      {unit ? <span className="sv-reading__unit"> {unit}</span> : null}
    </span>
  );
}

/**
 * A dial over 270° with the limit bands on its rim. The needle turns by a CSS transform with a
 * transition, so the motion between two readings costs no React render. It is an HTML element
 * over the drawing, not part of the SVG: the browser animates an element's transform on its
 * compositor, while a transform inside an SVG repaints the drawing in every frame of the turn
 * (20 dials at 1 Hz cost frames over 16.7 ms in bench/ui/dashboard-bench.mjs).
 */
export function CircularGauge(props: GaugeProps) {
  const { value, scale, bands, minText, maxText } = props;
  const f = value === null ? 0 : gaugeFraction(value, scale);
  // The drawing changes with the scale and limits only; a new reading turns the needle alone.
  const drawing = useMemo(() => {
    const span = scale.max - scale.min;
    return (
      <>
        <path d={arcPath(60, 58, 44, 0, 1)} className="sv-track" />
        {bands.map((b) => (
          <path
            key={`${b.from}-${b.to}`}
            d={arcPath(60, 58, 44, (b.from - scale.min) / span, (b.to - scale.min) / span)}
            className={`sv-band sv-band--${b.severity}`}
          />
        ))}
        <text x="24" y="96" className="sv-scale-text" textAnchor="middle">
          {minText}
        </text>
        <text x="96" y="96" className="sv-scale-text" textAnchor="middle">
          {maxText}
        </text>
      </>
    );
  }, [scale, bands, minText, maxText]);
  return (
    <div className="sv-circular">
      <div className="sv-dial">
        <svg viewBox="0 0 120 100" role="img" aria-label={`${props.text} ${props.unit ?? ''}`}>
          {drawing}
        </svg>
        <div className="sv-needle" style={{ transform: `rotate(${ARC_START + 90 + f * ARC_SPAN}deg)` }} />
        <div className="sv-hub" />
      </div>
      <Reading text={props.text} unit={props.unit} />
    </div>
  );
}

/** A bar along the scale with the limit bands beside it (a tank level, upright or lying). */
export function BarGauge(props: GaugeProps & { orientation: 'vertical' | 'horizontal' }) {
  const { value, scale, bands, orientation } = props;
  const f = value === null ? 0 : gaugeFraction(value, scale);
  const vertical = orientation === 'vertical';
  // The band strips change with the scale and limits only, not with each reading.
  const strips = useMemo(() => {
    const span = scale.max - scale.min;
    return bands.map((b) => {
      const from = ((b.from - scale.min) / span) * 100;
      const size = ((b.to - b.from) / span) * 100;
      const style = vertical
        ? { bottom: `${from}%`, height: `${size}%` }
        : { left: `${from}%`, width: `${size}%` };
      return (
        <div key={`${b.from}-${b.to}`} className={`sv-band-strip sv-band--${b.severity}`} style={style} />
      );
    });
  }, [scale, bands, vertical]);
  return (
    <div className={`sv-bar sv-bar--${orientation}`}>
      <div className="sv-bar__scale">
        <span className="sv-bar__end">{vertical ? props.maxText : props.minText}</span>
        <div className="sv-bar__track">
          <div
            className={`sv-bar__fill sv-fill--${props.severity}`}
            style={{ transform: vertical ? `scaleY(${f})` : `scaleX(${f})` }}
          />
          <div className="sv-bar__bands" aria-hidden>
            {strips}
          </div>
        </div>
        <span className="sv-bar__end">{vertical ? props.minText : props.maxText}</span>
      </div>
      <Reading text={props.text} unit={props.unit} />
    </div>
  );
}

/** Large figures as on a panel display, coloured by the limit state. */
export function DigitalGauge(props: GaugeProps) {
  return (
    <div className={`sv-digital sv-text--${props.severity}`}>
      <Reading text={props.text} unit={props.unit} />
    </div>
  );
}

/** The reading as plain text. */
export function ValueTextView(props: GaugeProps) {
  return (
    <div className={`sv-text sv-text--${props.severity}`}>
      <Reading text={props.text} unit={props.unit} />
    </div>
  );
}

/** A lamp: lit in the state's colour while active, grey while not; the state text below. */
export function StateIndicatorGauge({
  active,
  severity,
  text,
}: {
  active: boolean;
  severity: Severity;
  text: string;
}) {
  return (
    <div className="sv-lamp-wrap">
      <span
        className={`sv-lamp ${active ? `sv-lamp--on sv-lamp--${severity}` : 'sv-lamp--off'}`}
        aria-hidden
      />
      <span className="sv-state-text">{text}</span>
    </div>
  );
}

/** The state text on a coloured field. */
export function StateIndicatorText({
  active,
  severity,
  text,
}: {
  active: boolean;
  severity: Severity;
  text: string;
}) {
  return (
    <div
      className={`sv-state-field ${active ? `sv-state-field--on sv-state-field--${severity}` : 'sv-state-field--off'}`}
    >
      {text}
    </div>
  );
}
