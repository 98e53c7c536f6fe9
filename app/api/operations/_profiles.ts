import { getDb } from '@/db/client';
import { isPlatform, type Platform } from '@/lib/catalogue/services';
import { AppError } from '@/lib/errors';
import { listProfiles } from '@/lib/profiles';
import { handle, ok } from '../_lib/handler';

/** GET /twitter/profiles (`?platform=` picks another), /instagram/profiles, /youtube/profiles: public. */
export function profilesRoute(platform: Platform) {
  return handle(async (req) => {
    const requested = new URL(req.url).searchParams.get('platform') ?? platform;
    if (!isPlatform(requested)) throw new AppError('PLATFORM_NOT_FOUND');
    const profiles = await listProfiles(await getDb(), requested);
    return ok({ profiles }, 200, { 'cache-control': 'no-store' });
  });
}
