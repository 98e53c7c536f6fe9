/** The rotating prompt placeholders' message keys: up to ten per service (§2, §9). */
const KEYS = ['e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7', 'e8', 'e9', 'e10'] as const;

type Translate = { (key: string): string; has(key: string): boolean };

/**
 * The examples a prompt field rotates through: the service's own from `Placeholders.<service>`,
 * else the built-in general list `Placeholders.fallback` (§2), so a prompt service whose catalogue
 * has no examples yet still shows helpful ones, never a raw key or an empty field.
 */
export function promptExamples(t: Translate, service: string): string[] {
  const own = KEYS.map((k) => `Placeholders.${service}.${k}`).filter((k) => t.has(k));
  const keys = own.length > 0 ? own : KEYS.map((k) => `Placeholders.fallback.${k}`).filter((k) => t.has(k));
  return keys.map((k) => t(k));
}
