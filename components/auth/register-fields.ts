/**
 * The register form's fields in the order a person meets them, with the id of each one's control
 * (pure, so the focus order is unit-tested without a DOM).
 */
export const REGISTER_FIELD_IDS = {
  ad_soyad: 'register-name',
  email: 'register-email',
  telefon: 'register-phone',
  meslek: 'register-profession',
  sifre: 'register-password',
  sifre_tekrar: 'register-password2',
  terms: 'register-terms',
} as const;

export type RegisterField = keyof typeof REGISTER_FIELD_IDS;

export const REGISTER_FIELDS = Object.keys(REGISTER_FIELD_IDS) as RegisterField[];

/**
 * The first field of `order` that has an error: where the focus goes after a refused submit
 * (issue #32 item 7). react-hook-form's own choice follows the order the fields were registered
 * in, which is not the screen's (the form registers its password fields before the personal
 * fields render), and skips the phone input, which a Controller owns.
 */
export function firstInvalidField<K extends string>(order: readonly K[], errors: Partial<Record<string, unknown>>): K | undefined {
  return order.find((name) => errors[name] != null);
}

/**
 * The field errors in an answer of POST /api/auth/register: the taken e-mail (409 EMAIL_TAKEN)
 * and each field of a 400 VALIDATION_FAILED (`errors: [{path, mesaj}]`), so the form shows the
 * server's refusal under the field it is about, as it shows its own.
 */
export function registerServerErrors(body: { code?: string; mesaj?: string; errors?: unknown }): Partial<Record<RegisterField, string>> {
  if (body.code === 'EMAIL_TAKEN' && body.mesaj) return { email: body.mesaj };
  if (body.code !== 'VALIDATION_FAILED' || !Array.isArray(body.errors)) return {};
  const found: Partial<Record<RegisterField, string>> = {};
  for (const item of body.errors as { path?: unknown; mesaj?: unknown }[]) {
    const path = item?.path;
    if (typeof path === 'string' && typeof item.mesaj === 'string' && (REGISTER_FIELDS as string[]).includes(path)) found[path as RegisterField] ??= item.mesaj;
  }
  return found;
}
