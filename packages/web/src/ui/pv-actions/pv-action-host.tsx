import { lazy, Suspense } from 'react';
import { closePvAction, useOpenPvAction } from './store';

// The dialogs load when the first one opens, so the shell's first download does not carry them.
const PvActionDialog = lazy(() => import('./pv-action-dialog').then((m) => ({ default: m.PvActionDialog })));

/** Mounted once in the app shell: renders the dialog of the open action. */
export function PvActionHost() {
  const open = useOpenPvAction();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <PvActionDialog key={open.id} action={open.action} onClose={closePvAction} />
    </Suspense>
  );
}
