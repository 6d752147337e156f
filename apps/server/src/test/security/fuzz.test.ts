import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { API, SESSION_COOKIE } from '@kl/contracts';
import { CHAT_COOKIE } from '@kl/contracts/chat';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestMember, sessionOf } from '../../modules/wallet/testing.ts';
import { loggerOptions } from '../../platform/logger.ts';
import { buildTestApp } from '../app.ts';
import { describeEachDatabase, useTestDatabase } from '../databases.ts';

/**
 * Security suite (a): malformed input never makes the server fail. The OpenAPI document the server
 * publishes (/api/docs/json) lists every route with the shape of its query, path parameters and body;
 * each route is sent, as a visitor and as a logged-in member, a few bad values per parameter chosen by its type — wrong types, huge strings and numbers,
 * negatives, NaN and infinities, NUL and broken UTF-16 / UTF-8, deep nesting, prototype keys — around an
 * otherwise plausible request. No answer may be a 5xx, nothing may pollute Object.prototype, and the
 * server must still answer afterwards.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
};
interface Parameter {
  in: 'query' | 'path' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

interface Probe {
  /** What is wrong with this request, for the report. */
  label: string;
  url: string;
  body?: { payload: string | Buffer; contentType: string };
}

// ——— a plausible value of a schema ———

const STRING_CANDIDATES = [
  'kimlong',
  'abc12345',
  '123456',
  'VN',
  'H5',
  'RNG',
  '1.svg',
  '0912345678',
  '+84',
  'a',
];

function typeOf(schema: Schema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  return schema.type;
}

function plausible(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (choice) return plausible(choice, depth + 1);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => plausible(part, depth + 1)));
  switch (typeOf(schema)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        value[name] = plausible(property, depth + 1);
      }
      return value;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () =>
        plausible(schema.items, depth + 1),
      );
    case 'integer':
      return Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'number':
      return Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'string':
      return plausibleString(schema);
    default:
      return 'x';
  }
}

function plausibleString(schema: Schema): string {
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'date') return '2030-01-01';
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'email') return 'fuzz@example.com';
  const fits = (text: string) =>
    text.length >= (schema.minLength ?? 0) &&
    text.length <= (schema.maxLength ?? Infinity) &&
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(text));
  return STRING_CANDIDATES.find(fits) ?? 'a'.repeat(Math.max(1, schema.minLength ?? 1));
}

// ——— bad values, by type ———

/** A JSON text literal that cannot be written from a JS value (raw numbers); replaced after stringify. */
const raw = (text: string) => `\u0001RAW:${text}\u0001`;
const unraw = (json: string) => json.replace(/"\\u0001RAW:(.*?)\\u0001"/g, '$1');

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const HUGE_STRING = 'x'.repeat(200_000);

const PROTOTYPE_KEY = JSON.parse('{"__proto__": {"polluted": true}}') as unknown;
const CONSTRUCTOR_KEY = JSON.parse('{"constructor": {"prototype": {"polluted": true}}}') as unknown;

function badJsonValues(schema: Schema): [string, unknown][] {
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return [
        ['a word', 'abc'],
        ['negative', -1],
        ['fraction', 1.5],
        ['infinity (1e999)', raw('1e999')],
        ['2^64 + 1', raw('18446744073709551617')],
        ['NaN as text', 'NaN'],
        ['null', null],
      ];
    case 'boolean':
      return [
        ['text', 'true'],
        ['null', null],
      ];
    case 'array':
      return [
        ['text', 'not a list'],
        ['a huge list', Array.from({ length: 20_000 }, (_, i) => i)],
        ['nested lists', raw(deepArray(2_000))],
        ['a list of odd things', [null, -1, 'a\u0000b', PROTOTYPE_KEY, []]],
      ];
    case 'object':
      return [
        ['text', 'not an object'],
        ['deeply nested', raw(deepObject(2_000))],
        ['prototype key', PROTOTYPE_KEY],
        ['constructor.prototype', CONSTRUCTOR_KEY],
      ];
    default:
      return [
        ['NUL', 'a\u0000b'],
        ['lone surrogate', 'a\ud83d'],
        ['huge text', HUGE_STRING],
        ['number', 12345],
        ['prototype key', PROTOTYPE_KEY],
      ];
  }
}

