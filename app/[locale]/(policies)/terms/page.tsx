import { policyPage } from '@/app/_lib/policy-page';
import { getDb } from '@/db/client';
import { readOrEmpty } from '@/app/_lib/read-or-empty';
import { readGuarantee } from '@/lib/domain/verification';
import { GuaranteeSection } from '@/components/storefront/guarantee-section';

const page = policyPage('terms', '/terms');
export const generateMetadata = page.generateMetadata;

/** The terms, then the guarantee in words (issue #38 item 5): the same promise and figures as /pricing. */
export default async function TermsPage(props: { params: Promise<{ locale: string }> }) {
  const { locale } = await props.params;
  const db = await getDb();
  const { value: guarantee } = await readOrEmpty(() => readGuarantee(db), { afterMinutes: [], services: [] }, { list: 'guarantee', page: '/terms' });
  return (
    <>
      <page.Page {...props} />
      <div className="mx-auto max-w-3xl">
        <GuaranteeSection guarantee={guarantee} locale={locale} />
      </div>
    </>
  );
}
