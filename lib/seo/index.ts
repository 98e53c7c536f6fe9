import 'server-only';
export { POLICY_PATHS, publicPaths, localizedPath, alternatesFor, type PolicyPath } from './paths';
export { organizationJsonLd, faqJsonLd, jsonLdString } from './structured-data';
export { pageMetadata } from './page-metadata';
export { parseHeadTags, toReactProps, type HeadTag } from './head-tags';
