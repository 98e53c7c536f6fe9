export { listPlatforms, listActivePlatforms, cachedPlatforms, cachedActivePlatforms, type PublicPlatform, type AdminPlatform } from './list-platforms';
export { updatePlatform } from './update-platform';
export { updatePlatformSchema, isHttpUrl, type UpdatePlatformInput } from './schemas';
