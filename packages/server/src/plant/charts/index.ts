export {
  createChartService,
  type ChartService,
  type ChartServiceDeps,
  type CanEditChart,
  type ChartPatch,
  type NewChartInput,
  type SeriesInput,
} from './chart-service.js';
export {
  createAnnotationService,
  type AnnotationChange,
  type AnnotationPatchInput,
  type AnnotationQueryInput,
  type AnnotationService,
  type AnnotationServiceDeps,
  type NewAnnotationInput,
} from './annotation-service.js';
export {
  ChartsContentSchema,
  resolveChartsContent,
  type ChartsContent,
  type SeedChart,
  type SeedDirectory,
} from './charts-content.js';
export { contentPath, readContentFile, checkContent } from './content-file.js';
export { buildDirectoryTree, UNFILED_DIRECTORY_ID } from './directory-tree.js';
export { InputRefusedError, refuse, type Actor, type RefusalCode } from './input-refused.js';
