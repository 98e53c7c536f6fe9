'use client';

import PhoneInput from 'react-phone-number-input';
import tr from 'react-phone-number-input/locale/tr.json';
import en from 'react-phone-number-input/locale/en.json';
import de from 'react-phone-number-input/locale/de.json';
import 'react-phone-number-input/style.css';
import { useLocale } from 'next-intl';
import { inputClass } from './form-field';

const LABELS = { tr, en, de } as const;

/**
 * §5: the phone input defaults to Turkey, always international (+90 …), and the calling code
 * cannot be edited; the country select changes it. The value is E.164 ('+905321234567').
 */
export function PhoneField({
  id,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  countryLabel,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
  countryLabel: string;
}) {
  const locale = useLocale() as keyof typeof LABELS;
  return (
    <PhoneInput
      id={id}
      defaultCountry="TR"
      flagUrl="/flags/{XX}.svg"
      international
      countryCallingCodeEditable={false}
      labels={{ ...(LABELS[locale] ?? en), country: countryLabel }}
      // Sort the country names by the page's language, not the runtime's default: Node (en-US) and a
      // Turkish browser order 'Çad' differently, so the server's and the browser's lists differed (hydration error, issue #15).
      locales={locale}
      value={value || undefined}
      onChange={(v) => onChange(v ?? '')}
      onBlur={onBlur}
      autoComplete="tel"
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className="flex items-center gap-2 [&_.PhoneInputCountry]:min-h-11 [&_.PhoneInputCountrySelect]:cursor-pointer"
      numberInputProps={{ className: inputClass }}
    />
  );
}
