import { profilesRoute } from '../../operations/_profiles';

/** GET /api/instagram/profiles: the active instagram profiles, shuffled (public). */
export const GET = profilesRoute('instagram');
