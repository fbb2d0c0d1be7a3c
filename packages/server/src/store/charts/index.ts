export {
  createChartsRepository,
  type ChartsRepository,
  type ChartDirectoryRecord,
  type ChartConfigRecord,
  type SeriesToSave,
} from './charts-repository.js';
export {
  createAnnotationsRepository,
  type AnnotationsRepository,
  type AnnotationQuery,
} from './annotations-repository.js';
export type { ChartTables, VisualisationTables } from './tables.js';
