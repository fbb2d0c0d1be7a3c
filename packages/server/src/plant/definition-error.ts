/** A plant definition that cannot be used; `path` names the bad field, e.g. `stations[2].units[0].height`. */
export class PlantDefinitionError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
    readonly file?: string,
  ) {
    super(`${file ? `plant definition ${file}: ` : 'plant definition: '}${path || '(root)'}: ${reason}`);
    this.name = 'PlantDefinitionError';
  }
}

/** `/stations/2/units/0/height` → `stations[2].units[0].height`. */
export function pointerToPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}
