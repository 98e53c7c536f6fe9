import { POST } from './route';
import { errorResponse, V2_RESPONSES } from '@/lib/domain/reseller/responses';

/**
 * Calls POST /api/v2 the way a reseller script does: form-encoded by default (what PHP's curl
 * sends), or JSON, and checks the answer against the documented response schema
 * (lib/domain/reseller/responses.ts). Only tests import this.
 */
export async function callV2(
  fields: Record<string, string | number | (string | number)[] | undefined>,
  options: { json?: boolean; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown; headers: Headers; text: string }> {
  const headers = new Headers(options.headers);
  let body: string;
  if (options.json) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(fields);
  } else {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.set(k, Array.isArray(v) ? v.join(',') : String(v));
    body = form.toString();
  }
  const res = await POST(new Request('http://localhost/api/v2', { method: 'POST', headers, body }), { params: Promise.resolve({}) });
  const text = await res.text();
  const parsed: unknown = text ? JSON.parse(text) : null;
  // Every answer must have the documented shape (the OpenAPI description is made from these schemas).
  const action = String(fields.action) as keyof typeof V2_RESPONSES;
  // A refusal is HTTP 200 with `error` and `code` (issue #33 item 2); only an unreadable body or a fault of ours is 4xx/5xx.
  const refused = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) && 'code' in parsed && 'error' in parsed;
  if (res.status === 200 && !refused && action in V2_RESPONSES) V2_RESPONSES[action].parse(parsed);
  if (refused || res.status >= 400) errorResponse.parse(parsed);
  return { status: res.status, body: parsed, headers: res.headers, text };
}
