export { getSiteSettings, DEFAULT_SITE_SETTINGS, type SiteSettings } from './get-site-settings';
