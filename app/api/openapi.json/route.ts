import { publicUrl } from '@/env';
import { buildOpenApi } from '@/app/api/_lib/openapi/build-openapi';
import { ROUTE_MODULES } from '@/app/api/_lib/openapi/manifest';
import { route } from '@/app/api/_lib/route';

let cached: Promise<unknown> | undefined;

/** GET /api/openapi.json: the OpenAPI 3.1 description of every route, built once per process from what the handlers declare. */
export const GET = route({ auth: 'public' }, async () => {
  cached ??= buildOpenApi(ROUTE_MODULES, { serverUrl: publicUrl() }).catch((err: unknown) => {
    cached = undefined;
    throw err;
  });
  return Response.json(await cached, { headers: { 'cache-control': 'public, max-age=300' } });
});
