'use client';

import dynamic from 'next/dynamic';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { PROFESSIONS } from '@/lib/infra/validation/professions';
import { errorId } from '@/components/ui/form-field';
import { fieldAria, FormField, inputClass } from './form-field';
import { InputField } from './fields';

// The phone field brings libphonenumber's country data (~50 KB compressed): its own chunk, loaded
// when the field is first shown (the login page carries the register form's code but shows its
// login tab). Server-rendered as usual; until the chunk is there a box of the field's size holds its place.
const PhoneField = dynamic(() => import('./phone-field').then((m) => m.PhoneField), {
  loading: () => <div aria-hidden="true" className={`${inputClass} ml-[2.75rem] w-auto animate-pulse`} />,
});
import { useErrorText } from './use-error-text';

/** Message keys of the §3 profession options (the stored value is the Turkish text). */
const PROFESSION_LABELS: Record<(typeof PROFESSIONS)[number], string> = {
  'Sosyal Medya Uzmanı': 'socialMediaExpert',
  'İşletme Sahibi': 'businessOwner',
  Influencer: 'influencer',
  Diğer: 'other',
};

type PersonalValues = { ad_soyad: string; email: string; telefon: string; meslek: string };

/**
 * Name, e-mail, phone and profession (§5), as registration and the profile settings ask them; ids
 * are `${idPrefix}-name` and so on. Use inside the form's FormProvider.
 */
export function PersonalFields({ idPrefix, emailInputMode }: { idPrefix: string; emailInputMode?: 'email' }) {
  const t = useTranslations('Auth');
  const errorText = useErrorText();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<PersonalValues>();
  const e = {
    ad_soyad: errorText(errors.ad_soyad?.message),
    email: errorText(errors.email?.message),
    telefon: errorText(errors.telefon?.message),
    meslek: errorText(errors.meslek?.message),
  };
  const phoneId = `${idPrefix}-phone`;
  const professionId = `${idPrefix}-profession`;
  return (
    <>
      <InputField id={`${idPrefix}-name`} label={t('fields.fullName')} error={e.ad_soyad} {...register('ad_soyad')} autoComplete="name" />
      <InputField id={`${idPrefix}-email`} label={t('fields.email')} error={e.email} {...register('email')} type="email" autoComplete="email" inputMode={emailInputMode} />
      <FormField id={phoneId} label={t('fields.phone')} error={e.telefon}>
        <Controller
          control={control}
          name="telefon"
          render={({ field }) => (
            <PhoneField
              id={phoneId}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              invalid={!!e.telefon}
              describedBy={e.telefon ? errorId(phoneId) : undefined}
              countryLabel={t('fields.country')}
            />
          )}
        />
      </FormField>
      <FormField id={professionId} label={t('fields.profession')} error={e.meslek}>
        <select {...register('meslek')} {...fieldAria(professionId, e.meslek)} className={inputClass}>
          <option value="">{t('fields.professionPlaceholder')}</option>
          {PROFESSIONS.map((p) => (
            <option key={p} value={p}>
              {t(`professions.${PROFESSION_LABELS[p]}` as never)}
            </option>
          ))}
        </select>
      </FormField>
    </>
  );
}
