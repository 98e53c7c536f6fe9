'use client';

import { useId, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { MessageSquareText, RefreshCw, Send, X } from 'lucide-react';
import type { Platform, Service } from '@/lib/domain/catalogue/services';
import { commentMax } from '@/lib/domain/operations/comment-rules';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import type { ProfileView } from './profile-list';
import { api, linkFieldOf, type ApiResult } from './service-api';
import { textLength } from './use-service-form';

type Row = { id: number; text: string; error?: string; busy?: boolean };
type Drafts = { drafts: { profile_id: number; text: string; blocked_word?: string }[]; expires_at: string };

type Props = {
  service: Service;
  platform: Platform;
  locale: string;
  profiles: readonly ProfileView[];
  disabled: boolean;
  /** The send body when the form is valid (the workspace shows what is wrong otherwise). */
  check: () => Promise<Record<string, unknown> | null>;
  /** Unticks a profile removed from the review. */
  onRemove: (id: number) => void;
  /** The workspace's send (its toasts, tracking and reset); resolves to the server's answer. */
  send: (body: Record<string, unknown>) => Promise<ApiResult | undefined>;
};

/**
 * Issue #36 item 6, "Review comments" on a comment service's page (docs/ui.md): the provider's
 * draft of each ticked profile's comment (POST /api/comment-drafts), each editable with its
 * length counter, "another draft" per profile and remove (which unticks it); "Approve and send"
 * sends the texts as `comments` through the page's normal send. A refusal that names a profile
 * (a blocked word, an expired or near-identical text) shows beside that profile too.
 */
export function CommentReview({ service, platform, locale, profiles, disabled, check, onRemove, send }: Props) {
  const t = useTranslations('CommentReview');
  const tc = useTranslations('Common');
  const format = useFormatter();
  const baseId = useId();
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [body, setBody] = useState<Record<string, unknown> | null>(null);
  const [expiresAt, setExpiresAt] = useState<string | null>(null);
  const max = commentMax(service);
  const byId = new Map(profiles.map((p) => [p.id, p]));
  const label = (id: number) => `@${byId.get(id)?.username ?? id}`;

  const target = (b: Record<string, unknown>) => String(b[linkFieldOf(platform)] ?? '');
  const askDrafts = (b: Record<string, unknown>, ids: number[]) =>
    api('/api/comment-drafts', locale, { body: { service, profile_ids: ids, target: target(b), prompt: b.prompt ?? undefined } });

  async function review() {
    const b = await check();
    if (!b) return;
    const ids = (b.profile_ids as number[]) ?? [];
    setBody(b);
    setNotice(null);
    setRows([]);
    setOpen(true);
    setLoading(true);
    try {
      const r = await askDrafts(b, ids);
      if (!r.ok) {
        setNotice(r.body.mesaj ?? t('loading'));
        return;
      }
      const answer = r.body as unknown as Drafts;
      setExpiresAt(answer.expires_at);
      setRows(answer.drafts.map((d) => ({ id: d.profile_id, text: d.text, error: d.blocked_word ? t('blocked', { word: d.blocked_word }) : undefined })));
    } finally {
      setLoading(false);
    }
  }

  const update = (id: number, patch: Partial<Row>) => setRows((list) => list.map((r) => (r.id === id ? { ...r, ...patch } : r)));

  async function redraft(id: number) {
    if (!body) return;
    update(id, { busy: true });
    const r = await askDrafts(body, [id]);
    const draft = r.ok ? (r.body as unknown as Drafts).drafts[0] : undefined;
    if (draft) {
      setExpiresAt((r.body as unknown as Drafts).expires_at);
      update(id, { text: draft.text, busy: false, error: draft.blocked_word ? t('blocked', { word: draft.blocked_word }) : undefined });
    } else {
      update(id, { busy: false });
      toast.error(r.body.mesaj ?? t('loading'));
    }
  }

  function remove(id: number) {
    setRows((list) => list.filter((r) => r.id !== id));
    onRemove(id);
  }

  const problem = (r: Row) => (!r.text.trim() ? t('empty') : textLength(r.text) > max ? t('tooLong', { max }) : undefined);
  const ready = rows.length > 0 && rows.every((r) => !problem(r) && !r.busy);

  async function approve() {
    if (!body || !ready) return;
    setSending(true);
    try {
      const ids = rows.map((r) => r.id);
      const result = await send({ ...body, profile_ids: ids, comments: rows.map((r) => ({ profile_id: r.id, text: r.text })) });
      if (result?.ok) {
        setOpen(false);
        return;
      }
      const named = [result?.body.profile_id, ...((result?.body.profile_ids as unknown[]) ?? [])].filter((v): v is number => typeof v === 'number');
      if (result && named.length > 0) setRows((list) => list.map((r) => (named.includes(r.id) ? { ...r, error: result.body.mesaj ?? r.error } : r)));
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <Button type="button" variant="secondary" size="lg" onClick={() => void review()} disabled={disabled || loading} data-review-comments className="w-full sm:w-auto">
        <MessageSquareText aria-hidden="true" className="size-4" />
        {t('button')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title={t('title')} description={t('intro')} closeLabel={tc('close')} className="max-w-2xl" data-comment-review>
          {loading ? (
            <p role="status" className="text-small text-muted">
              {t('loading')}
            </p>
          ) : notice ? (
            <p role="alert" className="text-small text-ink" data-review-notice>
              {notice}
            </p>
          ) : rows.length === 0 ? (
            <p className="text-small text-muted">{t('none')}</p>
          ) : (
            <ul className="space-y-4">
              {rows.map((r) => {
                const id = `${baseId}-c${r.id}`;
                const length = textLength(r.text);
                const shown = problem(r) ?? r.error;
                return (
                  <li key={r.id} className="space-y-1" data-review-profile={r.id}>
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <label htmlFor={id} className="min-w-0 truncate text-small font-semibold">
                        {label(r.id)}
                        {byId.get(r.id)?.name ? <span className="ml-2 font-normal text-muted">{byId.get(r.id)!.name}</span> : null}
                      </label>
                      <div className="flex gap-1">
                        <Button type="button" variant="ghost" size="sm" onClick={() => void redraft(r.id)} loading={r.busy} disabled={r.busy || sending} data-redraft>
                          {r.busy ? null : <RefreshCw aria-hidden="true" className="size-4" />}
                          {t('anotherDraft')}
                        </Button>
                        <Button type="button" variant="ghost" size="sm" onClick={() => remove(r.id)} disabled={sending} aria-label={t('removeLabel', { profile: label(r.id) })} data-remove>
                          <X aria-hidden="true" className="size-4" />
                          {t('remove')}
                        </Button>
                      </div>
                    </div>
                    <Textarea
                      id={id}
                      rows={3}
                      value={r.text}
                      aria-invalid={shown ? true : undefined}
                      aria-describedby={`${id}-count${shown ? ` ${id}-error` : ''}`}
                      onChange={(e) => update(r.id, { text: e.target.value, error: undefined })}
                    />
                    <div className="flex items-start justify-between gap-2 text-xs">
                      <p id={`${id}-error`} className="font-medium text-danger" data-review-error>
                        {shown ?? ''}
                      </p>
                      <p id={`${id}-count`} className={length > max ? 'shrink-0 font-medium text-danger' : 'shrink-0 text-muted'} aria-live="polite">
                        {t('counter', { count: length, max })}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-xs text-muted">{expiresAt && rows.length > 0 ? t('expires', { time: format.dateTime(new Date(expiresAt), { timeStyle: 'short' }) }) : ''}</p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
                {t('cancel')}
              </Button>
              <Button type="button" onClick={() => void approve()} disabled={!ready || sending} loading={sending} data-approve-send>
                {sending ? null : <Send aria-hidden="true" className="size-4" />}
                {t('approveSend')}
              </Button>
            </div>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
