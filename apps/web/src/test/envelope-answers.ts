/** Answers of a fake server in the API's envelope (docs/conventions.md "Calls and data"). */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const ok = (value: unknown) => json({ success: true, value });
export const fail = (code: string, status: number, value?: Record<string, unknown>) =>
  json({ success: false, code, message: code, ...(value ? { value } : {}) }, status);

/** The JSON body a fake server was sent (an empty object without one). */
export const requestBody = (init?: RequestInit) =>
  typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
