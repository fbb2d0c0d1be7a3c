export { PvActionHost } from './pv-action-host';
export { closePvAction, openPvAction, type PvAction, type PvRef } from './store';
