import type { ReactNode } from 'react';

// Baseline for `npm run bench` (see page.tsx).
export default function BenchLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
