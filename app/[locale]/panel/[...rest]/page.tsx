import { redirect } from '@/lib/infra/i18n/navigation';

type Props = { params: Promise<{ locale: string }> };

/** §2: any unknown path under /panel redirects to /. */
export default async function UnknownPanelPath({ params }: Props) {
  const { locale } = await params;
  redirect({ href: '/', locale });
}
