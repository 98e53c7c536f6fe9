/** Plain data shared by the footer's server and client parts. */
export const POLICY_LINKS = [
  { href: '/privacy', key: 'privacy' },
  { href: '/terms', key: 'terms' },
  { href: '/cookies', key: 'cookies' },
  { href: '/subscription-policy', key: 'subscription' },
] as const;

/** The imprint (issue #32 "Who we are"): listed with the policy pages, its texts under `Policies.imprint`. */
export const IMPRINT_LINK = { href: '/imprint', key: 'imprint' } as const;

/** The six FAQ entries of §2, in order (messages `Help.faq.<key>.q|a`). */
export const FAQ_KEYS = ['botPanels', 'accountAccess', 'termsRisk', 'algorithms', 'perPlatform', 'realProfiles'] as const;
