export { createReportService, type ReportService } from './report-service.js';
export {
  createLiveReportValueSource,
  type ReportValueSource,
  type ValueInterval,
} from './report-value-source.js';
export { loadReportContent, seedReportContent, ReportContentSchema } from './report-content.js';
export {
  archiveReportValue,
  createArchiveReportValueSource,
  type ReportArchive,
} from './report-archive-source.js';
