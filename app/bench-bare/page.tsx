import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { env } from '@/env';

// Baseline for `npm run bench`: a bare dynamic server-rendered page in the same build, to
// compare /service/retweet against. Off unless BENCH_ROUTES=1.
export const metadata = { robots: { index: false } };

export default async function BenchBarePage() {
  await connection();
  if (env.BENCH_ROUTES !== '1') notFound();
  return (
    <main>
      <h1>Baseline</h1>
      <p>{new Date().toISOString()}</p>
    </main>
  );
}
