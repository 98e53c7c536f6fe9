import { z } from 'zod';
import { PLATFORMS, type Platform } from '@/lib/domain/catalogue/services';
import { id, int, text } from '@/lib/infra/validation';

/** §3 profession options (the stored value is the Turkish text, as the registration form sends it). */
export const PROFESSIONS = ['Sosyal Medya Uzmanı', 'İşletme Sahibi', 'Influencer', 'Diğer'] as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD = 6;

/** An optional text field, empty when left out (text() refuses NUL and lone surrogates). */
const field = (max: number) => text({ max }).default('');

/**
 * POST /users (§5 admin create user): name, e-mail and password required ('Ad, email ve şifre
 * zorunludur.'), the confirmation matches when sent ('Şifreler eşleşmiyor.'), at least 6
 * characters ('Şifre en az 6 karakter olmalıdır.'). `ad` and `ad_soyad` are the same name (§7 sends both).
 */
export const createUserSchema = z
  .object({
    ad: field(120),
    ad_soyad: field(120),
    email: field(254).transform((v) => v.toLowerCase()),
    telefon: field(32),
    meslek: field(60),
    sifre: text({ max: 200, trim: false }).default(''),
    sifre_tekrar: text({ max: 200, trim: false }).optional(),
    rol: z.enum(['user', 'admin']).default('user'),
  })
  .superRefine((v, ctx) => {
    const name = v.ad_soyad || v.ad;
    if (!name || !v.email || !v.sifre) {
      ctx.addIssue({ code: 'custom', message: 'AdminValidation.userRequired', path: [!name ? 'ad' : !v.email ? 'email' : 'sifre'] });
      return;
    }
    if (!EMAIL.test(v.email)) ctx.addIssue({ code: 'custom', message: 'AdminValidation.emailInvalid', path: ['email'] });
    if (v.sifre_tekrar !== undefined && v.sifre !== v.sifre_tekrar) {
      ctx.addIssue({ code: 'custom', message: 'AdminValidation.passwordMismatch', path: ['sifre_tekrar'] });
    }
    if (v.sifre.length < MIN_PASSWORD) ctx.addIssue({ code: 'custom', message: 'AdminValidation.passwordMin', path: ['sifre'] });
    if (v.meslek && !(PROFESSIONS as readonly string[]).includes(v.meslek)) {
      ctx.addIssue({ code: 'custom', message: 'AdminValidation.professionInvalid', path: ['meslek'] });
    }
  });
export type CreateUserInput = z.output<typeof createUserSchema>;

/**
 * PUT /users/{id} (§5 edit user: name and e-mail required). Fields left out keep their value;
 * a non-empty `sifre` sets a new password (same rules as on creation).
 */
export const updateUserSchema = z
  .object({
    ad: field(120),
    ad_soyad: field(120),
    email: field(254).transform((v) => v.toLowerCase()),
    telefon: text({ max: 32 }).optional(),
    meslek: text({ max: 60 }).optional(),
    rol: z.enum(['user', 'admin']).optional(),
    aktif: z.boolean().optional(),
    sifre: text({ max: 200, trim: false }).optional(),
    sifre_tekrar: text({ max: 200, trim: false }).optional(),
  })
  .superRefine((v, ctx) => {
    const name = v.ad_soyad || v.ad;
    if (!name || !v.email) {
      ctx.addIssue({ code: 'custom', message: 'AdminValidation.userEditRequired', path: [!name ? 'ad' : 'email'] });
      return;
    }
    if (!EMAIL.test(v.email)) ctx.addIssue({ code: 'custom', message: 'AdminValidation.emailInvalid', path: ['email'] });
    if (v.sifre) {
      if (v.sifre_tekrar !== undefined && v.sifre !== v.sifre_tekrar) {
        ctx.addIssue({ code: 'custom', message: 'AdminValidation.passwordMismatch', path: ['sifre_tekrar'] });
      }
      if (v.sifre.length < MIN_PASSWORD) ctx.addIssue({ code: 'custom', message: 'AdminValidation.passwordMin', path: ['sifre'] });
    }
    if (v.meslek && !(PROFESSIONS as readonly string[]).includes(v.meslek)) {
      ctx.addIssue({ code: 'custom', message: 'AdminValidation.professionInvalid', path: ['meslek'] });
    }
  });
