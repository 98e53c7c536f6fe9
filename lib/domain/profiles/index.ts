export { syncProfiles, type SyncResult } from './sync-profiles';
export { ensureProfilesSynced } from './first-sync';
export { listProfiles, readProfiles, accountAgeDays, type PublicProfile } from './list-profiles';
export { startProfileSync } from './profile-sync-loop';
export {
  recordProfileOutcomes,
  recordDailyResults,
  listProfileHealth,
  profileReliability,
  setProfileStatus,
  HEALTH_WINDOW_DAYS,
  HELD_STATUSES,
  type ProfileHealth,
  type ProfileFailure,
} from './profile-health';
export { profileHealthQuery, profileStatusBody, profileAudienceBody, type ProfileAudienceInput } from './schemas';
export { profilesResponse } from './responses';
export { editProfileAudience, returnProfileAudience, type ProfileAudience } from './edit-audience';
export { readTargetInfo } from './read-target-info';
