export { syncProfiles, type SyncResult } from './sync-profiles';
export { listProfiles, type PublicProfile } from './list-profiles';
export { startProfileSync } from './profile-sync-loop';
