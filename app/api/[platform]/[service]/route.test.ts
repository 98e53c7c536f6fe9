import { describe, expect, it } from 'vitest';
import { allServices, PLATFORM_REGISTRY } from '@/platforms';
import { call } from '@/test/http';
import { SEND_ROUTES } from '@/app/api/_lib/platform-routes';
import { GET, POST } from './route';
import { GET as profiles } from '../profiles/route';
import { POST as quote } from './quote/route';

// No database: every answer here is decided before the first query (a visitor, an unknown path).
const once = describe.runIf(process.env.TEST_DB !== 'postgres');

once('the registry’s routes (issue #34: one route file for every platform’s sends)', () => {
  it('serves the §7 send path of every service in the registry, each with its own handler', async () => {
    const paths = allServices().map(({ platform, service }) => `/api/${platform.key}/${service.path}`);
    expect([...SEND_ROUTES.keys()]).toEqual(paths);
    expect(new Set(SEND_ROUTES.values()).size).toBe(paths.length);
    for (const { platform, service } of allServices()) {
      const res = await call(POST, { params: { platform: platform.key, service: service.path }, body: {} });
      // The send's own wrapper answered: it asks a visitor to log in.
      expect([res.status, res.body.code], `${platform.key}/${service.path}`).toEqual([401, 'UNAUTHORIZED']);
    }
  });

  it('answers a path the registry does not hold, or another method, with the JSON 404 of any unknown path', async () => {
    const platform = PLATFORM_REGISTRY[0];
    for (const params of [
      { platform: 'nope', service: platform.services[0].path },
      { platform: platform.key, service: 'nope' },
      // A service's key where its path is asked (reels_like, not reels-like) is not a path either.
      { platform: PLATFORM_REGISTRY[1].key, service: PLATFORM_REGISTRY[1].services[0].key },
      { platform: 'admin', service: 'anything' },
    ]) {
      const res = await call(POST, { params, body: {} });
      expect([res.status, res.body.code], JSON.stringify(params)).toEqual([404, 'ROUTE_NOT_FOUND']);
    }
    const get = await call(GET, { method: 'GET', params: { platform: platform.key, service: platform.services[0].path } });
    expect([get.status, get.body.code]).toEqual([404, 'ROUTE_NOT_FOUND']);
    expect((await call(profiles, { method: 'GET', params: { platform: 'nope' } })).status).toBe(404);
  });

  it('quotes only the services paid by followers', async () => {
    for (const { platform, service } of allServices()) {
      const res = await call(quote, { params: { platform: platform.key, service: service.path }, body: {} });
      expect(res.status, `${service.key}/quote`).toBe(service.paidByFollowers ? 401 : 404);
    }
  });
});
