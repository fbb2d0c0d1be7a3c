import fs from 'node:fs';

/** A call the spec names: its method and path, parameters written `{name}`, maybe optional. */
export interface SpecCall {
  method: string;
  path: string;
  section: string;
}

const METHODS = /^((?:(?:GET|POST|PATCH|PUT|DELETE)(?:, | and )?)+)\s+((?:[^\s,;{]|\{[^}]*\})+)/;
const SIBLING = /(?:,|\band)\s+(\/[\w{}/.-]+)/g;

/** The path without its query; a trailing `{optional x}` makes two calls, with and without it. */
function expand(path: string): string[] {
  const bare = path.replace(/[?,.;]+.*$/, '').replace(/\.$/, '');
  const optional = /\/\{optional [^}]+\}$/;
  return optional.test(bare) ? [bare.replace(optional, ''), bare.replace(optional, '/{id}')] : [bare];
}

/** Replaces the last segments of `base` by the relative path `/a/b` (as many as it has). */
function sibling(base: string, relative: string): string {
  const parts = base.split('/');
  const rel = relative.split('/').filter(Boolean);
  return [...parts.slice(0, parts.length - rel.length), ...rel].join('/');
}

/**
 * The calls of calls §7 (request/response part), read from the spec text: every clause of a
 * bullet names methods and a path; `and /x` or `, /x` add siblings of the previous path; a bare
 * name is a call beside the section's first path (`GET rights` under /api/UserManagement/info).
 */
export function readSpecCalls(file: string): SpecCall[] {
  const text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf('## 7. The calls it makes');
  const end = text.indexOf('### Live channels', start);
  const calls: SpecCall[] = [];
  let section = '';
  let sectionBase = '';
  for (const line of text.slice(start, end).split('\n')) {
    if (line.startsWith('### ')) {
      section = line.slice(4).trim();
      sectionBase = '';
      continue;
    }
    if (!line.startsWith('- ')) continue;
    for (const clause of line
      .slice(2)
      .split(';')
      .map((c) => c.trim())) {
      const match = METHODS.exec(clause);
      if (!match) continue;
      const [whole, methodList = '', first = ''] = match;
      const methods = methodList
        .split(/, | and /)
        .map((m) => m.trim())
        .filter(Boolean);
      let path = first.replace(/[,.]$/, '');
      if (!path.startsWith('/')) path = `${sectionBase}/${path}`;
      else if (!path.startsWith('/api/') && !path.startsWith('/Views/')) path = sibling(sectionBase, path);
      if (sectionBase === '') sectionBase = path.replace(/\?.*$/, '').split('/').slice(0, -1).join('/');
      const paths = [path];
      for (const [, next = ''] of clause.slice(whole.length).matchAll(SIBLING)) {
        const previous = (paths.at(-1) ?? path).replace(/\?.*$/, '');
        paths.push(next.startsWith('/api/') ? next : sibling(previous, next));
      }
      for (const method of methods) {
        for (const p of paths)
          for (const expanded of expand(p)) calls.push({ method, path: expanded, section });
      }
    }
  }
  return calls;
}

/** Does a registered route (`:param`) serve the spec's path (`{param}`)? Case matters, as in the spec. */
export function routeServes(routeUrl: string, specPath: string): boolean {
  const route = routeUrl.split('/');
  const spec = specPath.split('/');
  if (route.length !== spec.length) return false;
  return route.every((segment, i) => {
    const wanted = spec[i] ?? '';
    if (segment.startsWith(':')) return wanted.startsWith('{') || wanted.length > 0;
    return !wanted.startsWith('{') && segment === wanted;
  });
}
