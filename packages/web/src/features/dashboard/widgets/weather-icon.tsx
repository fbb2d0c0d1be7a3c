import type { WeatherCondition } from '@leitwarte/core';

const SUN = <circle cx="14" cy="12" r="6" className="wx-sun" />;
const CLOUD = (
  <path d="M8 26 h18 a6 6 0 0 0 0 -12 a8 8 0 0 0 -15 -1 a6 6 0 0 0 -3 13 z" className="wx-cloud" />
);
const SMALL_CLOUD = (
  <path d="M14 25 h13 a5 5 0 0 0 0 -10 a6 6 0 0 0 -11 0 a5 5 0 0 0 -2 10 z" className="wx-cloud" />
);
const drops = (xs: number[]) =>
  xs.map((x) => <line key={x} x1={x} y1="29" x2={x - 2} y2="34" className="wx-rain" />);

/** A drawn symbol per condition (no emoji: the plant's browsers may lack colour fonts). */
export function WeatherIcon({ condition, size = 40 }: { condition: WeatherCondition; size?: number }) {
  let body;
  switch (condition) {
    case 'ClearSky':
      body = <circle cx="18" cy="18" r="9" className="wx-sun" />;
      break;
    case 'FewClouds':
      body = (
        <>
          {SUN}
          {SMALL_CLOUD}
        </>
      );
      break;
    case 'ScatteredClouds':
      body = SMALL_CLOUD;
      break;
    case 'BrokenClouds':
      body = (
        <>
          <path
            d="M4 20 h14 a5 5 0 0 0 0 -10 a6 6 0 0 0 -11 0 a5 5 0 0 0 -3 10 z"
            className="wx-cloud wx-cloud--back"
          />
          {CLOUD}
        </>
      );
      break;
    case 'ShowerRain':
      body = (
        <>
          {SUN}
          {SMALL_CLOUD}
          {drops([17, 22, 27])}
        </>
      );
      break;
    case 'Rain':
      body = (
        <>
          {CLOUD}
          {drops([11, 17, 23, 29])}
        </>
      );
      break;
    case 'Thunderstorm':
      body = (
        <>
          {CLOUD}
          <path d="M19 26 l-4 6 h4 l-3 6 l8 -9 h-4 l3 -3 z" className="wx-bolt" />
        </>
      );
      break;
    case 'Snow':
      body = (
        <>
          {CLOUD}
          {[11, 17, 23, 29].map((x, i) => (
            <circle key={x} cx={x} cy={i % 2 ? 33 : 30} r="1.6" className="wx-snow" />
          ))}
        </>
      );
      break;
    case 'Mist':
      body = [12, 18, 24, 30].map((y, i) => (
        <line key={y} x1={i % 2 ? 8 : 4} y1={y} x2={i % 2 ? 32 : 28} y2={y} className="wx-mist" />
      ));
      break;
  }
  return (
    <svg viewBox="0 0 36 38" width={size} height={size} aria-hidden className="wx-icon">
      {body}
    </svg>
  );
}
