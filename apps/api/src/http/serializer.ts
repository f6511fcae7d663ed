import fastJson from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

/*
 * The answers' serialiser (docs/performance.md "Under load"). The routes' zod response schemas stay the
 * contract (and the OpenAPI document); each is turned into a JSON Schema once, when its route is
 * registered, and compiled by fast-json-stringify into a function that writes exactly the schema's
 * fields. Checking every row of a 100-row page with zod and then writing it with JSON.stringify cost
 * more than reading the page from the database.
 *
 * Like zod, the compiled writer writes only the fields the schema names: a field a query selects beyond
 * them never reaches the browser. Unlike zod, it does not refuse a value of the wrong type, so with
 * `check` (every environment but production: the tests, development) each answer is written both ways
 * and a difference is an error: every answer of the API tests is that comparison. A schema that has no
 * JSON Schema form (a transform) is written through zod as before.
 */

type Writer = (data: unknown) => string;

interface CompileInput {
  schema: unknown;
  method: string;
  url: string;
  httpStatus?: string;
}

function zodSchemaOf(maybe: unknown): $ZodType {
  if (maybe instanceof $ZodType) {
    return maybe;
  }
  if (typeof maybe === 'object' && maybe !== null && 'properties' in maybe && maybe.properties instanceof $ZodType) {
    return maybe.properties;
  }
  throw new Error(`a response schema that is not a zod schema: ${JSON.stringify(maybe)}`);
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * zod writes `.nullable()` as `anyOf: [X, { type: 'null' }]`; fast-json-stringify would decide such a
 * union per value by validating it, so it becomes X with `nullable: true` (the OpenAPI keyword the
 * compiler reads). Everything else is left as zod wrote it.
 */
export function simplified(schema: unknown): unknown {
  if (Array.isArray(schema)) {
    return schema.map(simplified);
  }
  if (!isObject(schema)) {
    return schema;
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] = simplified(value);
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullAt = anyOf.findIndex((s) => isObject(s) && s.type === 'null' && Object.keys(s).length === 1);
    const other: unknown = anyOf[1 - nullAt];
    if (nullAt >= 0 && isObject(other) && other.anyOf === undefined && other.oneOf === undefined && other.$ref === undefined) {
      const rest = { ...out };
      delete rest.anyOf;
      return { ...rest, ...other, nullable: true };
    }
  }
  return out;
}

/** The compiled writer of a zod schema, or null when the schema has no JSON Schema form. */
export function compiledWriter(schema: $ZodType): Writer | null {
  let json: unknown;
  try {
    json = z.toJSONSchema(schema as z.ZodType, { io: 'output', target: 'draft-07', unrepresentable: 'throw' });
  } catch {
    return null;
  }
  // The schema's own `$schema` line is not something to compile.
  const compilable = { ...(simplified(json) as Json) };
  delete compilable.$schema;
  return fastJson(compilable) as Writer;
}

/** The answer as zod writes it: checked against the schema, unknown fields dropped. */
function zodWriter(schema: $ZodType, method: string, url: string): Writer {
  return (data) => {
    const result = safeEncode(schema, data);
    if (result.error) {
      throw new ResponseSerializationError(method, url, { cause: result.error });
    }
    return JSON.stringify(result.data);
  };
}

/** Fastify's serializer compiler for the routes' response schemas (see above). */
export function responseSerializerCompiler(opts: { check: boolean; onZod?: (method: string, url: string, status: string) => void }) {
  return ({ schema: maybe, method, url, httpStatus }: CompileInput): Writer => {
    const schema = zodSchemaOf(maybe);
    const viaZod = zodWriter(schema, method, url);
    const compiled = compiledWriter(schema);
    if (!compiled) {
      opts.onZod?.(method, url, httpStatus ?? '');
      return viaZod;
    }
    if (!opts.check) {
      return compiled;
    }
    return (data) => {
      const expected = viaZod(data);
      const written = compiled(data);
      if (written !== expected) {
        // Where, not what: an answer's content is personal data and errors are logged.
        throw new Error(
          `the compiled answer of ${method} ${url} differs from the schema's at character ${firstDifference(written, expected)}`,
        );
      }
      return written;
    };
  };
}

/** The first position where two answers part. */
function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) {
    i += 1;
  }
  return i;
}
