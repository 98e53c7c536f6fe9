import { profilesRoute } from '../../operations/_profiles';

/** GET /api/youtube/profiles: the active youtube profiles, shuffled (public). */
export const GET = profilesRoute('youtube');
