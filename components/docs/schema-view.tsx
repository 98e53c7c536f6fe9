type Schema = Record<string, unknown>;

/** A JSON Schema as a short line of text: type, allowed values and limits. */
export function describeType(schema: Schema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants && !variants.some((v) => v.properties)) return variants.map(describeType).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : typeof schema.type === 'string' ? schema.type : schema.properties ? 'object' : 'any';
  const limits: string[] = [];
  if (type === 'array' && schema.items) return `array of ${describeType(schema.items as Schema)}`;
  for (const [key, label] of [
    ['minLength', 'min length'],
    ['maxLength', 'max length'],
    ['minimum', 'min'],
    ['maximum', 'max'],
    ['minItems', 'min items'],
    ['maxItems', 'max items'],
    ['pattern', 'pattern'],
    ['format', 'format'],
  ] as const) {
    if (schema[key] !== undefined && !(key === 'maximum' && Number(schema[key]) >= 2 ** 31 - 1) && !(key === 'minimum' && Number(schema[key]) <= -(2 ** 31))) limits.push(`${label} ${String(schema[key])}`);
  }
  return limits.length ? `${type} (${limits.join(', ')})` : type;
}

/**
 * The OpenAPI description is written in English: its texts say so (`lang="en"`) on the tr and de
 * pages, and its names, types and values are code.
 *
 * A JSON Schema rendered as nested lists of fields (server-rendered, no script): objects list
 * their properties, alternatives (oneOf/anyOf) are listed one by one with their titles.
 */
export function SchemaView({ schema, compact = false, depth = 0 }: { schema: Schema; compact?: boolean; depth?: number }) {
  if (compact || depth > 4) return <code className="text-xs text-muted">{describeType(schema)}</code>;
  const all = schema.allOf as Schema[] | undefined;
  if (all) {
    return (
      <div className="space-y-2">
        {all.map((part, i) => (
          <SchemaView key={i} schema={part} depth={depth + 1} />
        ))}
      </div>
    );
  }
  const variants = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (variants && variants.some((v) => v.properties || v.oneOf || v.anyOf || v.type === 'array')) {
    return (
      <ul className="space-y-2 border-l-2 border-line pl-3">
        {variants.map((v, i) => (
          <li key={i} className="space-y-1">
            <code className="text-xs font-semibold text-muted">{variantTitle(v, i)}</code>
            <SchemaView schema={v} depth={depth + 1} />
          </li>
        ))}
      </ul>
    );
  }
  const properties = schema.properties as Record<string, Schema> | undefined;
  if (properties) {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    return (
      <ul className="space-y-1 border-l-2 border-line pl-3">
        {Object.entries(properties).map(([name, prop]) => (
          <li key={name} className="break-words">
            <code className="font-semibold">{name}</code>
            {required.has(name) ? <span className="text-danger">*</span> : null} <code className="text-xs text-muted">{describeType(prop)}</code>
            {typeof prop.description === 'string' ? (
              <span lang="en" className="block text-xs text-muted">
                <InlineCode text={prop.description} />
              </span>
            ) : null}
            {prop.properties || (prop.type === 'array' && (prop.items as Schema | undefined)?.properties) ? (
              <SchemaView schema={(prop.properties ? prop : prop.items) as Schema} depth={depth + 1} />
            ) : null}
          </li>
        ))}
      </ul>
    );
  }
  if (schema.type === 'array' && (schema.items as Schema | undefined)?.properties) return <SchemaView schema={schema.items as Schema} depth={depth + 1} />;
  return (
    <span className="text-xs text-muted">
      <code>{describeType(schema)}</code>
      {typeof schema.description === 'string' ? <span lang="en">{` — ${schema.description}`}</span> : null}
    </span>
  );
}

/** A variant's name: its title, else the constant of its discriminating field (`action: "add"`), else its number. */
function variantTitle(v: Schema, i: number): string {
  if (typeof v.title === 'string') return v.title;
  const props = v.properties as Record<string, Schema> | undefined;
  const constant = props && Object.entries(props).find(([, p]) => typeof p.const === 'string');
  return constant ? `${constant[0]} = ${String(constant[1].const)}` : `#${i + 1}`;
}

/** Text with `code` spans, as the descriptions write them. */
export function InlineCode({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]+`)/).map((part, i) =>
        part.startsWith('`') && part.endsWith('`') && part.length > 2 ? (
          <code key={i} className="rounded bg-surface px-1 font-mono text-[0.9em]">
            {part.slice(1, -1)}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}
