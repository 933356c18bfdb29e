// fast-check arbitraries from the JSON Schemas of the OpenAPI document: inputs a schema accepts,
// and malformed ones it should refuse (wrong types, out of range, too long, odd Unicode, extras).
import fc from 'fast-check';

/** The part of JSON Schema (as zod 4 writes it for OpenAPI 3.1) that request schemas use. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/**
 * Values a test knows to mean something (a seeded viewer's e-mail and password), by field name:
 * a field so named gets one of them half the time, so generated calls reach past "not found".
 */
export type Hints = Readonly<Record<string, readonly unknown[]>>;

/** Longest string or array a well-formed value gets, so requests stay small and quick. */
const MAX_GENERATED_LENGTH = 40;
const MAX_GENERATED_ITEMS = 4;

/** Instants around the harness clock (2026-06-15), so dates land in and out of live windows. */
const DATE_RANGE = {
  min: new Date('2025-01-01T00:00:00Z'),
  max: new Date('2027-12-31T00:00:00Z'),
  noInvalidDate: true,
};

/** Strings that have broken parsers, databases and renderers elsewhere. */
export const ODD_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202eevil\u202c',
  '\u200b',
  '💎💍',
  'e\u0301\u0301\u0301',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '../../etc/passwd',
  '%00',
  '{{constructor}}',
  '__proto__',
  '１２３',
  '\r\nX-Injected: 1',
];

/** Numbers that sit at or beyond the edges of any id or amount. */
export const ODD_NUMBERS: readonly number[] = [
  0, -1, -9007199254740991, 1.5, 9007199254740991, 9007199254740992, 1e308, -1e308, 2147483648,
];

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.enum) return [...new Set(schema.enum.map((value) => (value === null ? 'null' : typeof value)))];
  return [];
}

function alternativesOf(schema: JsonSchema): JsonSchema[] | null {
  const options = schema.anyOf ?? schema.oneOf;
  if (!options) return null;
  // A branch keeps the keywords stated beside anyOf (zod puts `default` and `title` there).
  return options.map((option) => ({ ...withoutAlternatives(schema), ...option }));
}

function withoutAlternatives(schema: JsonSchema): JsonSchema {
  const rest = { ...schema };
  delete rest.anyOf;
  delete rest.oneOf;
  return rest;
}

function lowerBound(schema: JsonSchema, isInteger: boolean): number {
  if (schema.exclusiveMinimum !== undefined)
    return isInteger ? Math.floor(schema.exclusiveMinimum) + 1 : schema.exclusiveMinimum + 1e-6;
  return schema.minimum ?? Number.MIN_SAFE_INTEGER;
}

function upperBound(schema: JsonSchema, isInteger: boolean): number {
  if (schema.exclusiveMaximum !== undefined)
    return isInteger ? Math.ceil(schema.exclusiveMaximum) - 1 : schema.exclusiveMaximum - 1e-6;
  return schema.maximum ?? Number.MAX_SAFE_INTEGER;
}

function integerValue(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(lowerBound(schema, true), Number.MIN_SAFE_INTEGER);
  const max = Math.min(upperBound(schema, true), Number.MAX_SAFE_INTEGER);
  // Ids are mostly small, so most generated ones name a row the test seeded or created.
  const small = fc.integer({ min: Math.max(min, Math.min(1, max)), max: Math.min(max, Math.max(min, 6)) });
  return fc.oneof({ arbitrary: small, weight: 3 }, { arbitrary: fc.integer({ min, max }), weight: 1 });
}

function numberValue(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(lowerBound(schema, false), -1e9);
  const max = Math.min(upperBound(schema, false), 1e9);
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_GENERATED_LENGTH, MAX_GENERATED_LENGTH));
  const fits = (value: string) => value.length >= minLength && value.length <= (schema.maxLength ?? Infinity);
  if (schema.format === 'date-time') return fc.date(DATE_RANGE).map((date) => date.toISOString());
  if (schema.format === 'date') return fc.date(DATE_RANGE).map((date) => date.toISOString().slice(0, 10));
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) {
    const matching = fc.stringMatching(new RegExp(schema.pattern));
    // A pattern may allow more than maxLength; a value that does not fit is regenerated.
    return schema.format === 'email'
      ? fc.oneof(matching, fc.emailAddress()).filter(fits)
      : matching.filter((value) => fits(value) && value.length <= Math.max(maxLength, 200));
  }
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  // Mostly plain text; some of any Unicode the field's length allows (counted in UTF-16 units, as zod does).
  return fc.oneof(
    { arbitrary: fc.string({ minLength, maxLength }), weight: 3 },
    { arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }).filter(fits), weight: 1 },
  );
}

