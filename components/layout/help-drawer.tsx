'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { CircleHelp } from 'lucide-react';
import { Accordion, AccordionItem } from '@/components/ui/accordion';
import { Button } from '@/components/ui/button';
import { BottomSheet, useBottomSheet } from '@/components/ui/bottom-sheet';
import { useRouter } from '@/lib/i18n/navigation';

// The ticket form (and its zod schema) is its own chunk, loaded when a logged-in customer opens the
// drawer: visitors' pages, and pages until the drawer is opened, do not carry it.
const TicketForm = dynamic(() => import('@/components/support/ticket-form').then((m) => m.TicketForm), { ssr: false });
import { ContactForm } from './contact-form';
import { FAQ_KEYS } from './links';

/**
 * The footer's help link and the help drawer (§2): product description, the six FAQ answers and the
 * contact form; for a logged-in customer the form opens a support ticket instead (issue #18).
 */
export function HelpDrawer({ siteName, loggedIn = false }: { siteName: string; loggedIn?: boolean }) {
  const router = useRouter();
  const t = useTranslations('Help');
  const footer = useTranslations('Footer');
  const sheet = useBottomSheet();
  return (
    <>
      <Button variant="ghost" onClick={sheet.open} aria-haspopup="dialog" aria-label={footer('helpLabel')} className="font-medium text-brand">
        <CircleHelp aria-hidden="true" className="size-5" />
        {footer('help')}
      </Button>
      <BottomSheet sheet={sheet} title={t('title')} closeLabel={t('close')}>
        <section aria-labelledby="help-about" className="space-y-2">
          <h3 id="help-about" className="text-base font-semibold">
            {t('aboutTitle', { site: siteName })}
          </h3>
          <p className="text-sm leading-relaxed">{t('about1', { site: siteName })}</p>
          <p className="text-sm leading-relaxed">{t('about2')}</p>
        </section>
        <section aria-labelledby="help-faq" className="mt-6">
          <h3 id="help-faq" className="text-base font-semibold">
            {t('faqTitle')}
          </h3>
          <Accordion type="single" collapsible className="mt-2">
            {FAQ_KEYS.map((key) => (
              <AccordionItem key={key} value={key} title={t(`faq.${key}.q`)} headingLevel="h4">
                <p>{t(`faq.${key}.a`)}</p>
              </AccordionItem>
            ))}
          </Accordion>
        </section>
        <section className="mt-6 rounded-lg border border-line p-4">
          {loggedIn ? (
            <TicketForm
              onCreated={(id) => {
                sheet.close();
                router.push({ pathname: '/panel/support', query: { ticket: id } });
              }}
            />
          ) : (
            <ContactForm />
          )}
        </section>
      </BottomSheet>
    </>
  );
}
