// Response serialisation. In production the contract's zod response schemas are turned into JSON
// Schema once per route and compiled by fast-json-stringify (the shape is known, so it is fast
// and drops any field the contract does not name). Tests set VALIDATE_RESPONSES so every answer
// is also checked against the contract, catching drift between code and contract.
import fastJson, { type AnySchema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as validatingSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** fast-json-stringify's serializer for a response schema (exported for the test that compiles every one). */
export function compileFast(schema: z.ZodType): (data: unknown) => string {
  // A plain JSON copy: zod's JSON Schema type and fast-json-stringify's describe the same data.
  const { $schema: _draft, ...jsonSchema } = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
  });
  const json: AnySchema = JSON.parse(JSON.stringify(jsonSchema));
  return fastJson(json);
}

/**
 * Compiled on a route's first answer, not at start: compiling all of them took most of a start's
 * second, and a restarted process (a rolling restart, or after a crash) should listen at once.
 */
const fastSerializer: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!(schema instanceof z.ZodType)) return (data: unknown) => JSON.stringify(data);
  let serialize: ((data: unknown) => string) | null = null;
  return (data: unknown) => (serialize ??= compileFast(schema))(data);
};

const validating: FastifySerializerCompiler<unknown> = ({ schema, ...rest }) =>
  schema instanceof z.ZodType ? validatingSerializer({ schema, ...rest }) : (data: unknown) => JSON.stringify(data);

export function responseSerializer(validate: boolean): FastifySerializerCompiler<unknown> {
  return validate ? validating : fastSerializer;
}
