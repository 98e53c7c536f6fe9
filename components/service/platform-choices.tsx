'use client';

import { useEffect, useState } from 'react';
import { ChevronRight } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/infra/utils/cn';
import { readActivePlatform } from '@/components/layout/active-platform';

export type PlatformChoice = { platform: string; name: string; services: { href: string; label: string }[] };

/**
 * /service's platforms (§2), the one the visitor last worked on first and marked (§3
 * activePlatform, default twitter). Rendered on the server in the catalogue's order; the stored
 * choice is read after hydration, so server and browser render the same first.
 */
export function PlatformChoices({ choices, lastUsedLabel }: { choices: PlatformChoice[]; lastUsedLabel: string }) {
  const [active, setActive] = useState<string | undefined>(undefined);
  useEffect(() => {
    // The browser's stored value is known only here (never on the server).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setActive(readActivePlatform(choices.map((c) => c.platform)));
  }, [choices]);
  const ordered = active ? [...choices].sort((a, b) => Number(b.platform === active) - Number(a.platform === active)) : choices;

  return (
    <div className="mt-6 grid gap-4 sm:grid-cols-[repeat(auto-fit,minmax(13rem,1fr))]">
      {ordered.map((c) => (
        <Card key={c.platform} className={cn('p-4', c.platform === active && 'border-brand ring-1 ring-brand')} data-platform-choice={c.platform} data-active={c.platform === active || undefined}>
          <nav aria-label={c.name}>
            <h2 className="flex flex-wrap items-center gap-2 font-semibold">
              {c.name}
              {c.platform === active ? <Badge tone="info">{lastUsedLabel}</Badge> : null}
            </h2>
            <ul className="mt-2 space-y-1">
              {c.services.map((s) => (
                <li key={s.href}>
                  <Link href={s.href} className={buttonVariants({ variant: 'ghost', className: 'w-full justify-between text-brand' })}>
                    {s.label}
                    <ChevronRight aria-hidden="true" className="size-4" />
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </Card>
      ))}
    </div>
  );
}
