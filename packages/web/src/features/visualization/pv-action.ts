// A write action of a process image is exactly what the shared write dialogs take.
export type { PvAction } from '../../ui/pv-actions';
