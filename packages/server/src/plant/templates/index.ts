import type { UnitDocument } from '../definition-schema.js';
import type { PvDefinition, UnitDefinition } from '../definition-types.js';
import { expandFlow, expandMeasurement, expandPressure } from './meters.js';
import { expandAeration, expandSignals, expandTimer } from './station-units.js';
import { expandPump, expandTank } from './pump-tank.js';
import type { TemplateContext } from './pv-spec.js';

export { PLANT_WIDE_STRIDE, buildPv, type PvFields, type TemplateContext } from './pv-spec.js';

/** Expands one unit of the file into its unit definition and PVs (README, "Units"). */
export function expandUnit(
  doc: UnitDocument,
  ctx: TemplateContext,
): { unit: UnitDefinition; pvs: PvDefinition[] } {
  switch (doc.unit) {
    case 'pump':
      return expandPump(doc, ctx);
    case 'tank':
      return expandTank(doc, ctx);
    case 'flow':
      return expandFlow(doc, ctx);
    case 'pressure':
      return expandPressure(doc, ctx);
    case 'timer':
      return expandTimer(doc, ctx);
    case 'aeration':
      return expandAeration(doc, ctx);
    case 'measurement':
      return expandMeasurement(doc, ctx);
    case 'signals':
      return expandSignals(doc, ctx);
  }
}
