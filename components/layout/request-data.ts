import 'server-only';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { getSessionUser } from '@/auth';
import { getSiteSettings } from '@/lib/settings';
import { listActivePlatforms } from '@/lib/platforms';

/**
 * Data every public page needs, read once per request: the layout, generateMetadata and the page
 * itself ask for the same site settings, active platforms and session user (React's per-request cache).
 */
export const requestSiteSettings = cache(async () => getSiteSettings(await getDb()));
export const requestActivePlatforms = cache(async () => listActivePlatforms(await getDb()));
export const requestSessionUser = cache(() => getSessionUser());
