'use client';

import { LoadError } from '@/components/admin/load-error';

export default function RootingError({ reset }: { error: Error; reset: () => void }) {
  return <LoadError messageKey="errors.watchesLoadFailed" reset={reset} />;
}
