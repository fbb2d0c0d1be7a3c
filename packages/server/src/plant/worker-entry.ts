import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * A worker thread's module beside the calling one (`base` is its import.meta.url): compiled
 * JavaScript, or, run from the sources (tests), TypeScript loaded through tsx, which a worker
 * registers for itself.
 */
export function workerEntry(base: string, name: string): { entry: string | URL; eval: boolean } {
  if (!base.endsWith('.ts')) return { entry: new URL(`./${name}.js`, base), eval: false };
  const api = pathToFileURL(createRequire(base).resolve('tsx/esm/api')).href;
  const worker = new URL(`./${name}.ts`, base).href;
  const code = `import(${JSON.stringify(api.replace(/\.cjs$/, '.mjs'))})
    .then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); })`;
  return { entry: code, eval: true };
}
