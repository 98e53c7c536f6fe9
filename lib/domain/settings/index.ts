export { getSiteSettings, cachedSiteSettings, DEFAULT_SITE_SETTINGS, type SiteSettings } from './get-site-settings';
export { getAdminSiteSettings, type AdminSiteSettings } from './get-admin-site-settings';
export { updateSiteSettings } from './update-site-settings';
export { watchPollSeconds, DEFAULT_WATCH_POLL_SECONDS } from './watch-poll-seconds';
export { siteSettingsSchema, type SiteSettingsInput } from './schemas';
