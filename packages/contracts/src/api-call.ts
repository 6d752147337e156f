import type { z } from 'zod';
import type { ModuleId } from './modules.ts';

/**
 * One call of the API table (docs/conventions.md, "One typed API table"): method, path under /api,
 * module id (docs/product.md §7) and the schemas of what goes in and what comes back.
 *
 * - `query` and `body`: what the caller sends (the server validates it, the web app types it).
 * - `response`: the `value` of the success envelope. The server's route helper serialises the answer
 *   through it and refuses, at compile time, an answer with a field it does not declare; the web
 *   client parses every answer with it.
 * - Calls that do not answer an envelope (an SVG, an event stream) say so with `raw: true` and are
 *   registered by hand. A multipart upload that answers an envelope is an ordinary entry without a
 *   `body` schema (the route reads its parts).
 */
export interface ApiEntry {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: `/api/${string}`;
  readonly moduleId: ModuleId;
  /** The `:name` segments of the path. */
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response?: z.ZodType;
  readonly raw?: true;
}

/** A call answering an envelope whose value is checked by `response`. */
export type TypedApiEntry = ApiEntry & { readonly response: z.ZodType };

/** A table of calls, keyed by the call's name; `satisfies` keeps each entry's literal types. */
export type ApiTable = Readonly<Record<string, ApiEntry>>;

type SchemaOf<E, K extends 'params' | 'query' | 'body' | 'response'> = E extends {
  readonly [P in K]: infer S;
}
  ? S extends z.ZodType
    ? S
    : never
  : never;

/** The path parameters a server handler receives (validated). */
export type ParamsOut<E> = [SchemaOf<E, 'params'>] extends [never]
  ? unknown
  : z.output<SchemaOf<E, 'params'>>;
/** What a caller sends as the query string of a call (before defaults apply). */
export type QueryIn<E> = [SchemaOf<E, 'query'>] extends [never] ? undefined : z.input<SchemaOf<E, 'query'>>;
/** The query string a server handler receives (validated, defaults applied). */
export type QueryOut<E> = [SchemaOf<E, 'query'>] extends [never] ? unknown : z.output<SchemaOf<E, 'query'>>;
/** What a caller sends as the JSON body of a call. */
export type BodyIn<E> = [SchemaOf<E, 'body'>] extends [never] ? undefined : z.input<SchemaOf<E, 'body'>>;
/** The body a server handler receives (validated, defaults applied). */
export type BodyOut<E> = [SchemaOf<E, 'body'>] extends [never] ? unknown : z.output<SchemaOf<E, 'body'>>;
/** What a server handler answers (the envelope's value, before serialisation). */
export type ValueIn<E> = z.input<SchemaOf<E, 'response'>>;
/** What the web client gets back (the envelope's value, parsed). */
export type ValueOut<E> = z.output<SchemaOf<E, 'response'>>;

type Leaf = string | number | boolean | bigint | symbol | null | undefined | Date;
type KeysOfUnion<T> = T extends unknown ? keyof T : never;
type MemberOfUnion<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
type ElementOf<T> = T extends readonly (infer E)[] ? E : never;

/**
 * `T` with every field that `Shape` does not declare turned into `never`, at any depth (objects, arrays,
 * unions of shapes). A value of type `T` is assignable to `Exactly<Shape, T>` only when it has no such
 * field, which is what the server's route helper checks.
 */
export type Exactly<Shape, T> = T extends Leaf
  ? T
  : T extends readonly unknown[]
    ? { [I in keyof T]: Exactly<ElementOf<Exclude<Shape, Leaf>>, T[I]> }
    : T extends object
      ? {
          [K in keyof T]: K extends KeysOfUnion<Exclude<Shape, Leaf>>
            ? Exactly<MemberOfUnion<Exclude<Shape, Leaf>, K>, T[K]>
            : never;
        }
      : T;

/** The names of the fields of `T` (at any depth) that `Shape` does not declare, for error messages. */
export type UndeclaredFields<Shape, T> = [T] extends [Exactly<Shape, T>] ? never : 'undeclared field';
