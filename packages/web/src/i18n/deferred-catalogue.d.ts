// The German catalogue's areas that load with their screens, imported as a module of their own.
declare module '*/de.json?deferred' {
  import type { CatalogueTree } from './catalogue';
  export const charts: CatalogueTree;
  export const events: CatalogueTree;
  export const admin: CatalogueTree;
  export const remoteAlarm: CatalogueTree;
  export const webcams: CatalogueTree;
  export const processImages: CatalogueTree;
  export const dashboard: CatalogueTree;
  export const maintenance: CatalogueTree;
  export const reports: CatalogueTree;
}
