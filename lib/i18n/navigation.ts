// Locale-aware navigation. `Link` prefetches on intent (see intent-link.tsx); the rest is
// next-intl's createNavigation as is.
export { redirect, usePathname, useRouter, getPathname } from './navigation-base';
export { Link } from './intent-link';
