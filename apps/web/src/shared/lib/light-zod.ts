/**
 * A small stand-in for the part of zod's API the contracts' content, games, status, platform, lottery,
 * accounts, account-checks and responsible-gaming modules use (and the copies of wallet, paging, agent-contracts and
 * wagering they and the app import),
 * that the browser build gives those modules instead of zod (light-zod-plugin.ts), so that the first
 * loads of home (a member's too) and the lottery list parse their answers without zod's full build (docs/decisions/024-first-load-javascript.md).
 * It parses as zod does for these schemas: the same checks, unknown keys stripped (refused by
 * `strict()`), defaults, transforms and pipes; only its error messages are plain. The development server and the tests use zod
 * itself; light-zod.test.ts parses the same values with both and compares.
 */

type Issue = { path: PropertyKey[]; message: string };
type Result = { ok: true; value: unknown } | { ok: false; issues: Issue[] };
type Step = (value: unknown, path: PropertyKey[]) => Result;
type TransformContext = {
  value: unknown;
  addIssue: (issue: { message?: string; path?: PropertyKey[] }) => void;
};

const ok = (value: unknown): Result => ({ ok: true, value });
const fail = (path: PropertyKey[], message: string): Result => ({ ok: false, issues: [{ path, message }] });

export class LightError extends Error {
  readonly issues: Issue[];
  constructor(issues: Issue[]) {
    super(issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; '));
    this.name = 'ZodError';
    this.issues = issues;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

class Schema {
  /** Key may be absent from an object (optional, or with a default). */
  optionalKey = false;

  constructor(
    readonly run: Step,
    readonly extra: Record<string, unknown> = {},
  ) {}

  protected derive(run: Step, extra: Record<string, unknown> = this.extra): this {
    const next = Object.create(Object.getPrototypeOf(this) as object) as this;
    Object.assign(next, this, { run, extra });
    return next;
  }

  /** A check after this schema's own steps (the value is already of its type). */
  protected check(test: (value: never) => boolean, message: string): this {
    const run = this.run;
    return this.derive((value, path) => {
      const result = run(value, path);
      if (!result.ok) return result;
      return test(result.value as never) ? result : fail(path, message);
    });
  }

  /** A rewrite of the value after this schema's own steps. */
  protected rewrite(change: (value: never) => unknown): this {
    const run = this.run;
    return this.derive((value, path) => {
      const result = run(value, path);
      return result.ok ? ok(change(result.value as never)) : result;
    });
  }

  safeParse(value: unknown) {
    const result = this.run(value, []);
    return result.ok
      ? { success: true as const, data: result.value }
      : { success: false as const, error: new LightError(result.issues) };
  }

  parse(value: unknown) {
    const result = this.safeParse(value);
    if (!result.success) throw result.error;
    return result.data;
  }

  optional(): Schema {
    const run = this.run;
    const schema = new Schema((value, path) => (value === undefined ? ok(undefined) : run(value, path)));
    schema.optionalKey = true;
    return schema;
  }

  nullable(): Schema {
    const run = this.run;
    const schema = new Schema((value, path) => (value === null ? ok(null) : run(value, path)));
    schema.optionalKey = this.optionalKey;
    return schema;
  }

  default(fallback: unknown): Schema {
    const run = this.run;
    const schema = new Schema((value, path) =>
      value === undefined
        ? ok(typeof fallback === 'function' ? (fallback as () => unknown)() : fallback)
        : run(value, path),
    );
    schema.optionalKey = true;
    return schema;
  }

  /** A rewrite; like zod's, it may refuse the value by adding an issue to its context (and answer `z.NEVER`). */
  transform(change: (value: never, context: TransformContext) => unknown): Schema {
    const run = this.run;
    return new Schema((value, path) => {
      const result = run(value, path);
      if (!result.ok) return result;
      const issues: Issue[] = [];
      const changed = change(result.value as never, {
        value: result.value,
        addIssue: (issue) =>
          issues.push({ path: [...path, ...(issue.path ?? [])], message: issue.message ?? 'Invalid input' }),
      });
      return issues.length > 0 ? { ok: false, issues } : ok(changed);
    });
  }

  pipe(next: Schema): Schema {
    const run = this.run;
    const schema = new Schema((value, path) => {
      const result = run(value, path);
      return result.ok ? next.run(result.value, path) : result;
    });
    schema.optionalKey = this.optionalKey && next.optionalKey;
    return schema;
  }

  refine(
    test: (value: never) => unknown,
    options?: string | { message?: string; path?: PropertyKey[] },
  ): this {
    const message = typeof options === 'string' ? options : (options?.message ?? 'Invalid input');
    const at = typeof options === 'object' ? options.path : undefined;
    const run = this.run;
    return this.derive((value, path) => {
      const result = run(value, path);
      if (!result.ok) return result;
      return test(result.value as never) ? result : fail(at ? [...path, ...at] : path, message);
    });
  }

  describe(): this {
    return this;
  }

  meta(): this {
    return this;
  }
}

class StringSchema extends Schema {
  min(length: number) {
    return this.check((value: string) => value.length >= length, `At least ${length} characters`);
  }
  max(length: number) {
    return this.check((value: string) => value.length <= length, `At most ${length} characters`);
  }
  length(length: number) {
    return this.check((value: string) => value.length === length, `Exactly ${length} characters`);
  }
  regex(pattern: RegExp) {
    return this.check((value: string) => {
      pattern.lastIndex = 0;
      return pattern.test(value);
    }, 'Invalid string');
  }
  uuid() {
    return this.check((value: string) => UUID.test(value), 'Invalid UUID');
  }
  trim() {
    return this.rewrite((value: string) => value.trim());
  }
  toUpperCase() {
    return this.rewrite((value: string) => value.toUpperCase());
  }
  toLowerCase() {
    return this.rewrite((value: string) => value.toLowerCase());
  }
}

class NumberSchema extends Schema {
  int() {
    return this.check((value: number) => Number.isSafeInteger(value), 'Expected an integer');
  }
  min(bound: number) {
    return this.check((value: number) => value >= bound, `At least ${bound}`);
  }
  max(bound: number) {
    return this.check((value: number) => value <= bound, `At most ${bound}`);
  }
  positive() {
    return this.check((value: number) => value > 0, 'Expected a positive number');
  }
  nonnegative() {
    return this.check((value: number) => value >= 0, 'Expected a number not below 0');
  }
}

class ArraySchema extends Schema {
  min(length: number) {
    return this.check((value: unknown[]) => value.length >= length, `At least ${length} items`);
  }
  max(length: number) {
    return this.check((value: unknown[]) => value.length <= length, `At most ${length} items`);
  }
}

class ObjectSchema extends Schema {
  constructor(
    readonly shape: Record<string, Schema>,
    readonly strictKeys = false,
  ) {
    super((value, path) => {
      if (!isPlainObject(value)) return fail(path, 'Expected an object');
      const output: Record<string, unknown> = {};
      const issues: Issue[] = [];
      for (const [key, schema] of Object.entries(shape)) {
        const present = key in value;
        const result = schema.run(value[key], [...path, key]);
        if (!result.ok) issues.push(...result.issues);
        else if (present || result.value !== undefined) output[key] = result.value;
      }
      if (strictKeys) {
        for (const key of Object.keys(value))
          if (!(key in shape)) issues.push({ path: [...path, key], message: 'Unrecognised key' });
      }
      return issues.length > 0 ? { ok: false, issues } : ok(output);
    });
  }

  strict(): ObjectSchema {
    return new ObjectSchema(this.shape, true);
  }

  extend(shape: Record<string, Schema>): ObjectSchema {
    return new ObjectSchema({ ...this.shape, ...shape }, this.strictKeys);
  }
}

const typed =
  (name: string, test: (value: unknown) => boolean): Step =>
  (value, path) =>
    test(value) ? ok(value) : fail(path, `Expected ${name}`);

const isNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

function coerced<T extends Schema>(
  make: (run: Step) => T,
  convert: (value: unknown) => unknown,
  inner: Step,
): T {
  return make((value, path) => inner(convert(value), path));
}

/** What zod's `uuid()` takes: an RFC 9562 UUID of versions 1 to 8, the nil one and the max one. */
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

function union(options: readonly Schema[]) {
  return new Schema((value, path) => {
    for (const option of options) {
      const result = option.run(value, path);
      if (result.ok) return result;
    }
    return fail(path, 'No option of the union fits');
  });
}

function record(key: Schema, item: Schema) {
  return new Schema((value, path) => {
    if (!isPlainObject(value)) return fail(path, 'Expected an object');
    const output: Record<string, unknown> = {};
    const issues: Issue[] = [];
    for (const [name, entry] of Object.entries(value)) {
      const keyResult = key.run(name, [...path, name]);
      const result = item.run(entry, [...path, name]);
      if (!keyResult.ok) issues.push(...keyResult.issues);
      else if (!result.ok) issues.push(...result.issues);
      else output[String(keyResult.value)] = result.value;
    }
    return issues.length > 0 ? { ok: false, issues } : ok(output);
  });
}

const DATE = String.raw`\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])`;
const TIME = String.raw`(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?`;

export const z = {
  string: () => new StringSchema(typed('a string', (value) => typeof value === 'string')),
  number: () => new NumberSchema(typed('a number', isNumber)),
  boolean: () => new Schema(typed('a boolean', (value) => typeof value === 'boolean')),
  null: () => new Schema(typed('null', (value) => value === null)),
  uuid: () => new StringSchema(typed('a string', (value) => typeof value === 'string')).uuid(),
  literal: (expected: unknown) => new Schema(typed(JSON.stringify(expected), (value) => value === expected)),
  enum: (values: readonly unknown[] | Record<string, unknown>) => {
    const options = Array.isArray(values) ? values : Object.values(values);
    const schema = new Schema(
      typed(`one of ${options.join(', ')}`, (value) => options.includes(value)),
      {
        options,
      },
    );
    return Object.assign(schema, {
      options,
      enum: Object.fromEntries(options.map((option) => [option, option])),
    });
  },
  array: (item: Schema) =>
    new ArraySchema((value, path) => {
      if (!Array.isArray(value)) return fail(path, 'Expected an array');
      const output: unknown[] = [];
      const issues: Issue[] = [];
      value.forEach((entry, index) => {
        const result = item.run(entry, [...path, index]);
        if (result.ok) output.push(result.value);
        else issues.push(...result.issues);
      });
      return issues.length > 0 ? { ok: false, issues } : ok(output);
    }),
  object: (shape: Record<string, Schema>) => new ObjectSchema(shape),
  strictObject: (shape: Record<string, Schema>) => new ObjectSchema(shape, true),
  union,
  /**
   * Each option an object whose `key` is a literal of its own: the option the value's key names is the
   * only one that can fit, so trying each in turn answers as zod's lookup does.
   */
  discriminatedUnion: (_key: string, options: readonly Schema[]) => union(options),
  /**
   * Keys checked by `key`, none required: zod's `partialRecord`, and its `record` of string keys (the only
   * kind of the light modules; zod's record of an enum's keys would also ask for every key).
   */
  record,
  partialRecord: record,
  /** What a transform that added an issue answers (the value is refused anyway). */
  NEVER: Object.freeze({ status: 'aborted' }),
  coerce: {
    number: () => coerced((run) => new NumberSchema(run), Number, typed('a number', isNumber)),
  },
  iso: {
    datetime: (options: { offset?: boolean } = {}) => {
      const pattern = new RegExp(
        `^${DATE}T${TIME}(?:Z${options.offset ? String.raw`|[+-](?:[01]\d|2[0-3]):[0-5]\d` : ''})$`,
      );
      return new StringSchema(
        typed('an ISO date and time', (value) => typeof value === 'string' && pattern.test(value)),
      );
    },
  },
};

export default z;
