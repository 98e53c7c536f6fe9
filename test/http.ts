/**
 * Calls an exported route handler the way Next.js would (STYLE.md "Tests": handler integration
 * tests call the exported function with a Request).
 */
type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export type CallOptions = {
  method?: string;
  path?: string;
  body?: unknown;
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
  params?: Record<string, string | string[]>;
};

export async function call(handler: Handler, options: CallOptions = {}): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const headers = new Headers(options.headers);
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set('content-type', 'application/json');
  }
  const req = new Request(`http://localhost${options.path ?? '/api/test'}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  const text = await res.text();
  // A non-JSON answer (a CSV export) comes back as { text }.
  const json = res.headers.get('content-type')?.includes('json') ?? true;
  return { status: res.status, body: !text ? {} : json ? (JSON.parse(text) as Record<string, unknown>) : { text }, headers: res.headers };
}
