export { listCrews, readCrew, createCrew, updateCrew, deleteCrew, crewForSend } from './crews';
export {
  createCrewSchema,
  updateCrewSchema,
  crewParams,
  crewListQuery,
  CREW_NAME_MAX,
  CREW_PROFILES_MAX,
  CREW_PROFILE_STATES,
  type CrewProfileState,
  type CreateCrewBody,
  type UpdateCrewBody,
} from './schemas';
export { crewAnswer, crewsAnswer, type CrewView } from './responses';
