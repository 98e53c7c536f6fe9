export { listPlatforms, listActivePlatforms, type PublicPlatform, type AdminPlatform } from './list-platforms';
