'use client';

import { Controller } from 'react-hook-form';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { useRouter } from '@/lib/infra/i18n/navigation';
import { siteSettingsSchema } from '@/lib/domain/settings/schemas';
import { adminApi, errorText } from './admin-api';
import { FormField, inputClass } from './form-field';
import { useFieldError } from './use-field-error';
import { useSchemaForm } from './use-schema-form';
import { useHydrated } from '@/components/ui/use-hydrated';
import { Switch } from '@/components/ui/switch';
import { Button } from '@/components/ui/button';

type Operator = 'karantina_hata_sayisi' | 'takilma_dakika' | 'takilma_azami_dakika' | 'profil_saatlik_limit';
/** Issue #38 item 1: the re-verification times, one text of minutes in the form. */
type Verify = { verify_after_minutes: string };
/** Issue #37: seconds between two polls of one watch. */
type Watch = { watch_poll_seconds: string };
/** The company details (issue #32 "Who we are"), plain text fields. */
type Company = 'sirket_unvani' | 'sirket_adresi' | 'sirket_sicil_no' | 'destek_eposta';
/** Issue #36 item 6: the blocked words' languages, `*` for every language; the form holds one word or phrase per line. */
const BLOCKED_LANGS = ['tr', 'en', 'de', '*'] as const;
type BlockedLang = (typeof BLOCKED_LANGS)[number];
type Comments = { yasakli_kelimeler: Record<BlockedLang, string>; yorum_taslak_dakika: string };
type Values = Comments & { site_adi: string; site_aciklama: string; head_etiketleri: string; site_logo: string; site_favicon: string; cooldown_saniye: string; twitter_min_profil: string; require_admin_2fa: boolean } & Record<Operator, string> & Record<Company, string> & Verify & Watch;
export type SettingsValues = { yasakli_kelimeler: Record<BlockedLang, string[]>; yorum_taslak_dakika: number } & { site_adi: string; site_aciklama: string; head_etiketleri: string; site_logo: string; site_favicon: string; cooldown_saniye: number; twitter_min_profil: number; require_admin_2fa: boolean } & Record<Operator, number> & Record<Company, string> & { verify_after_minutes: number[]; watch_poll_seconds: number };

