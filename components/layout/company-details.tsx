import type { ReactNode } from 'react';
import type { SiteSettings } from '@/lib/domain/settings';

/** The company details of the site settings (issue #32 "Who we are"); '' where the admin left one empty. */
export type CompanyDetails = Pick<SiteSettings, 'sirket_unvani' | 'sirket_adresi' | 'sirket_sicil_no' | 'destek_eposta'>;

export function hasCompanyDetails(company: CompanyDetails): boolean {
  return !!(company.sirket_unvani || company.sirket_adresi || company.sirket_sicil_no || company.destek_eposta);
}

/** The postal address as the lines the admin typed, blank ones dropped. */
export function addressLines(address: string): string[] {
  return address
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * A mailto: link to the support address. The settings schema refuses the characters that would
 * end the address or start a query in the link, so it is used as saved; a long address wraps
 * anywhere rather than widening a 390 px page.
 */
export function SupportEmailLink({ email, className, children }: { email: string; className?: string; children?: ReactNode }) {
  return (
    <a href={`mailto:${email}`} className={className ?? 'wrap-anywhere underline hover:text-ink'}>
      {children ?? email}
    </a>
  );
}
