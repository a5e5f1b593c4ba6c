// Stands in for `zod/v4` ("classic" zod) in the script-tag build, made of the same validators from
// `zod/v4/mini`. The AI SDK's browser code validates stream chunks with zod mini, but a few of its shared
// schemas (JSON values, provider metadata) and provider-utils' safeParseAsync import classic zod, whose
// schema classes carry every method, and so every string format and check, into the bundle: 11 kB gzip
// of the chat for schemas built from a dozen plain constructors. Parsing stays zod's own; only the classic
// methods the SDK chains on a schema (`.optional()`, `.transform()` and their kin) are added here.
// The build fails if the SDK imports a name from `zod/v4` that this module does not export, and
// test/embed/ loads the whole SDK on this module (a missing method fails there).
import * as mini from 'zod/v4/mini';

type Schema = mini.ZodMiniType;

/** A mini schema with the chaining methods of a classic one, each returning a schema that has them too. */
function withClassicMethods<Type extends Schema>(schema: Type): Type {
  return Object.assign(schema, {
    optional: () => withClassicMethods(mini.optional(schema)),
    nullable: () => withClassicMethods(mini.nullable(schema)),
    nullish: () => withClassicMethods(mini.nullish(schema)),
    array: () => withClassicMethods(mini.array(schema)),
    // What classic zod's `.transform()` is: the schema piped into a transform.
    transform: <Output>(transform: (value: mini.output<Type>) => Output) => withClassicMethods(mini.pipe(schema, mini.transform(transform))),
  });
}

function classic<Arguments extends unknown[], Type extends Schema>(factory: (...values: Arguments) => Type) {
  return (...values: Arguments): Type => withClassicMethods(factory(...values));
}

export const array = classic(mini.array);
export const boolean = classic(mini.boolean);
export const custom = classic(mini.custom);
export const discriminatedUnion = classic(mini.discriminatedUnion);
export const lazy = classic(mini.lazy);
export const literal = classic(mini.literal);
export const number = classic(mini.number);
export const object = classic(mini.object);
export const record = classic(mini.record);
export const string = classic(mini.string);
export const union = classic(mini.union);
export const unknown = classic(mini.unknown);
const nullSchema = classic(mini.null);
const instanceOf = classic(mini.instanceof);
export { nullSchema as null, instanceOf as instanceof };
export { safeParseAsync } from 'zod/v4/mini';
