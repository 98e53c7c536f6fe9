/**
 * §4 transaction `durum` → badge: basarili/başarılı green, basarisiz/başarısız red, beklemede
 * yellow, iptal cancelled; `kismi` (some profiles succeeded, our addition to §4) amber; any other
 * value is shown as it came, on grey. Colour is never the only cue: every badge carries its text.
 */
export type KnownOutcome = 'basarili' | 'kismi' | 'basarisiz' | 'beklemede' | 'iptal';

const ALIASES: Record<string, KnownOutcome> = {
  basarili: 'basarili',
  başarılı: 'basarili',
  kismi: 'kismi',
  kısmi: 'kismi',
  basarisiz: 'basarisiz',
  başarısız: 'basarisiz',
  beklemede: 'beklemede',
  iptal: 'iptal',
};

const CLASSES: Record<KnownOutcome, string> = {
  basarili: 'bg-success text-white',
  kismi: 'bg-warning text-white',
  basarisiz: 'bg-danger text-white',
  // No yellow token in the theme: Tailwind's yellow with dark text keeps the contrast.
  beklemede: 'bg-yellow-300 text-ink',
  iptal: 'bg-muted text-white',
};

export const OTHER_STATUS_CLASS = 'bg-line text-ink';

export type StatusBadge = { known: KnownOutcome; className: string } | { known: null; raw: string; className: string };

export function statusBadge(durum: string): StatusBadge {
  const known = ALIASES[durum.trim().toLocaleLowerCase('tr')];
  return known ? { known, className: CLASSES[known] } : { known: null, raw: durum, className: OTHER_STATUS_CLASS };
}
