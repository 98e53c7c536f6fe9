'use client';

import { useId, useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { CheckCircle2, ListPlus, XCircle } from 'lucide-react';
import { platformOfService, type Service } from '@/lib/domain/catalogue/services';
import { orderNumberText } from '@/lib/infra/format';
import { SPREAD_CHOICES } from '@/lib/domain/operations/limits';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { Link } from '@/components/ui/link';
import { api } from './service-api';
import { PromptTextarea } from './prompt-textarea';
import { hasPrompt, isoToLocalInput, localInputToIso } from './use-service-form';
import { BULK_MAX, linesOf } from './crew-bulk-helpers';

type Line = { line: number; target: string; status: 'accepted' | 'refused'; task_id?: string; order_number?: number; code?: string; mesaj?: string };
type Problem = { line: number; code: string; first?: number };

type Props = {
  service: Service;
  selected: readonly number[];
  /** The crew the ticks are from, while they are still its own: the order names the crew instead of the ids. */
  crewId?: number;
  loggedIn: boolean;
  onLogin: () => void;
  onDone: () => void;
};

/**
 * "Several links" on a service page (issue #36 item 5): one link per line, the ticked profiles
 * (or the picked crew), POST /api/orders/bulk, then each line's result. A bad line refuses the
 * whole request and is named by its number; a line the send refuses is listed with its reason.
 */
export function BulkOrderCard({ service, selected, crewId, loggedIn, onLogin, onDone }: Props) {
  const t = useTranslations('Bulk');
  const te = useTranslations();
  const ts = useTranslations('ServicePage');
  const locale = useLocale();
  const id = useId();
  const [text, setText] = useState('');
  const [prompt, setPrompt] = useState('');
  const [when, setWhen] = useState<'now' | 'at'>('now');
  const [startAt, setStartAt] = useState('');
  // The schedule's bounds (now to 30 days ahead), fixed when the card mounts.
  const [bounds] = useState(() => ({ min: isoToLocalInput(new Date()), max: isoToLocalInput(new Date(Date.now() + 30 * 86_400_000)) }));
  const [spread, setSpread] = useState('0');
  const [sending, setSending] = useState(false);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [results, setResults] = useState<Line[] | null>(null);

  const lines = linesOf(text);
  const count = lines.length;

  const problemText = (p: Problem) => (te.has(`Errors.${p.code}`) ? te(`Errors.${p.code}`, { line: p.line, first: p.first ?? 0 }) : p.code);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    if (!loggedIn) return onLogin();
    setProblems([]);
    setError(undefined);
    if (count === 0) return setError(te('Validation.bulk_targets_required'));
    if (count > BULK_MAX) return setError(te('Errors.BULK_TOO_MANY', { max: BULK_MAX, count }));
    if (selected.length === 0) return setError(te('Validation.profile_required'));
    const body: Record<string, unknown> = { service, targets: lines };
    if (crewId !== undefined) body.crew_id = crewId;
    else body.profile_ids = [...selected];
    if (hasPrompt(service) && prompt.trim()) body.prompt = prompt.trim();
    if (when === 'at') body.start_at = localInputToIso(startAt) ?? '';
    if (spread !== '0') body.spread_minutes = Number(spread);
    setSending(true);
    try {
      const r = await api('/api/orders/bulk', locale, { body });
      if (!r.ok) {
        const listed = Array.isArray(r.body.lines) ? (r.body.lines as Problem[]) : [];
        if (listed.length > 0) setProblems(listed);
        else {
          const code = r.body.code;
          setError(code && code !== 'VALIDATION_FAILED' && te.has(`Errors.${code}`) ? te(`Errors.${code}`, { ...numbersOf(r.body) }) : (r.body.mesaj ?? ts('genericError')));
        }
        return;
      }
      const answer = r.body.lines as Line[];
      setResults(answer);
      const accepted = answer.filter((l) => l.status === 'accepted').length;
      toast.success(t('done', { accepted, total: answer.length }));
      if (accepted > 0) setText(answer.filter((l) => l.status === 'refused').map((l) => l.target).join('\n'));
      onDone();
    } finally {
      setSending(false);
    }
  }

  return (
    <Card className="p-4">
      <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="space-y-4" data-bulk-form>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t('title')}
        </h2>
        <FormField look="stack" id={`${id}-targets`} label={t('targets')} error={error}>
          <Textarea
            {...fieldAria(`${id}-targets`, error)}
            rows={6}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('placeholder')}
            spellCheck={false}
            autoComplete="off"
            className="font-mono text-sm"
            aria-describedby={`${id}-count`}
          />
          <p id={`${id}-count`} className={count > BULK_MAX ? 'text-right text-xs font-medium text-danger' : 'text-right text-xs text-muted'} aria-live="polite">
            {t('count', { count, max: BULK_MAX })}
          </p>
        </FormField>
        {problems.length > 0 ? (
          <div role="alert" className="rounded-control border border-danger/30 bg-danger/10 p-3 text-sm text-danger" data-bulk-problems>
            <p className="font-medium">{t('problems', { count: problems.length })}</p>
            <ul className="mt-1 list-disc ps-5">
              {problems.map((p) => (
                <li key={p.line}>{problemText(p)}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {hasPrompt(service) ? (
          <FormField look="stack" id={`${id}-prompt`} label={ts('prompt')}>
            <PromptTextarea id={`${id}-prompt`} rows={3} value={prompt} onChange={(e) => setPrompt(e.target.value)} examples={[]} />
          </FormField>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField look="stack" id={`${id}-when`} label={ts('when')}>
            <Select id={`${id}-when`} value={when} onChange={(e) => setWhen(e.target.value === 'at' ? 'at' : 'now')}>
              <option value="now">{ts('whenNow')}</option>
              <option value="at">{ts('whenAt')}</option>
            </Select>
          </FormField>
          {when === 'at' ? (
            <FormField look="stack" id={`${id}-startAt`} label={ts('startAt')}>
              <Input
                id={`${id}-startAt`}
                type="datetime-local"
                value={startAt}
                min={bounds.min}
                max={bounds.max}
                onChange={(e) => setStartAt(e.target.value)}
              />
            </FormField>
          ) : null}
          <FormField look="stack" id={`${id}-spread`} label={ts('spreadOver')}>
            <Select id={`${id}-spread`} value={spread} onChange={(e) => setSpread(e.target.value)}>
              {SPREAD_CHOICES.map((m) => (
                <option key={m} value={String(m)}>
                  {ts(`spread${m}` as 'spread0')}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted">{t('summary', { links: count, profiles: selected.length })}</p>
          <Button type="submit" size="lg" loading={sending} className="w-full sm:w-auto" data-bulk-send>
            {sending ? null : <ListPlus aria-hidden="true" className="size-4" />}
            {loggedIn ? t('send', { count }) : ts('loginToSend')}
          </Button>
        </div>
      </form>

      {results ? (
        <section aria-labelledby={`${id}-results`} className="mt-6" data-bulk-results>
          <h3 id={`${id}-results`} className="text-base font-semibold">
            {t('resultsTitle', { accepted: results.filter((l) => l.status === 'accepted').length, total: results.length })}
          </h3>
          <ol className="mt-2 divide-y divide-line">
            {results.map((l) => (
              <li key={l.line} className="flex gap-3 py-2 text-sm" data-bulk-line={l.line} data-status={l.status}>
                <span className="w-8 shrink-0 pt-0.5 text-muted tabular-nums">{l.line}.</span>
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="break-all">{l.target}</p>
                  {l.status === 'accepted' ? (
                    <div className="flex flex-wrap items-center gap-x-3">
                      <Badge tone="success" icon={CheckCircle2}>
                        {t('accepted')}
                      </Badge>
                      {/* The order's number leads to the statistics, where its results are. */}
                      <Link
                        href={`/panel/statistics?platform=${platformOfService(service) ?? ''}`}
                        className="inline-flex min-h-11 items-center font-medium text-brand underline-offset-2 hover:underline tabular-nums"
                        data-order-link
                      >
                        {orderNumberText(l.order_number ?? 0)}
                        <span className="sr-only">{` – ${t('lineLabel', { line: l.line })}`}</span>
                      </Link>
                    </div>
                  ) : (
                    <p className="flex items-start gap-1.5 text-danger">
                      <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                      <span>{l.mesaj ?? l.code}</span>
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </Card>
  );
}

function numbersOf(body: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  return out;
}
