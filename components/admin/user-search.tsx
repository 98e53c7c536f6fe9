'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/infra/utils/cn';
import { adminApi } from './admin-api';

export type PickedUser = { id: number; ad: string; email: string };

/** Matches shown per search: enough to find one customer, small enough to read on a phone. */
const MATCHES = 10;
/** Typing pauses this long before the server is asked. */
const PAUSE_MS = 250;

const label = (u: PickedUser) => `${u.ad} (${u.email})`;

/**
 * Finds one customer by name, e-mail, phone or an order's number ("#123"), searched on the server
 * (GET /api/users/with-packages?q=…&limit=10) as the admin types (issue #35: the history page used
 * to put every user into a select, 100,000 at scale, and never answered). An ARIA combobox: the
 * arrows move through the matches, Enter picks, Escape closes.
 */
export function UserSearch({ id, value, onPick }: { id: string; value: PickedUser | null; onPick: (user: PickedUser) => void }) {
  const t = useTranslations('Admin.history');
  const locale = useLocale();
  const listId = useId();
  const [text, setText] = useState(value ? label(value) : '');
  const [matches, setMatches] = useState<PickedUser[] | null>(null);
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const asked = useRef(0);

  useEffect(() => {
    const term = text.trim();
    if (!open || !term || (value && text === label(value))) return;
    const ask = ++asked.current;
    const timer = setTimeout(() => {
      const q = new URLSearchParams({ q: term, limit: String(MATCHES), offset: '0' });
      adminApi<{ users: PickedUser[] }>(`/api/users/with-packages?${q}`, { locale, fallback: '' })
        .then((r) => {
          if (ask !== asked.current) return;
          setMatches(r.users.map((u) => ({ id: u.id, ad: u.ad, email: u.email })));
          setActive(0);
        })
        .catch((err) => console.error('user search failed', err));
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, open, value, locale]);

  function pick(u: PickedUser) {
    setOpen(false);
    setMatches(null);
    setText(label(u));
    onPick(u);
  }

  const shown = open && matches !== null && text.trim() !== '';
  return (
    <div className="relative">
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
      <Input
        id={id}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && matches.length ? `${listId}-${active}` : undefined}
        placeholder={t('searchUser')}
        className="pl-9"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={(e) => e.target.select()}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (!shown || !matches.length) return;
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
          } else if (e.key === 'Enter') {
            e.preventDefault();
            pick(matches[active]!);
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      {shown ? (
        <ul id={listId} role="listbox" aria-label={t('user')} className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-control border border-line bg-card py-1 shadow-lg">
          {matches.length === 0 ? (
            <li role="presentation" className="px-3 py-2 text-sm text-muted">
              {t('noUserMatch')}
            </li>
          ) : (
            matches.map((u, i) => (
              <li
                key={u.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={cn('cursor-pointer px-3 py-2 text-sm wrap-anywhere', i === active && 'bg-brand/10')}
                onMouseEnter={() => setActive(i)}
                // Before the input's blur: the press picks instead of closing the list.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(u)}
              >
                {label(u)}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
