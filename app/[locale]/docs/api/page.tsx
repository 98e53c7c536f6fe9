import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { publicUrl } from '@/env';
import { buildOpenApi, type Operation } from '@/app/api/_lib/openapi/build-openapi';
import { ROUTE_MODULES } from '@/app/api/_lib/openapi/manifest';
import { InlineCode, SchemaView } from '@/components/docs/schema-view';
import { cardVariants } from '@/components/ui/card';
import { requestSessionUser } from '@/app/_lib/request-data';
import { isAdminSession } from '@/lib/domain/credentials';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'ApiDocs' });
  return { title: t('title') };
}

const METHOD_CLASS: Record<string, string> = {
  get: 'bg-brand-soft text-brand',
  post: 'bg-success text-on-fill',
  put: 'bg-warning text-on-fill',
  patch: 'bg-warning text-on-fill',
  delete: 'bg-danger text-on-fill',
};

/**
 * /docs/api: the API reference, rendered on the server from the same OpenAPI description as
 * GET /api/openapi.json (no script, nothing from another host). One disclosure per operation:
 * its auth level, parameters, body and answers. The admin's endpoints are listed to an admin
 * session only (issue #32): visitors and customers see the public, customer and reseller ones.
 */
export default async function ApiDocsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('ApiDocs');
  const [doc, viewer] = await Promise.all([buildOpenApi(ROUTE_MODULES, { serverUrl: publicUrl() }), requestSessionUser()]);
  const showAdmin = isAdminSession(viewer);
  const groups = new Map<string, { path: string; method: string; op: Operation }[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (op!['x-auth'] === 'admin' && !showAdmin) continue;
      const tag = op!.tags[0] ?? 'api';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ path, method, op: op! });
    }
  }
  const tags = [...groups.keys()].sort((a, b) => (a === 'v2' ? -1 : b === 'v2' ? 1 : a.localeCompare(b)));

  return (
    <article className="mx-auto max-w-4xl space-y-8">
      <header className="space-y-3">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="text-muted">{t('intro')}</p>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>
            {t('jsonText')}{' '}
            <a href="/api/openapi.json" className="font-medium text-brand underline underline-offset-2">
              /api/openapi.json
            </a>
          </li>
          <li>{t('resellerText')}</li>
          <li>{t('errorsText')}</li>
        </ul>
      </header>

      {tags.map((tag) => (
        <section key={tag} aria-labelledby={`tag-${tag}`} className="space-y-3">
          <h2 id={`tag-${tag}`} className="text-lg font-semibold">
            /api/{tag}
          </h2>
          <ul className="space-y-2">
            {groups.get(tag)!.map(({ path, method, op }) => (
              <li key={`${method} ${path}`}>
                <details className={cardVariants('group')}>
                  <summary className="flex min-h-11 cursor-pointer list-none flex-wrap items-center gap-2 p-3">
                    <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold uppercase ${METHOD_CLASS[method] ?? 'bg-line text-ink'}`}>{method}</span>
                    <code className="min-w-0 wrap-anywhere text-sm font-semibold">{path}</code>
                    <span className="ml-auto rounded-full border border-line px-2 py-0.5 text-xs text-muted">{t(`auth.${op['x-auth'] as 'public'}`)}</span>
                  </summary>
                  <div className="space-y-4 border-t border-line p-3 text-sm">
                    {op.summary !== `${method.toUpperCase()} ${path}` ? <p lang="en" className="font-medium">
                        <InlineCode text={op.summary} />
                      </p> : null}
                    {op.description ? (
                      <p lang="en" className="whitespace-pre-line text-muted">
                        <InlineCode text={op.description} />
                      </p>
                    ) : null}
                    {op.parameters?.length ? (
                      <div className="space-y-1">
                        <h3 className="font-semibold">{t('parameters')}</h3>
                        <ul className="space-y-1">
                          {op.parameters.map((p) => (
                            <li key={`${p.in}-${p.name}`} className="break-words">
                              <code className="font-semibold">{p.name}</code> <span className="text-muted">({t(`in.${p.in}`)}{p.required ? `, ${t('required')}` : ''})</span>{' '}
                              <SchemaView schema={p.schema} compact />
                            </li>
                          ))}
                        </ul>
                      </div>
                    ) : null}
                    {op.requestBody ? (
                      <div className="space-y-1">
                        <h3 className="font-semibold">
                          {t('body')} <span className="font-normal text-muted">({Object.keys(op.requestBody.content).join(', ')})</span>
                        </h3>
                        <SchemaView schema={Object.values(op.requestBody.content)[0]!.schema} />
                      </div>
                    ) : null}
                    <div className="space-y-1">
                      <h3 className="font-semibold">{t('responses')}</h3>
                      <ul className="space-y-2">
                        {Object.entries(op.responses).map(([status, response]) => {
                          const r = response as { description?: string; $ref?: string; content?: Record<string, { schema: Record<string, unknown> }> };
                          const schema = r.content ? Object.values(r.content)[0]?.schema : undefined;
                          return (
                            <li key={status}>
                              <code className="font-semibold">{status}</code> <span className="text-muted" lang={r.description ? 'en' : undefined}>{r.description ?? (r.$ref ? t('errorShape') : '')}</span>
                              {schema && !('$ref' in schema) ? <SchemaView schema={schema} /> : null}
                            </li>
                          );
                        })}
                      </ul>
                    </div>
                  </div>
                </details>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  );
}