/** /rooting/settings (§2): the general settings form with one save button, including the admin two-factor rule and the company details. */
export function SettingsForm({ settings }: { settings: SettingsValues }) {
  const t = useTranslations('Admin.settings');
  const tc = useTranslations('Admin.common');
  const locale = useLocale();
  const router = useRouter();
  // No native submit before hydration (components/ui/use-hydrated.ts).
  const hydrated = useHydrated();
  const fieldError = useFieldError();
  const { register, handleSubmit, formState, control } = useSchemaForm<Values>(siteSettingsSchema, {
    defaultValues: {
      ...settings,
      cooldown_saniye: String(settings.cooldown_saniye),
      twitter_min_profil: String(settings.twitter_min_profil),
      karantina_hata_sayisi: String(settings.karantina_hata_sayisi),
      takilma_dakika: String(settings.takilma_dakika),
      takilma_azami_dakika: String(settings.takilma_azami_dakika),
      profil_saatlik_limit: String(settings.profil_saatlik_limit),
      yasakli_kelimeler: Object.fromEntries(BLOCKED_LANGS.map((l) => [l, (settings.yasakli_kelimeler[l] ?? []).join('\n')])) as Record<BlockedLang, string>,
      yorum_taslak_dakika: String(settings.yorum_taslak_dakika),
      verify_after_minutes: settings.verify_after_minutes.join(', '),
      watch_poll_seconds: String(settings.watch_poll_seconds),
    },
  });

  async function save(values: unknown) {
    try {
      await adminApi('/api/site-ayar', { method: 'PUT', body: values, locale, fallback: t('failed') });
      toast.success(t('saved'));
      router.refresh();
    } catch (e) {
      toast.error(errorText(e, t('failed')));
    }
  }

  // Issue #36 item 6: one textarea per language of the blocked words.
  const blockedError = (l: BlockedLang) => fieldError(formState.errors.yasakli_kelimeler?.[l]?.message);
  const blocked = (l: BlockedLang) => {
    const id = `settings-blocked-${l === '*' ? 'all' : l}`;
    return {
      ...register(`yasakli_kelimeler.${l}` as 'yasakli_kelimeler.tr'),
      id,
      'aria-invalid': !!formState.errors.yasakli_kelimeler?.[l],
      'aria-describedby': formState.errors.yasakli_kelimeler?.[l] ? `${id}-error` : 'settings-comments-hint',
      className: inputClass,
    };
  };

  const f = (name: keyof Values) => ({
    ...register(name),
    id: `settings-${name}`,
    'aria-invalid': !!formState.errors[name],
    'aria-describedby': formState.errors[name] ? `settings-${name}-error` : `settings-${name}-hint`,
    className: inputClass,
  });
  const err = (name: keyof Values) => fieldError(formState.errors[name]?.message);
  const hint = (name: keyof Values, text: string) => (
    <p id={`settings-${name}-hint`} className="text-xs text-muted">
      {text}
    </p>
  );

  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title" className="mb-4 text-2xl font-bold">
        {t('title')}
      </h1>
      <form onSubmit={handleSubmit(save)} noValidate className="flex flex-col gap-4 rounded-lg bg-card p-4 shadow-sm">
        <FormField id="settings-site_adi" label={t('siteName')} error={err('site_adi')}>
          <input {...f('site_adi')} />
          {hint('site_adi', t('siteNameHint'))}
        </FormField>
        <FormField id="settings-site_aciklama" label={t('description')} error={err('site_aciklama')}>
          <textarea rows={3} {...f('site_aciklama')} />
          {hint('site_aciklama', t('descriptionHint'))}
        </FormField>
        <FormField id="settings-head_etiketleri" label={t('headTags')} error={err('head_etiketleri')}>
          <textarea rows={5} {...f('head_etiketleri')} className={`${inputClass} font-mono`} spellCheck={false} />
          {hint('head_etiketleri', t('headTagsHint'))}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="settings-site_logo" label={t('logo')} error={err('site_logo')}>
            <input {...f('site_logo')} inputMode="url" />
            {hint('site_logo', t('urlHint'))}
          </FormField>
          <FormField id="settings-site_favicon" label={t('favicon')} error={err('site_favicon')}>
            <input {...f('site_favicon')} inputMode="url" />
            {hint('site_favicon', t('urlHint'))}
          </FormField>
        </div>
        {/* autoComplete off: these fields describe the company, not the admin the browser would fill in. */}
        <fieldset aria-describedby="settings-company-hint" className="flex flex-col gap-4 rounded-md border border-line p-3">
          <legend className="px-1 text-sm font-semibold">{t('company')}</legend>
          <p id="settings-company-hint" className="text-xs text-muted">
            {t('companyHint')}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="settings-sirket_unvani" label={t('legalName')} error={err('sirket_unvani')}>
              <input {...f('sirket_unvani')} autoComplete="off" />
              {hint('sirket_unvani', t('legalNameHint'))}
            </FormField>
            <FormField id="settings-sirket_sicil_no" label={t('registrationNumber')} error={err('sirket_sicil_no')}>
              <input {...f('sirket_sicil_no')} autoComplete="off" spellCheck={false} />
              {hint('sirket_sicil_no', t('registrationNumberHint'))}
            </FormField>
          </div>
          <FormField id="settings-sirket_adresi" label={t('address')} error={err('sirket_adresi')}>
            <textarea rows={3} {...f('sirket_adresi')} autoComplete="off" />
            {hint('sirket_adresi', t('addressHint'))}
          </FormField>
          <FormField id="settings-destek_eposta" label={t('supportEmail')} error={err('destek_eposta')}>
            <input {...f('destek_eposta')} type="email" inputMode="email" autoComplete="off" spellCheck={false} />
            {hint('destek_eposta', t('supportEmailHint'))}
          </FormField>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField id="settings-cooldown_saniye" label={t('cooldown')} error={err('cooldown_saniye')}>
            <input {...f('cooldown_saniye')} type="number" min={0} step={1} />
            {hint('cooldown_saniye', t('cooldownHint'))}
          </FormField>
          <FormField id="settings-twitter_min_profil" label={t('minProfiles')} error={err('twitter_min_profil')}>
            <input {...f('twitter_min_profil')} type="number" min={1} step={1} />
            {hint('twitter_min_profil', t('minProfilesHint'))}
          </FormField>
          <FormField id="settings-profil_saatlik_limit" label={t('hourlyCap')} error={err('profil_saatlik_limit')}>
            <input {...f('profil_saatlik_limit')} type="number" min={0} step={1} />
            {hint('profil_saatlik_limit', t('hourlyCapHint'))}
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField id="settings-karantina_hata_sayisi" label={t('quarantineAfter')} error={err('karantina_hata_sayisi')}>
            <input {...f('karantina_hata_sayisi')} type="number" min={1} step={1} />
            {hint('karantina_hata_sayisi', t('quarantineAfterHint'))}
          </FormField>
          <FormField id="settings-takilma_dakika" label={t('stuckAfter')} error={err('takilma_dakika')}>
            <input {...f('takilma_dakika')} type="number" min={1} step={1} />
            {hint('takilma_dakika', t('stuckAfterHint'))}
          </FormField>
          <FormField id="settings-takilma_azami_dakika" label={t('stuckMax')} error={err('takilma_azami_dakika')}>
            <input {...f('takilma_azami_dakika')} type="number" min={1} step={1} />
            {hint('takilma_azami_dakika', t('stuckMaxHint'))}
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="sm:col-span-2">
            <FormField id="settings-verify_after_minutes" label={t('verifyAfter')} error={err('verify_after_minutes')}>
              <input {...f('verify_after_minutes')} inputMode="numeric" autoComplete="off" />
              {hint('verify_after_minutes', t('verifyAfterHint'))}
            </FormField>
          </div>
          <FormField id="settings-watch_poll_seconds" label={t('watchPoll')} error={err('watch_poll_seconds')}>
            <input {...f('watch_poll_seconds')} type="number" min={5} max={86400} step={1} />
            {hint('watch_poll_seconds', t('watchPollHint'))}
          </FormField>
        </div>
        <fieldset aria-describedby="settings-comments-hint" className="flex flex-col gap-4 rounded-md border border-line p-3" data-settings-comments>
          <legend className="px-1 text-sm font-semibold">{t('comments')}</legend>
          <p id="settings-comments-hint" className="text-xs text-muted">
            {t('commentsHint')}
          </p>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {BLOCKED_LANGS.map((l) => (
              <FormField key={l} id={`settings-blocked-${l === '*' ? 'all' : l}`} label={t(`blockedWords.${l === '*' ? 'all' : l}`)} error={blockedError(l)}>
                <textarea rows={5} {...blocked(l)} spellCheck={false} />
              </FormField>
            ))}
          </div>
          <FormField id="settings-yorum_taslak_dakika" label={t('draftMinutes')} error={err('yorum_taslak_dakika')}>
            <input {...f('yorum_taslak_dakika')} type="number" min={1} max={1440} step={1} />
            {hint('yorum_taslak_dakika', t('draftMinutesHint'))}
          </FormField>
        </fieldset>
        <div className="flex items-start justify-between gap-4 rounded-md border border-line p-3">
          <div className="space-y-1">
            <label htmlFor="settings-require_admin_2fa" className="text-sm font-medium">
              {t('requireAdmin2fa')}
            </label>
            {hint('require_admin_2fa', t('requireAdmin2faHint'))}
          </div>
          <Controller
            control={control}
            name="require_admin_2fa"
            render={({ field }) => (
              <Switch
                id="settings-require_admin_2fa"
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                aria-describedby="settings-require_admin_2fa-hint"
                className="mt-1"
              />
            )}
          />
        </div>
        <div>
          <Button type="submit" variant="primary" disabled={formState.isSubmitting || !hydrated}>
            {formState.isSubmitting ? tc('saving') : tc('save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
