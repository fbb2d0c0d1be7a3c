// Draws a process image for every station of a plant file that has none yet, from its units:
// tanks with level bars and their lamps, pumps with state, fault and enable, flows, pressures,
// measurements, the telecontrol station, and a row of actions. The drawn files are a start
// for the utility's own drawing; the server checks every binding at start.
// Usage: node scripts/draw-process-images.mjs [plant.json] — writes process-images/<name>.svg
// beside the plant file and sets the stations' processImage.
import fs from 'node:fs';
import path from 'node:path';

const plantPath = path.resolve(process.argv[2] ?? 'packages/server/plants/demo/plant.json');
const plant = JSON.parse(fs.readFileSync(plantPath, 'utf8'));
const remoteAlarmPath = path.join(path.dirname(plantPath), 'remote-alarm.json');
const plans = fs.existsSync(remoteAlarmPath)
  ? (JSON.parse(fs.readFileSync(remoteAlarmPath, 'utf8')).plans ?? [])
  : [];
const dir = path.join(path.dirname(plantPath), 'process-images');

const esc = (t) => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const slug = (t) =>
  t
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const SHORT = {
  Hochbehälter: 'hb',
  Druckerhöhungsstation: 'dea',
  Abwasserpumpwerk: 'apw',
  Regenüberlaufbecken: 'rueb',
  Kläranlage: 'ka',
  Wasserwerk: 'ww',
};

const STYLE = `  <style>
    .bg { fill: #d9dcdf; }
    .frame { fill: #eceef0; stroke: #8a9096; stroke-width: 1; }
    .title { font: 600 22px 'DejaVu Sans', Arial, sans-serif; fill: #1d2b3a; }
    .label { font: 13px 'DejaVu Sans', Arial, sans-serif; fill: #27323d; }
    .small { font: 11px 'DejaVu Sans', Arial, sans-serif; fill: #4a5561; }
    .value { font: 600 14px 'DejaVu Sans Mono', Consolas, monospace; fill: #0b3d91; }
    .value-box { fill: #ffffff; stroke: #7d858c; stroke-width: 1; }
    .tank { fill: #f4f6f7; stroke: #4d5660; stroke-width: 3; }
    .level-water { fill: #5b9bd5; }
    .level-waste { fill: #8c7551; }
    .pump-body { fill: #b8bfc6; stroke: #3b434b; stroke-width: 2.5; }
    .pump-arrow { fill: #3b434b; }
    .state-lamp { fill: #9aa3ab; stroke: #3b434b; stroke-width: 1; }
    .pipe { stroke: #3a78c2; stroke-width: 8; fill: none; }
    .pipe-waste { stroke: #7a6242; stroke-width: 9; fill: none; }
    .nav { cursor: pointer; }
    .nav-box { fill: #2f5d8a; stroke: #1d3c5a; stroke-width: 1; }
    .nav-text { font: 600 12px 'DejaVu Sans', Arial, sans-serif; fill: #ffffff; }
  </style>`;