/** A value for the field `name`: one of its hints, or any the schema accepts. */
export function fieldValue(name: string, schema: JsonSchema, hints: Hints = {}): fc.Arbitrary<unknown> {
  const known = hints[name];
  const generated = validValue(schema, hints);
  return known?.length ? fc.oneof(fc.constantFrom(...known), generated) : generated;
}

/** Values the schema accepts (a pattern's edge cases aside). */
export function validValue(schema: JsonSchema, hints: Hints = {}): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = alternativesOf(schema);
  if (alternatives) return fc.oneof(...alternatives.map((option) => validValue(option, hints)));
  if (schema.allOf) return validValue(Object.assign({}, ...schema.allOf.map(withoutAlternatives)), hints);
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => validValue({ ...schema, type }, hints)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerValue(schema);
    case 'number':
      return numberValue(schema);
    case 'string':
      return stringValue(schema);
    case 'array':
      return fc.array(validValue(schema.items ?? {}, hints), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(
          schema.minItems ?? 0,
          Math.min(schema.maxItems ?? MAX_GENERATED_ITEMS, MAX_GENERATED_ITEMS),
        ),
      });
    case 'object':
      return objectValue(schema, hints);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectValue(schema: JsonSchema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) model[name] = fieldValue(name, property, hints);
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
}

/** A value of another JSON type than any the schema allows; a number's and a string's swap places. */
function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = new Set(typesOf(schema));
  const candidates: unknown[] = [null, true, 12, '12', 'not a number', [], [1, 2], {}, { value: 1 }].filter(
    (value) => !types.has(value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value),
  );
  if (types.has('integer') || types.has('number')) candidates.push('1', '0x10', '1e3', ' 7 ');
  return candidates.length ? fc.constantFrom(...candidates) : fc.constant(undefined);
}

/** A value of the right type that breaks the schema's bounds: range, length, enum, format. */
function outOfBounds(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = new Set(typesOf(schema));
  const options: unknown[] = [];
  if (types.has('integer') || types.has('number')) {
    options.push(...ODD_NUMBERS);
    if (schema.minimum !== undefined) options.push(schema.minimum - 1);
    if (schema.exclusiveMinimum !== undefined) options.push(schema.exclusiveMinimum);
    if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) options.push(schema.maximum + 1);
  }
  if (types.has('string')) {
    options.push(...ODD_STRINGS, 'x'.repeat((schema.maxLength ?? 2000) + 1), 'x'.repeat(20_000));
    if (schema.enum || schema.pattern || schema.format) options.push('not-in-the-list', 'A', '2026-13-45T25:61:00Z');
  }
  if (types.has('array')) {
    options.push(
      Array.from({ length: (schema.maxItems ?? 50) + 1 }, () => 1),
      ['x', null, {}],
    );
  }
  if (schema.enum) options.push(`${String(schema.enum[0])}-other`, 99);
  return options.length ? fc.constantFrom(...options) : wrongType(schema);
}

/** A value the schema should refuse: of the wrong type, or out of its bounds. */
export function malformedValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const alternatives = alternativesOf(schema);
  const plain = alternatives ? Object.assign({}, ...alternatives) : schema;
  return fc.oneof(wrongType(plain), outOfBounds(plain));
}

/** Property names that have bitten JavaScript objects before, plus an ordinary stranger. */
const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'is_staff', 'id', 'user_id', 'unexpected'];

/**
 * An object the schema should refuse, or accept while ignoring extras: a required property left
 * out, one property malformed, extra properties (prototype names among them), or no object at all.
 */
export function malformedObject(schema: JsonSchema, hints: Hints = {}): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const required = (schema.required ?? []).filter((name) => schema.properties?.[name]);
  const base = objectValue(schema, hints);
  const variants: fc.Arbitrary<unknown>[] = [
    fc.constantFrom(null, [], 'a string', 42, true, [{}]),
    fc.tuple(base, fc.constantFrom(...EXTRA_KEYS), fc.jsonValue({ maxDepth: 1 })).map(([value, key, extra]) => {
      const copy: Record<string, unknown> = { ...value };
      Object.defineProperty(copy, key, { value: extra, enumerable: true, writable: true, configurable: true });
      return copy;
    }),
  ];
  if (required.length)
    variants.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([value, missing]) => {
        const copy: Record<string, unknown> = { ...value };
        delete copy[missing];
        return copy;
      }),
    );
  if (properties.length)
    variants.push(
      fc
        .constantFrom(...properties)
        .chain(([name, property]) =>
          fc
            .tuple(base, fc.constant(name), malformedValue(property))
            .map(([value, key, bad]) => ({ ...value, [key]: bad })),
        ),
    );
  return fc.oneof(...variants);
}