export type UpdateUserInput = z.output<typeof updateUserSchema>;

/** A comma-joined list (§3 "platform (comma-joined list)") or an array, of known platforms. */
const platformList = z
  .union([text({ max: 200 }), z.array(text({ max: 20 })).max(10)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((p) => p.trim().toLowerCase()).filter(Boolean))
  .pipe(
    z
      .array(z.enum(PLATFORMS, { message: 'AdminValidation.platformUnknown' }))
      .min(1, { message: 'AdminValidation.platformRequired' }),
  );

const optionalDate = z
  .union([text({ max: 40 }), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v.trim() === '') return undefined;
    const d = new Date(v);
    // Dates outside 2000–2999 are typing mistakes (and beyond PostgreSQL's range at the extremes).
    if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 2000 || d.getUTCFullYear() > 2999) {
      ctx.addIssue({ code: 'custom', message: 'AdminValidation.dateInvalid' });
      return z.NEVER;
    }
    return d;
  });

/** POST /kullanici-paketleri {kullanici_id, paket_id, platform, baslangic_tarihi, bitis_tarihi}. */
export const assignPackagesSchema = z.object({
  kullanici_id: id('AdminValidation.userRequiredForAssign'),
  paket_id: id('AdminValidation.packageRequired'),
  platform: z.union([text({ max: 200 }), z.array(text({ max: 20 })).max(10), z.undefined(), z.null()]).transform((v) => v ?? '').pipe(platformList),
  baslangic_tarihi: optionalDate,
  bitis_tarihi: optionalDate,
});
export type AssignPackagesInput = z.output<typeof assignPackagesSchema> & { platform: Platform[] };

/** The filters and order of the back office's users list (GET /users/with-packages and /rooting/users). */
export const userListFilters = {
  q: text({ max: 100 }).optional(),
  sort: z.enum(['created', 'balance', 'name']).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
  rol: z.enum(['user', 'admin']).optional(),
  durum: z.enum(['aktif', 'pasif']).optional(),
  paket: z.enum(['var', 'yok']).optional(),
};

/**
 * GET /users/with-packages?q=&sort=&dir=&rol=&durum=&paket=&limit=&offset=: with any of them, one
 * page of the search (limit 24 and offset 0 by default); without them null, meaning every user.
 */
export const userListQuerySchema = z
  .object({
    ...userListFilters,
    limit: int({ min: 1, max: 100 }).optional(),
    offset: int({ min: 0, max: 1_000_000 }).optional(),
  })
  .transform((v) => {
    const { limit, offset, ...filters } = v;
    if (limit === undefined && offset === undefined && Object.values(filters).every((f) => f === undefined)) return null;
    return { ...filters, limit: limit ?? 24, offset: offset ?? 0 };
  });

/**
 * /rooting/users?q=&sort=&dir=&rol=&durum=&paket=&page=: the same filters read from the page's
 * address, where an unknown value (an old link, a typo) falls back to its default instead of failing.
 */
export const userListPageSchema = z.object({
  // A long search is cut to its first 100 characters; NUL or a lone surrogate drops the search.
  q: z.preprocess((v) => (Array.isArray(v) ? v[0] : typeof v === 'string' ? v.trim().slice(0, 100) : v), text({ max: 100 }).optional()).catch(undefined),
  sort: userListFilters.sort.catch(undefined),
  dir: userListFilters.dir.catch(undefined),
  rol: userListFilters.rol.catch(undefined),
  durum: userListFilters.durum.catch(undefined),
  paket: userListFilters.paket.catch(undefined),
  page: int({ min: 1, max: 10_000 }).optional().catch(undefined),
});
export type UserListPage = z.output<typeof userListPageSchema>;
