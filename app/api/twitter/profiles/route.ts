import { profilesRoute } from '../../operations/_profiles';

/** GET /api/twitter/profiles: the active twitter profiles, shuffled (public). */
export const GET = profilesRoute('twitter');
