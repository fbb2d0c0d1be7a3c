import { PvFormatProvider } from '../pv/pv-format-context';
import { DialDialog } from './dial-dialog';
import { LimitsDialog } from './limits-dialog';
import { PrioritiesDialog } from './priorities-dialog';
import { PriorityOutputsDialog } from './priority-outputs-dialog';
import { RefActionDialog } from './ref-action-dialog';
import { SetValuesDialog } from './set-values-dialog';
import type { PvAction } from './store';

/** The dialog of one action. */
export function PvActionDialog({ action, onClose }: { action: PvAction; onClose: () => void }) {
  let dialog;
  switch (action.kind) {
    case 'setValues':
      dialog = <SetValuesDialog pvs={action.pvs} defaultValue={action.defaultValue} onClose={onClose} />;
      break;
    case 'limits':
      dialog = <LimitsDialog pv={action.pv} onClose={onClose} />;
      break;
    case 'priorities':
      dialog = <PrioritiesDialog pvs={action.pvs} onClose={onClose} />;
      break;
    case 'resetCounters':
    case 'acknowledgeFailure':
      dialog = <RefActionDialog kind={action.kind} pvs={action.pvs} onClose={onClose} />;
      break;
    case 'acknowledgePriorityOutputs':
      dialog = <PriorityOutputsDialog stationNr={action.stationNr} onClose={onClose} />;
      break;
    case 'dial':
      dialog = <DialDialog stationNrs={action.stationNrs} command={action.command} onClose={onClose} />;
      break;
  }
  return <PvFormatProvider>{dialog}</PvFormatProvider>;
}
