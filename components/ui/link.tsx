'use client';

import { type ComponentProps, type FocusEvent, type MouseEvent, type TouchEvent, useRef } from 'react';
import { Link as IntlLink, useRouter } from '@/lib/infra/i18n/navigation-base';

type Props = ComponentProps<typeof IntlLink>;

/**
 * The app's `<Link>`: next-intl's localized link that prefetches on intent (pointer over it, a
 * finger on it, keyboard focus) instead of as soon as it scrolls into view. A page shows a dozen
 * links at once (header, service strip, footer); fetching and parsing every one of their server
 * payloads while the page is still hydrating was most of a phone's blocked main thread (Lighthouse
 * long tasks after load). A link given `prefetch` explicitly keeps Next's own behaviour.
 */
export function Link({ prefetch, onMouseEnter, onTouchStart, onFocus, ...props }: Props) {
  const router = useRouter();
  const done = useRef(false);
  if (prefetch !== undefined) return <IntlLink prefetch={prefetch} onMouseEnter={onMouseEnter} onTouchStart={onTouchStart} onFocus={onFocus} {...props} />;
  const warm = () => {
    if (done.current) return;
    done.current = true;
    // The same localized href next-intl's link navigates to; a failed prefetch only means the
    // click fetches the page itself.
    try {
      router.prefetch(props.href as Parameters<typeof router.prefetch>[0], props.locale ? { locale: props.locale } : undefined);
    } catch {
      /* prefetch is an optimisation */
    }
  };
  return (
    <IntlLink
      prefetch={false}
      onMouseEnter={(e: MouseEvent<HTMLAnchorElement>) => {
        warm();
        onMouseEnter?.(e);
      }}
      onTouchStart={(e: TouchEvent<HTMLAnchorElement>) => {
        warm();
        onTouchStart?.(e);
      }}
      onFocus={(e: FocusEvent<HTMLAnchorElement>) => {
        warm();
        onFocus?.(e);
      }}
      {...props}
    />
  );
}
