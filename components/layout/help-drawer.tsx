'use client';

import { useTranslations } from 'next-intl';
import { CircleHelp } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useBottomSheet } from '@/components/ui/use-bottom-sheet';
import { useDeferred } from '@/components/ui/use-deferred';
import { useViewerState } from './viewer-context';

const loadSheet = () => import('./help-sheet').then((m) => m.HelpSheet);

/**
 * The footer's help button and the help drawer (§2). The drawer (help-sheet.tsx: Radix dialog, FAQ,
 * contact or ticket form) loads when the button is pointed at, focused or pressed, then slides in.
 */
export function HelpDrawer({ siteName }: { siteName: string }) {
  // A signed-in customer writes a ticket; a visitor (or a shell still asking who this is) the contact form.
  const loggedIn = useViewerState().phase === 'member';
  const footer = useTranslations('Footer');
  const sheet = useBottomSheet();
  const { loaded: HelpSheet, warm, ensure } = useDeferred(loadSheet);
  return (
    <>
      <Button
        variant="ghost"
        onClick={() => void ensure().then(sheet.open)}
        onPointerEnter={warm}
        onFocus={warm}
        aria-haspopup="dialog"
        aria-label={footer('helpLabel')}
        className="font-medium text-brand"
      >
        <CircleHelp aria-hidden="true" className="size-5" />
        {footer('help')}
      </Button>
      {HelpSheet ? <HelpSheet sheet={sheet} siteName={siteName} loggedIn={loggedIn} /> : null}
    </>
  );
}
