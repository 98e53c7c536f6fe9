import { z } from 'zod';
import { MAX_PROFILES_PER_SEND, PLATFORMS } from '@/lib/domain/catalogue/services';
import { id, idParam, text } from '@/lib/infra/validation';

/** Bodies and answers of /api/crews (issue #36 item 3), shared by the route handlers and the service page's crew dialog. */
export const CREW_NAME_MAX = 60;
/** At most as many profiles as one send may take. */
export const CREW_PROFILES_MAX = MAX_PROFILES_PER_SEND;

const platform = z.enum(PLATFORMS, { message: 'Validation.crew_platform_invalid' });
const name = text({ max: CREW_NAME_MAX, message: 'Validation.crew_name_required', tooLong: 'Validation.crew_name_too_long' }).min(1, 'Validation.crew_name_required');
const profileIds = z
  .array(id('Validation.profile_required'), { message: 'Validation.profile_required' })
  .min(1, 'Validation.profile_required')
  .max(CREW_PROFILES_MAX, 'Validation.crew_too_many_profiles')
  .refine((ids) => new Set(ids).size === ids.length, 'Validation.profiles_distinct');

export const createCrewSchema = z.object({ platform, name, profile_ids: profileIds });
export type CreateCrewBody = z.output<typeof createCrewSchema>;

/** PUT: a new name, a new set of profiles, or both; `platform`, when given, must be the crew's own. */
export const updateCrewSchema = z
  .object({ platform: platform.optional(), name: name.optional(), profile_ids: profileIds.optional() })
  .refine((v) => v.name !== undefined || v.profile_ids !== undefined, { message: 'Validation.crew_name_required', path: ['name'] });
export type UpdateCrewBody = z.output<typeof updateCrewSchema>;

export const crewParams = z.object({ id: idParam });
export const crewListQuery = z.object({ platform: platform.optional() });

/** Why a crew's profile can or cannot act now (as the Repeat draft says it). */
export const CREW_PROFILE_STATES = ['active', 'inactive', 'quarantined', 'disabled', 'gone'] as const;
export type CrewProfileState = (typeof CREW_PROFILE_STATES)[number];