function badQueryValues(schema: Schema): [string, string][] {
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return [
        ['a word', 'abc'],
        ['negative', '-1'],
        ['1e999', '1e999'],
        ['huge integer', '9'.repeat(40)],
        ['NaN', 'NaN'],
        ['fraction', '1.5'],
      ];
    case 'boolean':
      return [['a word', 'maybe']];
    default:
      return [
        ['NUL', 'x%00y'],
        ['broken UTF-8 (a surrogate)', '%ED%A0%80'],
        ['cut UTF-8', '%F0%9F%'],
        ['huge', 'x'.repeat(8_000)],
      ];
  }
}

const BAD_PATH_VALUES: [string, string][] = [
  ['NUL', 'a%00b.svg'],
  ['huge', 'x'.repeat(2_000)],
  ['negative', '-1.svg'],
  ['dot segments', '..%2F..%2Fetc%2Fpasswd'],
  ['broken UTF-8', '%ED%A0%80.svg'],
  ['1e999', '1e999.svg'],
];

const WHOLE_BODIES: [string, string][] = [
  ['prototype key', '{"__proto__": {"polluted": true}}'],
  ['constructor.prototype', '{"constructor": {"prototype": {"polluted": true}}}'],
  ['invalid JSON', '{"a": '],
  ['text', '"just text"'],
  ['null', 'null'],
  ['a list', '[1, 2, 3]'],
  ['empty object', '{}'],
  ['nested 100,000 deep', deepArray(100_000)],
];

