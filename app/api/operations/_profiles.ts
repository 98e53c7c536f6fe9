import { z } from 'zod';
import { isPlatform, type Platform } from '@/lib/catalogue/services';
import { AppError } from '@/lib/errors';
import { listProfiles } from '@/lib/profiles';
import { text } from '@/lib/validation';
import { ok, route } from '@/app/api/_lib/route';

const query = z.object({ platform: text({ max: 40 }).optional() });

/** GET /twitter/profiles (`?platform=` picks another), /instagram/profiles, /youtube/profiles: public. */
export function profilesRoute(platform: Platform) {
  return route({ auth: 'public', query }, async ({ db, query }) => {
    const requested = query.platform ?? platform;
    if (!isPlatform(requested)) throw new AppError('PLATFORM_NOT_FOUND');
    return ok({ profiles: await listProfiles(db, requested) });
  });
}
