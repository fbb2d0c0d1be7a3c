import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyError, FastifyInstance } from 'fastify';

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
  installJsonParser(app);
}

/** Whether every number in a parsed JSON value is finite (JSON turns 1e999 into Infinity). */
function allFinite(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(allFinite);
  if (typeof value === 'object' && value !== null) return Object.values(value).every(allFinite);
  return true;
}

/**
 * JSON bodies: Fastify's own parser (which refuses __proto__ and constructor.prototype keys),
 * then every number must be finite, wherever it is, also in fields a schema leaves open.
 */
function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body.toString(), (error: Error | null, value?: unknown) => {
      if (error !== null) return done(error, undefined);
      if (allFinite(value)) return done(null, value);
      const refusal = new Error('Numbers must be finite: 1e999 and the like are refused') as FastifyError;
      refusal.statusCode = 400;
      (refusal as { code: string }).code = 'FST_ERR_CTP_INVALID_JSON_NUMBER';
      done(refusal, undefined);
    });
  });
}
