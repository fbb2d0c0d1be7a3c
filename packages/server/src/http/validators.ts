import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/**
 * Request validation. Bodies are checked as sent: no type coercion (a `null` or `"5"` for a
 * setpoint is refused, never turned into 0 or 5) and no silent removal of unknown fields — a
 * closed schema refuses them. Query strings and path parameters arrive as text, so they are
 * coerced to the schema's numbers and booleans.
 */
export function installValidators(app: FastifyInstance): void {
  const common = { removeAdditional: false, useDefaults: true, allErrors: false, strict: false } as const;
  const bodies = new Ajv({ ...common, coerceTypes: false });
  const texts = new Ajv({ ...common, coerceTypes: 'array' });
  addFormats.default(bodies);
  addFormats.default(texts);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodies : texts).compile(schema));
}