function draw(station) {
  const S = station.number;
  const ana = (type, n) => `${type}-${S * 100000 + n}`;
  const plantWide = (type, n) => `${type}-${S * 1000 + n}`;
  const waste = ['Abwasserpumpwerk', 'Regenüberlaufbecken', 'Kläranlage'].includes(station.kind);
  const out = [];
  const value = (x, y, w, key, decimals, unit) =>
    `  <g data-pv-group="${key}">\n    <rect class="value-box" x="${x}" y="${y}" width="${w}" height="24"/>\n    <text class="value" x="${x + w - 8}" y="${y + 17}" text-anchor="end" data-pv="${key}" data-decimals="${decimals}" data-unit="${esc(unit)}">--- ${esc(unit)}</text>\n  </g>`;
  const lamp = (x, y, key, label) =>
    `  <circle class="state-lamp" cx="${x}" cy="${y}" r="7" data-pv-state="${key}"/>\n  <text class="small" x="${x + 13}" y="${y + 4}">${esc(label)}</text>`;

  // Telecontrol station (signals) top left.
  const signals = station.units.find((u) => u.unit === 'signals');
  if (signals) {
    const a = signals.at;
    out.push(`  <rect class="frame" x="20" y="70" width="260" height="150"/>`);
    out.push(`  <text class="label" x="32" y="92" font-weight="600">${esc(signals.name)}</text>`);
    out.push(`  <text class="small" x="32" y="123">Schaltschrank</text>`);
    out.push(value(150, 106, 118, ana('AnaIn', a), 1, '°C'));
    out.push(`  <text class="small" x="32" y="157">USV-Batterie</text>`);
    out.push(value(150, 140, 118, ana('AnaIn', a + 1), 1, 'V'));
    out.push(lamp(40, 188, ana('DigiIn', a), 'Tür'));
    out.push(lamp(110, 188, ana('DigiIn', a + 1), 'Netzausfall'));
    out.push(lamp(210, 188, plantWide('PlsObject', a), 'Störung'));
  }

  // Tanks left to right from x = 320.
  let x = 320;
  const tanks = station.units.filter((u) => u.unit === 'tank');
  const levelKeys = [];
  for (const tank of tanks) {
    const a = tank.at;
    const level = ana('AnaIn', a);
    levelKeys.push(level);
    out.push(`  <g>`);
    out.push(`    <rect class="tank" x="${x}" y="300" width="200" height="240"/>`);
    out.push(
      `    <rect class="${waste ? 'level-waste' : 'level-water'}" x="${x + 3}" y="303" width="194" height="234" data-pv-fill="${level}" data-min="0" data-max="${tank.height}"/>`,
    );
    out.push(`    <text class="label" x="${x + 100}" y="290" text-anchor="middle">${esc(tank.name)}</text>`);
    out.push(`  </g>`);
    out.push(value(x + 40, 400, 120, level, 2, 'm'));
    out.push(value(x + 40, 436, 120, plantWide('RechenWert', a), 0, 'm³'));
    out.push(lamp(x + 215, 315, ana('DigiIn', a), tank.overflow ? 'Hochwasser' : 'Hochwasser'));
    if (tank.overflow) {
      out.push(lamp(x + 215, 345, ana('DigiIn', a + 2), 'Entlastung'));
      out.push(`  <text class="small" x="${x + 215}" y="378">Entlastungsabfluss</text>`);
      out.push(value(x + 215, 384, 120, ana('AnaIn', a + 1), 1, 'l/s'));
      out.push(`  <text class="small" x="${x + 215}" y="428">Entlastungsmenge</text>`);
      out.push(value(x + 215, 434, 120, plantWide('ZaehlWert', a), 0, 'm³'));
    } else {
      out.push(lamp(x + 215, 525, ana('DigiIn', a + 1), 'Trockenlauf'));
    }
    if (tank.control) {
      out.push(
        `  <g class="nav" id="schaltpunkte-${slug(tank.id)}" data-action="setValue" data-pvs="${ana('AnaOut', a)} ${ana('AnaOut', a + 1)}">`,
      );
      out.push(`    <text class="small" x="${x}" y="565">Ein</text>`);
      out.push(
        `    <text class="small" x="${x + 30}" y="565" data-pv="${ana('AnaOut', a)}" data-decimals="2" data-unit="m">--- m</text>`,
      );
      out.push(`    <text class="small" x="${x + 100}" y="565">Aus</text>`);
      out.push(
        `    <text class="small" x="${x + 130}" y="565" data-pv="${ana('AnaOut', a + 1)}" data-decimals="2" data-unit="m">--- m</text>`,
      );
      out.push(`  </g>`);
    }
    x += 360;
  }

  // Pumps in a row at y = 640, from the left.
  const pumps = station.units.filter((u) => u.unit === 'pump');
  const pumpXs = [];
  pumps.forEach((pump, i) => {
    const px = 60 + i * 140;
    pumpXs.push(px);
    const a = pump.at;
    const running = ana('DigiIn', a);
    out.push(
      `  <g class="nav" id="${slug(pump.id)}" data-action="setValue" data-pvs="${ana('DigiOut', a)}" data-default="2">`,
    );
    out.push(
      `    <circle class="pump-body" cx="${px}" cy="640" r="20" data-pv-state="${running}" data-pv-fault="${ana('DigiIn', a + 1)}" data-pv-enable="${ana('DigiOut', a)}"/>`,
    );
    out.push(`    <path class="pump-arrow" d="M ${px - 9} 629 L ${px + 13} 640 L ${px - 9} 651 Z"/>`);
    out.push(
      `    <circle class="state-lamp" cx="${px + 24}" cy="620" r="5" data-pv-state="${ana('DigiIn', a + 1)}"/>`,
    );
    out.push(`    <text class="label" x="${px}" y="682" text-anchor="middle">${esc(pump.name)}</text>`);
    out.push(`  </g>`);
    out.push(value(px - 55, 692, 110, ana('AnaIn', a), 1, 'kW'));
  });
  if (pumps.length > 0) {
    const first = pumpXs[0];
    const last = pumpXs.at(-1);
    out.unshift(
      `  <path class="${waste ? 'pipe-waste' : 'pipe'}" d="M ${first} 600 L ${last} 600 M ${first} 620 L ${first} 600"/>`,
    );
  }

  // Flows, pressures, measurements and aeration on the right, one under the other.
  const measures = station.units.filter((u) =>
    ['flow', 'pressure', 'measurement', 'aeration', 'timer'].includes(u.unit),
  );
  const trendKeys = [];
  let my = 90;
  const mx = 1000;
  out.push(
    `  <rect class="frame" x="${mx - 12}" y="70" width="272" height="${Math.max(80, measures.length * 52 + 20)}"/>`,
  );
  for (const m of measures) {
    const a = m.at;
    if (m.unit === 'timer') {
      out.push(`  <text class="small" x="${mx}" y="${my}">${esc(m.name)}</text>`);
      out.push(lamp(mx + 8, my + 18, ana('DigiIn', a), 'aktiv'));
      my += 52;
      continue;
    }
    const key = ana('AnaIn', m.unit === 'pressure' && m.mode === 'control' ? a : a);
    const unit =
      m.unit === 'flow'
        ? m.dimension
        : m.unit === 'pressure'
          ? 'bar'
          : m.unit === 'aeration'
            ? 'mg/l'
            : (m.dimension ?? '');
    const decimals = m.unit === 'measurement' ? (m.decimals ?? 2) : m.unit === 'flow' ? 1 : 2;
    out.push(`  <text class="small" x="${mx}" y="${my}">${esc(m.name)}</text>`);
    out.push(value(mx, my + 6, m.unit === 'flow' ? 110 : 150, key, decimals, unit));
    if (m.unit === 'flow') out.push(value(mx + 116, my + 6, 140, plantWide('ZaehlWert', a), 0, 'm³'));
    if (m.unit === 'pressure' && m.mode === 'control')
      out.push(
        `  <g class="nav" id="sollwert-${slug(m.id)}" data-action="setValue" data-pvs="${ana('AnaOut', a)}">\n    <text class="small" x="${mx + 160}" y="${my + 22}" data-pv="${ana('AnaOut', a)}" data-decimals="2" data-unit="bar">--- bar</text>\n  </g>`,
      );
    trendKeys.push(key);
    my += 52;
  }

  // Actions along the bottom.
  const buttons = [];
  if (levelKeys.length > 0)
    buttons.push([
      'Trend Füllstand',
      `data-action="archiveTrendline" data-pvs="${levelKeys.join(' ')}" data-amount="7"`,
    ]);
  if (trendKeys.length > 0)
    buttons.push([
      'Live-Trend',
      `data-action="realtimeTrendline" data-pvs="${trendKeys.slice(0, 4).join(' ')}"`,
    ]);
  buttons.push(['Meldungen', 'data-action="alertArchive"']);
  if (pumps.length > 0) {
    buttons.push(['Laufzeiten', `data-action="machineRuntime" data-id="${ana('DigiIn', pumps[0].at)}"`]);
    buttons.push([
      'Störung quittieren',
      `data-action="acknowledgeFailure" data-pvs="${pumps.map((p) => ana('DigiIn', p.at + 1)).join(' ')}"`,
    ]);
  }
  if (station.connection === 'dial')
    buttons.push(['Station anwählen', `data-action="dial" data-stations="${S}" data-command="connect"`]);
  const stationPlans = plans.filter((p) => p.station === S);
  if (stationPlans.length > 0)
    buttons.push([
      'Alarmpläne',
      `data-action="plans" data-plans="${stationPlans.map((p) => `${S}:${p.planNumber}`).join(' ')}"`,
    ]);
  buttons.forEach(([label, attrs], i) => {
    const bx = 20 + i * 180;
    out.push(
      `  <g class="nav" id="aktion-${slug(label)}" ${attrs}>\n    <rect class="nav-box" x="${bx}" y="760" width="170" height="30" rx="4"/>\n    <text class="nav-text" x="${bx + 85}" y="780" text-anchor="middle">${esc(label)}</text>\n  </g>`,
    );
  });

  const name = `${SHORT[station.kind] ?? 'station'}-${slug(station.name.split(' ').slice(1).join(' '))}`;
  const title = `${station.name}`;
  const svg = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 810" width="1280" height="810" data-station="${S}" data-process-image="${name}">
  <title>${esc(title)}</title>
${STYLE}
  <rect class="bg" x="0" y="0" width="1280" height="810"/>
  <rect class="frame" x="10" y="10" width="1260" height="50"/>
  <text class="title" x="28" y="44">${esc(title)}</text>
${out.join('\n')}
</svg>
`;
  return { name, svg };
}

// The plant file keeps its own layout: only each drawn station's `"processImage": null` changes.
let text = fs.readFileSync(plantPath, 'utf8');
for (const station of plant.stations) {
  if (station.processImage) continue;
  const { name, svg } = draw(station);
  fs.writeFileSync(path.join(dir, `${name}.svg`), svg);
  const at = text.search(new RegExp(`"number":\\s*${station.number},`));
  const nullAt = text.indexOf('"processImage": null', at);
  if (at < 0 || nullAt < 0) throw new Error(`station ${station.number}: no "processImage": null to set`);
  text = `${text.slice(0, nullAt)}"processImage": "${name}"${text.slice(nullAt + '"processImage": null'.length)}`;
  console.log(`${station.number} ${station.name}: ${name}.svg`);
}
fs.writeFileSync(plantPath, text);
