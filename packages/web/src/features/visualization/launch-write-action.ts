import { openPvAction, type PvAction } from '../../ui/pv-actions';

/** Hands a write action of a process image to the shared dialogs of operating the plant. */
export function launchWriteAction(action: PvAction): void {
  openPvAction(action);
}
