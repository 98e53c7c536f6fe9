import 'server-only';
export { IMPRINT_PATH, POLICY_PATHS, STOREFRONT_PATHS, publicPaths, localizedPath, alternatesFor, type PolicyPath } from './paths';
export { organizationJsonLd, faqJsonLd, productOffersJsonLd, jsonLdString } from './structured-data';
export { pageMetadata } from './page-metadata';
export { parseHeadTags, toReactProps, type HeadTag } from './head-tags';
