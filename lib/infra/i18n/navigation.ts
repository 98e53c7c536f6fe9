// Locale-aware navigation: next-intl's createNavigation as is. The app's `<Link>`, which
// prefetches on intent, is a component: components/ui/link.tsx.
export { redirect, usePathname, useRouter, getPathname } from './navigation-base';