function multipartBody(fields: [string, string][], file?: { name: string; bytes: Buffer }): Buffer {
  const boundary = 'fuzz-boundary';
  const parts = fields.map(
    ([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const chunks: Buffer[] = [Buffer.from(parts.join(''))];
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.name}"; filename="a.png"\r\n` +
          'content-type: image/png\r\n\r\n',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}
const MULTIPART = 'multipart/form-data; boundary=fuzz-boundary';
/** Text fields of a plausible form (the feedback form's names; other routes take no multipart). */
const FORM_FIELDS: [string, string][] = [
  ['type', '1'],
  ['content', 'A question about a deposit that never arrived'],
  ['captchaId', 'fuzz-captcha'],
  ['captcha', '1234'],
  ['comment', 'a picture'],
];
const MULTIPART_BODIES: [string, Buffer][] = [
  ...FORM_FIELDS.map(([name]): [string, Buffer] => [
    `NUL in ${name}`,
    multipartBody(FORM_FIELDS.map(([field, value]) => [field, field === name ? `${value}\u0000x` : value])),
  ]),
  [
    'odd values',
    multipartBody([
      ['type', '-1e999'],
      ['content', 'y'.repeat(4_000)],
      ['__proto__', 'polluted'],
      ['comment', 'z'.repeat(3_000)],
    ]),
  ],
  [
    'a file that is no image',
    multipartBody([['type', '1']], { name: 'image', bytes: Buffer.alloc(2_000, 7) }),
  ],
  ['a file in another field', multipartBody([['type', '1']], { name: 'content', bytes: Buffer.from('abc') })],
];

// ——— the probes of one operation ———

const json = (value: unknown) => ({ payload: unraw(JSON.stringify(value)), contentType: 'application/json' });

function probesOf(path: string, method: string, operation: Operation): Probe[] {
  const parameters = operation.parameters ?? [];
  const query = parameters.filter((parameter) => parameter.in === 'query');
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const fillPath = (overrides: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (overrides[name] !== undefined) return overrides[name];
      const schema = pathParameters.find((parameter) => parameter.name === name)?.schema;
      return encodeURIComponent(String(plausible(schema) ?? '1'));
    });
  // The bad value goes next to the required parameters only: optional filters could stop a call early.
  const queryOf = (all: boolean) => {
    const params = new URLSearchParams();
    for (const parameter of query) {
      const value = plausible(parameter.schema);
      if (value !== undefined && (all || parameter.required)) params.set(parameter.name, String(value));
    }
    return params;
  };
  const baseQuery = queryOf(false);
  const withQuery = (url: string, queryText: string) => (queryText ? `${url}?${queryText}` : url);
  const basePath = fillPath();
  const baseUrl = withQuery(basePath, baseQuery.toString());

  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const fullBody = bodySchema ? plausible(bodySchema) : undefined;
  const required = new Set(bodySchema?.required ?? []);
  const baseBody =
    typeof fullBody === 'object' && fullBody !== null && !Array.isArray(fullBody)
      ? Object.fromEntries(Object.entries(fullBody).filter(([name]) => required.has(name)))
      : fullBody;
  const probes: Probe[] = [];
  const bodyOf = () => (baseBody === undefined ? undefined : json(baseBody));

  probes.push({
    label: 'plausible request',
    url: withQuery(basePath, queryOf(true).toString()),
    body: fullBody === undefined ? undefined : json(fullBody),
  });
  for (const parameter of query) {
    for (const [label, value] of badQueryValues(parameter.schema)) {
      const bad = new URLSearchParams(baseQuery);
      bad.delete(parameter.name);
      const text = [bad.toString(), `${encodeURIComponent(parameter.name)}=${value}`]
        .filter(Boolean)
        .join('&');
      probes.push({
        label: `query ${parameter.name}: ${label}`,
        url: withQuery(basePath, text),
        body: bodyOf(),
      });
    }
    const twice = `${baseQuery.toString()}&${encodeURIComponent(parameter.name)}=1&${encodeURIComponent(parameter.name)}=2`;
    probes.push({
      label: `query ${parameter.name}: repeated`,
      url: withQuery(basePath, twice),
      body: bodyOf(),
    });
  }
  for (const text of [
    '__proto__[polluted]=1&__proto__=1',
    'constructor[prototype][polluted]=1&constructor=x',
  ]) {
    const combined = [baseQuery.toString(), text].filter(Boolean).join('&');
    probes.push({ label: `query ${text}`, url: withQuery(basePath, combined), body: bodyOf() });
  }
  for (const parameter of pathParameters) {
    for (const [label, value] of BAD_PATH_VALUES) {
      probes.push({
        label: `path ${parameter.name}: ${label}`,
        url: withQuery(fillPath({ [parameter.name]: value }), ''),
      });
    }
  }

  if (method === 'get' || method === 'head') return probes;
  if (bodySchema && typeOf(bodySchema) === 'object' && typeof baseBody === 'object' && baseBody !== null) {
    for (const [name, property] of Object.entries(bodySchema.properties ?? {})) {
      for (const [label, value] of badJsonValues(property)) {
        probes.push({
          label: `body ${name}: ${label}`,
          url: baseUrl,
          body: json({ ...baseBody, [name]: value }),
        });
      }
    }
    probes.push({
      label: 'body with an unknown key',
      url: baseUrl,
      body: json({ ...baseBody, unexpected: 'x' }),
    });
  } else if (bodySchema) {
    for (const [label, value] of badJsonValues(bodySchema)) {
      probes.push({ label: `body: ${label}`, url: baseUrl, body: json(value) });
    }
  }
  for (const [label, payload] of WHOLE_BODIES) {
    probes.push({
      label: `whole body: ${label}`,
      url: baseUrl,
      body: { payload, contentType: 'application/json' },
    });
  }
  probes.push({
    label: 'whole body: text/plain',
    url: baseUrl,
    body: { payload: 'hello', contentType: 'text/plain' },
  });
  if (!bodySchema) {
    for (const [label, payload] of MULTIPART_BODIES) {
      probes.push({ label: `multipart: ${label}`, url: baseUrl, body: { payload, contentType: MULTIPART } });
    }
  }
  return probes;
}

/** Routes whose answer is an endless stream: probed only with what is refused before the stream starts. */
const isStream = (operation: Operation) =>
  Object.values(operation.responses ?? {}).some(
    (response) => 'text/event-stream' in (response.content ?? {}),
  );

describeEachDatabase('security (a): malformed input never answers 5xx', (kind) => {
  const database = useTestDatabase(kind);
  const errors: Record<string, unknown>[] = [];
  let app: FastifyInstance;
  let document: OpenApi;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) {
          if (line.trim()) errors.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    });
    app = await buildTestApp(database.current, {
      logger: loggerOptions('error', stream),
      config: {
        devOutbox: true,
        devClock: true,
        rateLimitMax: 1_000_000,
      },
    });
    const response = await app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    document = JSON.parse(response.body) as OpenApi;
  });
  afterAll(() => app.close());

  it('the OpenAPI document lists every call of the API table', () => {
    const listed = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map(
          (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        ),
      ),
    );
    const missing = Object.values(API)
      .map((call) => `${call.method} ${call.path}`)
      .filter((call) => !listed.has(call));
    expect(missing).toEqual([]);
  });

  // About 4,900 requests per database: seconds alone, longer beside the other suites on two cores.
  it('answers every malformed request of every route without a 5xx', async () => {
    const failures: string[] = [];
    let sent = 0;
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(routes.length).toBeGreaterThan(100);

    // One member while its session lives (a probe may log it out, time it out or exclude it), with the
    // chat page's cookie too, so that the chat calls take the member's messages.
    const newCookie = async () => {
      const session = `${SESSION_COOKIE}=${await sessionOf(database.current.db, await createTestMember(database.current.db))}`;
      const launched = await app.inject({ url: API.launchChat.path, headers: { cookie: session } });
      const chatUrl = (JSON.parse(launched.body) as { value?: { chatUrl?: string } }).value?.chatUrl ?? '';
      const exchanged = await app.inject({
        method: 'POST',
        url: API.chatSession.path,
        payload: { token: /#token=(.+)$/.exec(chatUrl)?.[1] ?? '' },
      });
      const chat = String(exchanged.headers['set-cookie'] ?? '').match(
        new RegExp(`${CHAT_COOKIE}=([^;]+)`),
      )?.[1];
      expect(chat, exchanged.body).toBeTruthy();
      return `${session}; ${CHAT_COOKIE}=${chat}`;
    };
    let cookie = await newCookie();
    let routeNumber = 0;
    for (const { path, method, operation } of routes) {
      routeNumber += 1;
      const alive = await app.inject({ url: API.memberInfo.path, headers: { cookie } });
      if (alive.statusCode !== 200) cookie = await newCookie();
      const callers = [
        { name: 'visitor', headers: {} as Record<string, string> },
        { name: 'member', headers: { cookie } as Record<string, string> },
      ];
      let probes = probesOf(path, method, operation);
      // An endless stream: only the probes refused before it starts (a bad query), and only as a visitor.
      if (isStream(operation)) probes = probes.filter((probe) => probe.label.startsWith('query'));
      const jobs = callers.flatMap((caller) =>
        isStream(operation) && caller.name !== 'visitor' ? [] : probes.map((probe) => ({ caller, probe })),
      );
      const remoteAddress = `198.18.${Math.floor(routeNumber / 250)}.${routeNumber % 250}`;
      for (let start = 0; start < jobs.length; start += 24) {
        const batch = jobs.slice(start, start + 24);
        const answers = await Promise.all(
          batch.map(({ caller, probe }) =>
            app
              .inject({
                method: method.toUpperCase() as 'GET',
                url: probe.url,
                remoteAddress,
                headers: {
                  'accept-language': 'en',
                  ...caller.headers,
                  ...(probe.body && { 'content-type': probe.body.contentType }),
                },
                ...(probe.body && { payload: probe.body.payload }),
              })
              .catch((error: unknown) => ({ statusCode: 599, body: String(error), headers: {} }) as never),
          ),
        );
        sent += answers.length;
        answers.forEach((answer: LightMyRequestResponse, index) => {
          if (answer.statusCode < 500) return;
          const { caller, probe } = batch[index] ?? {};
          const requestId = answer.headers['x-request-id'];
          const logged = errors.find((line) => line.reqId === requestId)?.err as
            { message?: string } | undefined;
          failures.push(
            `${method.toUpperCase()} ${path} as ${caller?.name}, ${probe?.label}: ${answer.statusCode} ` +
              `${(logged?.message ?? answer.body).slice(0, 300)}`,
          );
        });
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(3_000);
    // Nothing reached Object.prototype, and the server still answers.
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await app.inject({ url: API.health.path })).statusCode).toBe(200);
  }, 120_000);
});
