// §3 registration's profession choices, without zod: the register tab shows them with the page and
// loads the schemas (account-fields.ts re-exports this) when the form is first checked.
export const PROFESSIONS = ['Sosyal Medya Uzmanı', 'İşletme Sahibi', 'Influencer', 'Diğer'] as const;
